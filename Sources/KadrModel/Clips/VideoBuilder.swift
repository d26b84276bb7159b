import Foundation

/// Builds a list of clips from a block: `Video { VideoClip(url: a); if intro { … } }`.
@resultBuilder
public enum VideoBuilder {
  /// An empty block.
  public static func buildBlock() -> [any Clip] { [] }

  /// A block of single clips.
  public static func buildBlock(_ clips: any Clip...) -> [any Clip] { clips }

  /// A block of lists of clips.
  public static func buildBlock(_ clips: [any Clip]...) -> [any Clip] { clips.flatMap { $0 } }

  /// One clip as a list.
  public static func buildExpression(_ clip: any Clip) -> [any Clip] { [clip] }

  /// A list of clips as is.
  public static func buildExpression(_ clips: [any Clip]) -> [any Clip] { clips }

  /// An `if` without `else`.
  public static func buildOptional(_ clips: [any Clip]?) -> [any Clip] { clips ?? [] }

  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first clips: [any Clip]) -> [any Clip] { clips }

  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second clips: [any Clip]) -> [any Clip] { clips }

  /// A `for` loop.
  public static func buildArray(_ clips: [[any Clip]]) -> [any Clip] { clips.flatMap { $0 } }

  /// An `if #available` block.
  public static func buildLimitedAvailability(_ clips: [any Clip]) -> [any Clip] { clips }
}
