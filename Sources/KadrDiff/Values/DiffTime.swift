import KadrModel

/// A time in a diff: the exact rational of the document and its value in seconds.
public struct DiffTime: Sendable, Hashable, Codable {
  /// The numerator.
  public let value: Int64
  /// The denominator, in units per second.
  public let timescale: Int32
  /// The time in seconds, for display.
  public let seconds: Double

  /// Creates a diff time from a model time.
  ///
  /// - Parameter time: The time; an invalid time keeps its zero timescale and counts as 0 s.
  public init(_ time: Time) {
    value = time.value
    timescale = time.timescale
    seconds = time.isValid ? time.seconds : 0
  }

  /// The model time.
  public var time: Time {
    timescale > 0 ? Time(value: value, timescale: timescale) : .invalid
  }
}
