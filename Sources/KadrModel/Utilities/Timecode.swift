import Foundation

/// A frame rate for timecodes.
public enum FrameRate: Sendable, Hashable {
  /// 24 frames per second.
  case fps24
  /// 25 frames per second.
  case fps25
  /// 30 frames per second.
  case fps30
  /// 50 frames per second.
  case fps50
  /// 60 frames per second.
  case fps60
  /// Any whole number of frames per second.
  case custom(Int)
  /// An exact rate of `numerator / denominator` frames per second, as NTSC video runs
  /// (`30000/1001` is 29.97), whose timecodes count in drop frame when `dropFrame` is set.
  ///
  /// Drop frame is only defined for `30000/1001` and `60000/1001`; ``isValid`` says whether a
  /// rate made here is one a document can hold. ``ntsc30`` and its siblings name the common
  /// ones.
  case rational(numerator: Int, denominator: Int, dropFrame: Bool)

  /// Frames per second as a timecode counts them: the rate rounded up to a whole number (30 for
  /// 29.97); a rate below 1 counts as 1.
  public var fps: Int {
    switch self {
    case .fps24: 24
    case .fps25: 25
    case .fps30: 30
    case .fps50: 50
    case .fps60: 60
    case .custom(let rate): max(1, rate)
    case .rational(let numerator, let denominator, _):
      denominator > 0 && numerator > 0
        ? numerator / denominator + (numerator % denominator == 0 ? 0 : 1) : 1
    }
  }
}

/// Formats times as `HH:MM:SS:FF` timecodes and parses them back (no drop-frame, whole rates:
/// ``SMPTETimecode`` counts NTSC rates and drop frame).
public struct Timecode: Sendable, Hashable {
  /// The frame rate the frame field counts in.
  public let frameRate: FrameRate

  /// Creates a timecode formatter.
  ///
  /// - Parameter fps: The frame rate.
  public init(fps: FrameRate) {
    self.frameRate = fps
  }

  /// The timecode of `time`, rounded down to a whole frame.
  ///
  /// A negative time gives `00:00:00:00`, as in kadr. ``Time/invalid`` (which is no time at all)
  /// gives `--:--:--:--`. Any valid time is formatted exactly, however long: the hours field
  /// grows past two digits rather than wrapping.
  ///
  /// - Parameter time: A time.
  public func format(_ time: Time) -> String {
    guard time.isValid else { return "--:--:--:--" }
    guard time.value > 0 else { return "00:00:00:00" }
    let fps = Int64(frameRate.fps)
    let timescale = Int64(time.timescale)
    // value = totalSeconds × timescale + rest, so the frame within the second is
    // ⌊rest × fps / timescale⌋, which is below fps; the full-width product cannot overflow.
    let totalSeconds = time.value / timescale
    let rest = time.value % timescale
    let product = rest.multipliedFullWidth(by: fps)
    let frame = timescale.dividingFullWidth((product.high, product.low)).quotient
    let seconds = totalSeconds % 60
    let minutes = (totalSeconds / 60) % 60
    let hours = totalSeconds / 3600
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(hours)):\(two(minutes)):\(two(seconds)):\(two(frame))"
  }

  /// The time of a `HH:MM:SS:FF` timecode, at the frame rate as timescale.
  ///
  /// - Parameter text: A timecode; minutes and seconds must be below 60 and frames below the
  ///   frame rate.
  /// - Returns: The time, or `nil` when the text is not a valid timecode.
  public func parse(_ text: String) -> Time? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let numbers = parts.compactMap { part -> Int64? in
      guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber) else {
        return nil
      }
      return Int64(part)
    }
    guard numbers.count == 4 else { return nil }
    let (hours, minutes, seconds, frames) = (numbers[0], numbers[1], numbers[2], numbers[3])
    let fps = Int64(frameRate.fps)
    guard minutes < 60, seconds < 60, frames < fps else { return nil }
    let (hourSeconds, o1) = hours.multipliedReportingOverflow(by: 3600)
    let (totalSeconds, o2) = hourSeconds.addingReportingOverflow(minutes * 60 + seconds)
    let (secondFrames, o3) = totalSeconds.multipliedReportingOverflow(by: fps)
    let (total, o4) = secondFrames.addingReportingOverflow(frames)
    guard !o1, !o2, !o3, !o4, let timescale = Int32(exactly: fps) else { return nil }
    return Time(value: total, timescale: timescale)
  }
}
