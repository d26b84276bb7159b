import Foundation

extension FrameRate {
  /// 23.976 frames per second (`24000/1001`), the rate of film transferred to NTSC video.
  public static let ntsc24 = FrameRate.rational(
    numerator: 24000, denominator: 1001, dropFrame: false)
  /// 29.97 frames per second (`30000/1001`), timecode counted without dropping frames.
  public static let ntsc30 = FrameRate.rational(
    numerator: 30000, denominator: 1001, dropFrame: false)
  /// 29.97 frames per second (`30000/1001`), timecode counted in drop frame (`01:00:00;00`).
  public static let ntsc30DropFrame = FrameRate.rational(
    numerator: 30000, denominator: 1001, dropFrame: true)
  /// 59.94 frames per second (`60000/1001`), timecode counted without dropping frames.
  public static let ntsc60 = FrameRate.rational(
    numerator: 60000, denominator: 1001, dropFrame: false)
  /// 59.94 frames per second (`60000/1001`), timecode counted in drop frame.
  public static let ntsc60DropFrame = FrameRate.rational(
    numerator: 60000, denominator: 1001, dropFrame: true)

  /// The frames per second of an exact rate, `numerator / denominator`: `(30000, 1001)` for
  /// 29.97, `(25, 1)` for ``fps25``. A whole rate below 1 gives 1, as ``fps`` counts it.
  public var exactRate: (numerator: Int, denominator: Int) {
    switch self {
    case .rational(let numerator, let denominator, _): (numerator, denominator)
    default: (fps, 1)
    }
  }

  /// Whether timecodes at this rate count in drop frame (`;` before the frames).
  public var isDropFrame: Bool {
    if case .rational(_, _, let dropFrame) = self { return dropFrame }
    return false
  }

  /// The frame numbers a drop-frame timecode skips at the start of each minute but every tenth:
  /// 2 at 29.97, 4 at 59.94, 0 for a rate not counted in drop frame.
  var droppedFramesPerMinute: Int64 {
    isDropFrame ? Int64(fps / 15) : 0
  }

  /// Whether a document can hold this rate: a positive numerator and denominator that each fit
  /// a time's timescale (`Int32`), and drop frame only at `30000/1001` or `60000/1001`. Every
  /// named rate is valid; a ``custom(_:)`` rate is valid when it is positive.
  public var isValid: Bool {
    switch self {
    case .fps24, .fps25, .fps30, .fps50, .fps60: return true
    case .custom(let rate): return rate > 0 && rate <= Int(Int32.max)
    case .rational(let numerator, let denominator, let dropFrame):
      guard numerator > 0, denominator > 0, numerator <= Int(Int32.max),
        denominator <= Int(Int32.max)
      else { return false }
      guard dropFrame else { return true }
      // n/d is 30000/1001 or 60000/1001, in lowest terms or not: n × 1001 = 30000 × d (or 60000).
      let (scaled, overflow) = numerator.multipliedReportingOverflow(by: 1001)
      return !overflow && (scaled == 30000 * denominator || scaled == 60000 * denominator)
    }
  }

  /// The length of one frame, `denominator / numerator` seconds (`1001/30000` s at 29.97), or
  /// `nil` for a rate that is not ``isValid``.
  public var frameDuration: Time? {
    guard isValid else { return nil }
    let (numerator, denominator) = exactRate
    guard let timescale = Int32(exactly: numerator) else { return nil }
    return Time(value: Int64(denominator), timescale: timescale)
  }
}
