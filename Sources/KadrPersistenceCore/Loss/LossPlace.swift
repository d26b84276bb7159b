import Foundation

/// Where a value being saved is, for the location of a loss found inside it: a clip or
/// overlay's identity when it has one (`clip “hero”`), else its list and index (`clips[3]`),
/// with the codec's label for the value (`clips[3] (video a.mov)`).
///
/// Every clip and overlay saved pushes one; the text (and the label) is made only when a loss is
/// recorded, so a save without loss formats none.
struct LossPlace: CustomStringConvertible {
  /// `clip` or `overlay`.
  let noun: StaticString
  /// The clip's or overlay's identity.
  let id: String?
  /// The list the value is in.
  let list: JSONPointer
  /// Its index in the list.
  let index: Int
  /// Makes the codec's label for the value (`video a.mov`), used when it has no identity.
  private let label: (() -> String?)?

  init(
    noun: StaticString, id: String?, list: JSONPointer, index: Int,
    label: (() -> String?)? = nil
  ) {
    self.noun = noun
    self.id = id
    self.list = list
    self.index = index
    self.label = label
  }

  /// For a person using the app: the identity, or the 1-based position (`clip 4 (video a.mov)`).
  var forUser: String {
    if let id { return "\(noun) “\(id)”" }
    let numbered = "\(noun) \(index + 1)"
    return label?().map { "\(numbered) (\($0))" } ?? numbered
  }

  var description: String {
    if let id { return "\(noun) “\(id)”" }
    let indexed = "\(list.lastKey ?? "items")[\(index)]"
    return label?().map { "\(indexed) (\($0))" } ?? indexed
  }
}
