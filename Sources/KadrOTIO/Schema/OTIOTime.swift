import Foundation
import KadrModel
import KadrPersistenceCore

/// An OpenTimelineIO `RationalTime.1`: `value / rate` seconds, both doubles.
///
/// A kadr `Time` (`value / timescale`) converts exactly: `rate` is the timescale and `value`
/// the value, as long as the value fits a double's 53-bit mantissa.
struct OTIORationalTime: Hashable {
  var value: Double
  var rate: Double

  init(value: Double, rate: Double) {
    self.value = value
    self.rate = rate
  }

  /// The rational time of `time`, exact for values up to 2^53.
  ///
  /// - Parameter time: A valid time.
  init(_ time: Time) {
    self.init(value: Double(time.value), rate: Double(time.timescale))
  }

  /// Zero at the rate of `time`, so that a range's start and duration share a rate.
  static func zero(like time: Time) -> OTIORationalTime {
    OTIORationalTime(value: 0, rate: Double(max(time.timescale, 1)))
  }

  var json: JSONValue {
    [
      OTIOKey.schema: .string(OTIOSchema.rationalTime), OTIOKey.rate: .number(rate),
      OTIOKey.value: .number(value),
    ]
  }
}

/// An OpenTimelineIO `TimeRange.1`.
struct OTIOTimeRange: Hashable {
  var start: OTIORationalTime
  var duration: OTIORationalTime

  /// The range of `range`; see `OTIORationalTime/init(_:)`.
  init(_ range: TimeRange) {
    self.init(start: OTIORationalTime(range.start), duration: OTIORationalTime(range.duration))
  }

  init(start: OTIORationalTime, duration: OTIORationalTime) {
    self.start = start
    self.duration = duration
  }

  var json: JSONValue {
    [
      OTIOKey.schema: .string(OTIOSchema.timeRange), OTIOKey.duration: duration.json,
      OTIOKey.startTime: start.json,
    ]
  }
}

/// Turning OpenTimelineIO times into kadr times.
enum OTIOTimeConversion {
  /// Timescales tried, as multiples of a time's rate, to find an exact kadr time: the rate
  /// itself, then NTSC rates (23.976… = 24000/1001) and millisecond rates.
  static let rateMultipliers: [Double] = [1, 1001, 1000]

  /// The timescale used when no exact one is found.
  static let fallbackTimescale: Int32 = 60_000

  /// The kadr time of `time`, and whether it is exact.
  ///
  /// A whole-number rate that fits a timescale and a whole-number value give the exact time
  /// `value / rate`. Otherwise a timescale of 1001 or 1000 times the rate is tried (a double
  /// rate such as 23.976… is such a fraction), and last the nearest 1/60000 s.
  /// - Returns: `nil` when the time is out of range or the rate is not positive.
  static func time(of time: OTIORationalTime) -> (time: Time, exact: Bool)? {
    guard time.rate > 0, time.rate.isFinite, time.value.isFinite else { return nil }
    for multiplier in rateMultipliers {
      let scaledRate = time.rate * multiplier
      let timescale = scaledRate.rounded()
      guard timescale >= 1, timescale <= Double(Int32.max),
        abs(scaledRate - timescale) <= 1e-9 * timescale
      else { continue }
      let units = time.value * timescale / time.rate
      let whole = units.rounded()
      let tolerance = multiplier == 1 ? 0 : 1e-6 * max(1, abs(whole))
      guard abs(units - whole) <= tolerance, let value = Int64(exactly: whole),
        let scale = Int32(exactly: timescale)
      else { continue }
      return (Time(value: value, timescale: scale), true)
    }
    let seconds = time.value / time.rate
    let approximate = Time(seconds: seconds, preferredTimescale: fallbackTimescale)
    guard approximate.isValid else { return nil }
    return (approximate, false)
  }
}
