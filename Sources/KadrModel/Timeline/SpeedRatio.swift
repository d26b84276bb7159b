import Foundation

/// An exact speed: `numerator / denominator` times normal speed, such as `1001/1000` (a 23.976
/// clip conformed to 24) or `1/2`, kept exactly rather than as a `Double`.
///
/// Set it with ``VideoClip/speed(numerator:denominator:)``, which also sets the clip's
/// ``VideoClip/speedRate`` to the nearest `Double`, so code that reads the rate sees the same
/// speed; the clip's ``VideoClip/duration`` is then exact.
public struct SpeedRatio: Sendable, Hashable {
  /// The numerator, above zero.
  public let numerator: Int64
  /// The denominator, above zero.
  public let denominator: Int64

  /// Creates a ratio of two positive integers, kept as given (not reduced).
  ///
  /// - Parameters:
  ///   - numerator: The numerator.
  ///   - denominator: The denominator.
  /// - Returns: `nil` when either is zero or negative.
  public init?(numerator: Int64, denominator: Int64) {
    guard numerator > 0, denominator > 0 else { return nil }
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The ratio as the nearest `Double`.
  public var rate: Double { Double(numerator) / Double(denominator) }
}
