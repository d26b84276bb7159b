import Foundation
import KadrModel

/// FCPXML's time values: a rational number of seconds written `N/Ds`, or `Ns` when whole.
///
/// Times are exact: they are read into a `Time` of value `N` and timescale `D`, and written
/// from a `Time` by reducing its fraction, never through a floating-point number.
enum FCPXMLTime {
  /// The text of `time`: `0s`, `5s` or `N/Ds` with the fraction reduced.
  ///
  /// - Parameter time: A valid time.
  static func text(_ time: Time) -> String {
    let divisor = Int64(gcd(time.value.magnitude, UInt64(time.timescale)))
    let numerator = time.value / max(divisor, 1)
    let denominator = Int64(time.timescale) / max(divisor, 1)
    return denominator == 1 ? "\(numerator)s" : "\(numerator)/\(denominator)s"
  }

  /// The time a text names, or `nil` when it is not an FCPXML time: `N/Ds`, `Ns` or a decimal
  /// `N.Ms` (which some tools write; read exactly as a decimal fraction).
  ///
  /// - Parameter text: The attribute's value.
  static func parse(_ text: String) -> Time? {
    guard text.hasSuffix("s") else { return nil }
    let body = text.dropLast()
    if let slash = body.firstIndex(of: "/") {
      guard let numerator = Int64(body[..<slash]),
        let denominator = Int32(body[body.index(after: slash)...]), denominator > 0
      else { return nil }
      return Time(value: numerator, timescale: denominator)
    }
    if let whole = Int64(body) { return Time(value: whole, timescale: 1) }
    // A decimal: digits after the point become the timescale's power of ten (at most 9).
    guard let point = body.firstIndex(of: "."),
      let whole = Int64(body[..<point].isEmpty ? "0" : body[..<point])
    else { return nil }
    let fraction = body[body.index(after: point)...]
    guard !fraction.isEmpty, fraction.count <= 9,
      fraction.allSatisfy({ $0.isASCII && $0.isWholeNumber }),
      let digits = Int64(fraction)
    else { return nil }
    var scale: Int64 = 1
    for _ in 0..<fraction.count { scale *= 10 }
    let negative = body.hasPrefix("-")
    // Every step is checked: `9223372036.854775808s` is one past Int64.max units.
    let (product, overflow) = Int64(clamping: whole.magnitude).multipliedReportingOverflow(
      by: scale)
    guard !overflow else { return nil }
    let (value, sumOverflow) = product.addingReportingOverflow(digits)
    guard !sumOverflow, let timescale = Int32(exactly: scale) else { return nil }
    return Time(value: negative ? -value : value, timescale: timescale)
  }

  /// The number of frames `time` holds at `rate` frames per second when it falls on a frame
  /// boundary, or `nil` when it does not (or is invalid).
  ///
  /// - Parameters:
  ///   - time: The time.
  ///   - rate: The frame duration as a time (`1/30s` for 30 fps).
  static func frames(in time: Time, frameDuration rate: Time) -> Int64? {
    guard time.isValid, rate.isValid, rate.value > 0 else { return nil }
    // time / rate = (tv * rs) / (ts * rv)
    let (numerator, o1) = time.value.multipliedReportingOverflow(by: Int64(rate.timescale))
    let (denominator, o2) = Int64(time.timescale).multipliedReportingOverflow(by: rate.value)
    guard !o1, !o2, denominator != 0, numerator % denominator == 0 else { return nil }
    return numerator / denominator
  }

  /// `time` rounded to the nearest frame boundary (halves away from zero), as a whole number of
  /// frames, or `nil` for an invalid time or an overflow.
  static func nearestFrame(to time: Time, frameDuration rate: Time) -> Int64? {
    guard time.isValid, rate.isValid, rate.value > 0 else { return nil }
    let (numerator, o1) = time.value.multipliedReportingOverflow(by: Int64(rate.timescale))
    let (denominator, o2) = Int64(time.timescale).multipliedReportingOverflow(by: rate.value)
    guard !o1, !o2, denominator > 0 else { return nil }
    let quotient = numerator / denominator
    let remainder = numerator % denominator
    if remainder.magnitude * 2 >= denominator.magnitude {
      return quotient + (numerator < 0 ? -1 : 1)
    }
    return quotient
  }

  /// The time of `frames` frames of `rate` each, or `nil` on overflow.
  static func time(frames: Int64, frameDuration rate: Time) -> Time? {
    let (value, overflow) = frames.multipliedReportingOverflow(by: rate.value)
    guard !overflow else { return nil }
    return Time(value: value, timescale: rate.timescale)
  }

  /// The timecode label of `time` from a timeline's start, as an editor reads it
  /// (`01:00:04:12`), or `nil` when it cannot be counted in frames of `rate`.
  ///
  /// - Parameters:
  ///   - time: A time from the timeline's start.
  ///   - origin: The time of the timeline's start timecode.
  ///   - rate: The timeline's frame rate.
  static func timecode(at time: Time, origin: Time, rate: FrameRate) -> String? {
    (try? SMPTETimecode(time: origin + time, rate: rate))?.description
  }

  /// The timescale of `time` in lowest terms (`1` for a whole number of seconds).
  static func reducedTimescale(_ time: Time) -> Int64 {
    let divisor = Int64(gcd(time.value.magnitude, UInt64(time.timescale)))
    return Int64(time.timescale) / max(divisor, 1)
  }

  private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }
}
