import Foundation
import KadrModel

/// Where a value being saved is, for the location of a loss found inside it: a clip or
/// overlay's identity when it has one (`clip “hero”`), else its list and index (`clips[3]`),
/// with the codec's label for the value (`clips[3] (video a.mov)`).
///
/// Every clip and overlay saved pushes one; its text is made only when a loss is recorded.
struct LossPlace: CustomStringConvertible {
  /// `clip` or `overlay`.
  let noun: StaticString
  /// The clip's or overlay's identity.
  let id: String?
  /// The list the value is in.
  let list: JSONPointer
  /// Its index in the list.
  let index: Int
  /// The value and its codec, for the codec's label (`video a.mov`) when it has no identity.
  private let subject: LossSubject?

  init(
    noun: StaticString, id: String?, list: JSONPointer, index: Int,
    subject: LossSubject? = nil
  ) {
    self.noun = noun
    self.id = id
    self.list = list
    self.index = index
    self.subject = subject
  }

  /// For a person using the app: the identity, or the position as an ordinal (`the 4th clip
  /// (video a.mov)`), which reads as a count from one beside the developer's index from zero
  /// (`clips[3]`), where "clip 4" read as either.
  var forUser: String {
    if let id { return "\(noun) “\(id)”" }
    let numbered = "the \(Self.ordinal(index + 1)) \(noun)"
    return subject?.label.map { "\(numbered) (\($0))" } ?? numbered
  }

  /// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `12th`, `13th`, … `21st`.
  static func ordinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }

  var description: String {
    if let id { return "\(noun) “\(id)”" }
    let indexed = "\(list.lastKey ?? "items")[\(index)]"
    return subject?.label.map { "\(indexed) (\($0))" } ?? indexed
  }
}

/// The clip or overlay a ``LossPlace`` is about, with its codec (for its label, made lazily).
enum LossSubject {
  case clip(any Clip, RegisteredCodec<any Clip>)
  case overlay(any Overlay, RegisteredCodec<any Overlay>)

  /// The codec's label for the value.
  var label: String? {
    switch self {
    case .clip(let clip, let codec): codec.label(clip)
    case .overlay(let overlay, let codec): codec.label(overlay)
    }
  }
}
