import Foundation

/// Builds a list of audio tracks from a block: `.audio { AudioTrack(url: a); if b { … } }`.
@resultBuilder
public enum AudioBuilder {
  /// An empty block.
  public static func buildBlock() -> [AudioTrack] { [] }

  /// A block of single tracks.
  public static func buildBlock(_ tracks: AudioTrack...) -> [AudioTrack] { tracks }

  /// A block of lists of tracks.
  public static func buildBlock(_ tracks: [AudioTrack]...) -> [AudioTrack] {
    tracks.flatMap { $0 }
  }

  /// One track as a list.
  public static func buildExpression(_ track: AudioTrack) -> [AudioTrack] { [track] }

  /// A list of tracks as is.
  public static func buildExpression(_ tracks: [AudioTrack]) -> [AudioTrack] { tracks }

  /// An `if` without `else`.
  public static func buildOptional(_ tracks: [AudioTrack]?) -> [AudioTrack] { tracks ?? [] }

  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first tracks: [AudioTrack]) -> [AudioTrack] { tracks }

  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second tracks: [AudioTrack]) -> [AudioTrack] { tracks }

  /// A `for` loop.
  public static func buildArray(_ tracks: [[AudioTrack]]) -> [AudioTrack] {
    tracks.flatMap { $0 }
  }

  /// An `if #available` block.
  public static func buildLimitedAvailability(_ tracks: [AudioTrack]) -> [AudioTrack] { tracks }
}
