import Foundation
import KadrModel
import KadrPersistenceCore

/// The keys of a text animation that writes its duration and begin time the way the built-in
/// text animations do: `durationValue` (Int64), `durationTimescale` (Int32 > 0) and `beginTime`
/// (seconds, a Double).
///
/// The two duration keys both hold the stored property `duration`.
public protocol TextAnimationTimingKeys: PayloadKey {
  /// `durationValue`.
  static var durationValue: Self { get }
  /// `durationTimescale`.
  static var durationTimescale: Self { get }
  /// `beginTime`.
  static var beginTime: Self { get }
}

extension KeyedEncoder where Key: TextAnimationTimingKeys {
  /// Writes `duration` as `durationValue` and `durationTimescale`, and `beginTime`.
  ///
  /// - Parameters:
  ///   - duration: The animation's duration.
  ///   - beginTime: When it begins, in seconds.
  /// - Throws: ``PersistenceError`` when the duration is ``Time/invalid`` or the begin time is not
  ///   finite.
  public mutating func encodeTextAnimationTiming(duration: Time, beginTime: Double)
    throws
  {
    guard duration.isValid else {
      throw PersistenceError(
        .invalidValue("The text animation's duration is an invalid time"),
        at: pointer.appending(key: Key.durationTimescale.rawValue))
    }
    try encode(duration.value, for: .durationValue)
    try encode(duration.timescale, for: .durationTimescale)
    try encode(beginTime, for: .beginTime)
  }
}

extension KeyedDecoder where Key: TextAnimationTimingKeys {
  /// Reads the duration from `durationValue` and `durationTimescale`.
  ///
  /// - Throws: ``PersistenceError`` when either is missing or not an integer, when the value does
  ///   not fit `Int64` or the timescale `Int32`, or when the timescale is not positive (pointing
  ///   at `durationTimescale`).
  public func decodeTextAnimationDuration() throws -> Time {
    let timescale = try decode(Int32.self, for: .durationTimescale)
    guard timescale > 0 else {
      throw error(
        .integerOutOfRange("durationTimescale", range: "a positive 32-bit integer"),
        for: .durationTimescale)
    }
    return Time(value: try decode(Int64.self, for: .durationValue), timescale: timescale)
  }

  /// Reads `beginTime`.
  ///
  /// - Throws: ``PersistenceError`` when it is missing or not a number.
  public func decodeTextAnimationBeginTime() throws -> Double {
    try decode(Double.self, for: .beginTime)
  }
}
