import Foundation

/// A span of a timeline: a start and a duration, standing in for CoreMedia's `CMTimeRange`.
///
/// Equality is by value, like ``Time``: ranges that start and last equally long compare equal
/// whatever their timescales.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
  /// Where the range begins.
  public var start: Time
  /// How long the range lasts.
  public var duration: Time

  /// An empty range at zero.
  public static let zero = TimeRange(start: .zero, duration: .zero)

  /// Creates a range from its start and duration.
  ///
  /// - Parameters:
  ///   - start: Where the range begins.
  ///   - duration: How long it lasts.
  public init(start: Time, duration: Time) {
    self.start = start
    self.duration = duration
  }

  /// Creates the range from `start` up to `end`.
  ///
  /// - Parameters:
  ///   - start: Where the range begins.
  ///   - end: Where it ends; the duration is `end - start`, exactly (``Time/invalid`` if that
  ///     overflows).
  public init(start: Time, end: Time) {
    self.init(start: start, duration: end - start)
  }

  /// Creates a range from seconds, as kadr's `ClosedRange<TimeInterval>` conveniences do, at
  /// timescale 600.
  ///
  /// - Parameter seconds: The range in seconds; its bounds are rounded to 1/600 s.
  public init(_ seconds: ClosedRange<TimeInterval>) {
    let start = Time(seconds: seconds.lowerBound)
    let end = Time(seconds: seconds.upperBound)
    self.init(start: start, end: end)
  }

  /// The instant just past the range: `start + duration` (``Time/invalid`` on overflow).
  public var end: Time { start + duration }

  /// Whether both ends are valid times and the duration is not negative.
  public var isValid: Bool { start.isValid && duration.isValid && duration >= .zero }

  /// Whether `time` lies in `start ..< end`.
  ///
  /// - Parameter time: The instant to test.
  public func contains(_ time: Time) -> Bool {
    isValid && start <= time && time < end
  }

  /// A readable form, such as `"[0/1 (0.0 s), +30/30 (1.0 s)]"`.
  public var description: String { "[\(start), +\(duration)]" }
}
