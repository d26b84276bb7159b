import Foundation

/// A Final Cut Pro–style role: what a clip's picture or sound is (`dialogue`, `music`,
/// `effects`, `titles`, `video`), optionally with a subrole after a dot (`dialogue.Dialogue-1`).
///
/// Roles sort a timeline for editing and export (stems, captions, audio lanes); kadr's own export
/// ignores them, and they are saved with the composition.
///
/// ```swift
/// let voice = AudioTrack(url: narration).role(.dialogue.subrole("Narrator"))
/// let clip = VideoClip(url: url).role("effects.Whoosh")
/// ```
public struct Role: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The role as written: the main role, then `.` and the subrole if there is one.
  public let rawValue: String

  /// Creates a role from its text, kept as given.
  ///
  /// - Parameter rawValue: `dialogue`, `dialogue.Dialogue-1`, or a role of your own.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a role from a string literal, kept as given.
  ///
  /// - Parameter value: The role's text.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// Dialogue.
  public static let dialogue = Role(rawValue: "dialogue")
  /// Music.
  public static let music = Role(rawValue: "music")
  /// Sound effects.
  public static let effects = Role(rawValue: "effects")
  /// Titles.
  public static let titles = Role(rawValue: "titles")
  /// Video.
  public static let video = Role(rawValue: "video")

  /// The main role: the text before the first `.`.
  public var mainRole: String {
    rawValue.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first
      .map(String.init) ?? rawValue
  }

  /// The subrole: the text after the first `.`, or `nil` when there is none.
  public var subrole: String? {
    let parts = rawValue.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    return parts.count == 2 ? String(parts[1]) : nil
  }

  /// Returns this role's main role with `name` as its subrole (`dialogue.Narrator`).
  ///
  /// - Parameter name: The subrole.
  public func subrole(_ name: String) -> Role {
    Role(rawValue: "\(mainRole).\(name)")
  }

  /// The role as written.
  public var description: String { rawValue }
}
