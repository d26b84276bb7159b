import Foundation
import KadrPersistence

/// A place where both sides changed the same thing differently, resolved to one side.
public struct MergeConflict: Sendable, Hashable, Codable, CustomStringConvertible {
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
  ///   - base: The base value.
  ///   - ours: Our value.
  ///   - theirs: Their value.
  ///   - resolution: The side taken.
  public init(
    kind: Kind, pointer: String, label: String, base: JSONValue?, ours: JSONValue?,
    theirs: JSONValue?, resolution: MergeSide
  ) {
    self.kind = kind
    self.pointer = pointer
    self.label = label
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.resolution = resolution
  }

  /// One line: `conflict at /video/clips/2/…: both sides changed clip “hero”; kept ours`.
  public var description: String {
    let what =
      switch kind {
      case .bothChanged: "both sides changed \(label)"
      case .deletedAndChanged:
        ours == nil
          ? "ours deleted \(label), theirs changed it" : "theirs deleted \(label), ours changed it"
      case .bothAdded: "both sides added \(label) differently"
      }
    let sides = [("base", base), ("ours", ours), ("theirs", theirs)].map { name, value in
      "\(name) \(value.map(Self.rendered) ?? "(absent)")"
    }
    return "conflict at \(pointer): \(what) (\(sides.joined(separator: ", "))); kept "
      + resolution.rawValue
  }

  /// A value as compact JSON (control characters escaped, so it is safe on a terminal), cut at
  /// 160 characters.
  static func rendered(_ value: JSONValue) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "(unprintable)" }
    let text = String(decoding: data, as: UTF8.self)
    return text.count > 160 ? String(text.prefix(159)) + "…" : text
  }
}
