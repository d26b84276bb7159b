import Foundation
import KadrPersistence

/// A plugin's text animation kind: the text appears one character at a time.
///
/// The sampling API of `TextAnimation` has no per-character property, so a renderer that does not
/// know this kind sees the text appear at ``beginTime``; one that does reveals
/// ``visibleCharacters(at:)`` characters.
public struct Typewriter: TextAnimation, Sendable {
  /// How many characters appear each second; positive.
  public let charactersPerSecond: Double
  /// The composition time the first character appears.
  public let beginTime: Time

  /// Creates a typewriter animation.
  ///
  /// - Parameters:
  ///   - charactersPerSecond: Characters per second; stored as given (a renderer treats a value
  ///     that is not positive as "all at once").
  ///   - beginTime: When the first character appears; zero by default.
  public init(charactersPerSecond: Double, beginTime: Time = .zero) {
    self.charactersPerSecond = charactersPerSecond
    self.beginTime = beginTime
  }

  /// Transparent before ``beginTime``, then `resting`.
  ///
  /// - Parameters:
  ///   - time: A composition time.
  ///   - resting: The overlay's opacity.
  public func opacity(at time: Time, resting: Double) -> Double? {
    time < beginTime ? 0 : resting
  }

  /// How many characters are visible at `time`: none before ``beginTime``, then a growing
  /// number; `Int.max` when the rate is not positive and finite, 0 when a time is invalid.
  ///
  /// - Parameter time: A composition time.
  public func visibleCharacters(at time: Time) -> Int {
    guard time >= beginTime else { return 0 }
    guard charactersPerSecond > 0, charactersPerSecond.isFinite else { return .max }
    let elapsed = (time - beginTime).seconds * charactersPerSecond
    guard elapsed.isFinite, elapsed >= 0 else { return 0 }
    guard elapsed < Double(Int.max) else { return .max }
    return Int(elapsed.rounded(.down))
  }
}
