import Foundation
import KadrPersistence

/// A place where both sides changed the same thing differently, resolved to one side.
///
/// For the person, ``sentence`` says it in words and units: `clip “c2”, volume: yours 20 %,
/// theirs 70 % (was 100 %); kept yours`. For a program, ``pointer`` is the place in the
/// document and ``base``, ``ours`` and ``theirs`` the values as JSON.
public struct MergeConflict: Sendable, Hashable, Codable, Identifiable, CustomStringConvertible {
  /// What clashed.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Both sides changed the same field to different values.
    case bothChanged
    /// One side deleted a value the other side changed.
    case deletedAndChanged
    /// Both sides added a value with the same identity but different content.
    case bothAdded
  }

  /// What clashed.
  public let kind: Kind
  /// Where, as a JSON pointer into ours (into theirs for a value only theirs has).
  public let pointer: String
  /// The value the field belongs to, as a person names it: `clip “hero”`, `preset`.
  public let label: String
  /// The field that clashed, relative to the value the label names, as a JSON pointer
  /// (`/volumeLevel`, `/trimRange/duration`); empty when the whole value clashed.
  public let field: String
  /// The value in the base, `nil` when absent.
  public let base: JSONValue?
  /// Our value, `nil` when deleted or absent.
  public let ours: JSONValue?
  /// Their value, `nil` when deleted or absent.
  public let theirs: JSONValue?
  /// The side the merged document took.
  public let resolution: MergeSide

  /// Creates a conflict.
  ///
  /// - Parameters:
  ///   - kind: What clashed.
  ///   - pointer: Where.
  ///   - label: The value the field belongs to.
  ///   - field: The field within that value, as a relative JSON pointer (empty for all of it).
  ///   - base: The base value.
  ///   - ours: Our value.
  ///   - theirs: Their value.
  ///   - resolution: The side taken.
  public init(
    kind: Kind, pointer: String, label: String, field: String = "", base: JSONValue?,
    ours: JSONValue?, theirs: JSONValue?, resolution: MergeSide
  ) {
    self.kind = kind
    self.pointer = pointer
    self.label = label
    self.field = field
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.resolution = resolution
  }

  /// The conflict's identity, the same each time the same clash is found: its kind and place.
  /// ``ConflictChoices`` names conflicts by it.
  public var id: String { kind.rawValue + " " + pointer }

  /// The field in words: `volume`, `trim duration`, `filter 1 amount`; empty for the whole value.
  public var fieldName: String { ConflictText.fieldName(field) }

  /// Our value in the person's units: `4 s`, `20 %`, `“Intro”`, `deleted`.
  public var oursText: String { ConflictText.value(ours, field: field, absent: absentWord) }
  /// Their value in the person's units.
  public var theirsText: String { ConflictText.value(theirs, field: field, absent: absentWord) }
  /// The base value in the person's units (`none` when the base lacked it).
  public var baseText: String { ConflictText.value(base, field: field, absent: "none") }

  /// What the two sides did, without the side kept: `clip “c2”, volume: yours 20 %, theirs
  /// 70 % (was 100 %)`, or `clip “c1”: you deleted it, they changed it`. The words for a person
  /// choosing between the two (a save that was refused kept neither).
  public var disagreement: String {
    let subject = fieldName.isEmpty ? label : "\(label), \(fieldName)"
    switch kind {
    case .deletedAndChanged:
      let what = ours == nil ? "you deleted it, they changed it" : "they deleted it, you changed it"
      return "\(subject): \(what)"
    case .bothAdded:
      return "\(subject): both added it differently"
    case .bothChanged:
      let was = base == nil ? "" : " (was \(baseText))"
      return "\(subject): yours \(oursText), theirs \(theirsText)\(was)"
    }
  }

  /// One sentence for the person: the ``disagreement`` and the side the merge kept, `clip “c2”,
  /// volume: yours 20 %, theirs 70 % (was 100 %); kept yours`.
  public var sentence: String {
    disagreement + "; kept " + (resolution == .ours ? "yours" : "theirs")
  }

  /// The sentence and the place: `clip “c2”, volume: yours 20 %, theirs 70 % (was 100 %); kept
  /// yours [/video/clips/2/video/_0/volumeLevel]`.
  public var description: String { "\(sentence) [\(pointer)]" }

  private var absentWord: String { kind == .deletedAndChanged ? "deleted" : "none" }

  private enum CodingKeys: String, CodingKey {
    case kind, pointer, label, field, base, ours, theirs, resolution
  }

  /// Decodes a conflict; `field` may be absent (conflicts written before it existed).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a required member is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(Kind.self, forKey: .kind)
    pointer = try container.decode(String.self, forKey: .pointer)
    label = try container.decode(String.self, forKey: .label)
    field = try container.decodeIfPresent(String.self, forKey: .field) ?? ""
    base = try container.decodeIfPresent(JSONValue.self, forKey: .base)
    ours = try container.decodeIfPresent(JSONValue.self, forKey: .ours)
    theirs = try container.decodeIfPresent(JSONValue.self, forKey: .theirs)
    resolution = try container.decode(MergeSide.self, forKey: .resolution)
  }
}
