import Foundation

/// A SMPTE timecode: hours, minutes, seconds and frames at a frame rate, as professional
/// editors label a timeline's frames (`01:00:00:00`, or `01:00:00;00` in drop frame).
///
/// The value is the frame number it names at its rate; ``hours``, ``minutes``, ``seconds`` and
/// ``frames`` are read from it. At a drop-frame rate (``FrameRate/ntsc30DropFrame``,
/// ``FrameRate/ntsc60DropFrame``) the labels skip frame numbers 0 and 1 (0 to 3 at 59.94) at
/// the start of every minute except each tenth, so that the label keeps up with the clock:
/// frame 1800 at 29.97 is `00:01:00;02`, and `01:00:00;00` is frame 107892.
///
/// ```swift
/// let start = try SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame)
/// start.frameNumber  // 107892
/// start.time         // 3603.6 s, exactly 108000108/30000
/// ```
///
/// Every initialiser checks its arithmetic: a hostile number (a negative frame, hours past what
/// a frame count holds, a rate that is not ``FrameRate/isValid``) throws, and never traps.
public struct SMPTETimecode: Sendable, Hashable, CustomStringConvertible {
  /// The frame rate the timecode counts in.
  public let rate: FrameRate
  /// The number of frames since `00:00:00:00`, at least 0.
  public let frameNumber: Int64

  /// Creates the timecode of a frame number.
  ///
  /// - Parameters:
  ///   - frameNumber: Frames since `00:00:00:00`.
  ///   - rate: The frame rate.
  /// - Throws: ``SMPTETimecodeError`` when the rate is not valid or the frame number is negative.
  public init(frameNumber: Int64, rate: FrameRate) throws {
    guard rate.isValid else { throw SMPTETimecodeError.invalidRate }
    guard frameNumber >= 0 else { throw SMPTETimecodeError.outOfRange }
    self.rate = rate
    self.frameNumber = frameNumber
  }

  /// Creates the timecode with the given fields.
  ///
  /// - Parameters:
  ///   - hours: Hours, at least 0.
  ///   - minutes: Minutes, 0…59.
  ///   - seconds: Seconds, 0…59.
  ///   - frames: Frames, below the rate's ``FrameRate/fps``; in drop frame, not a label the
  ///     count skips.
  ///   - rate: The frame rate.
  /// - Throws: ``SMPTETimecodeError``: an invalid rate, a field out of its range, a label drop
  ///   frame skips, or a time too long to count in frames.
  public init(hours: Int, minutes: Int, seconds: Int, frames: Int, rate: FrameRate) throws {
    guard rate.isValid else { throw SMPTETimecodeError.invalidRate }
    let fps = Int64(rate.fps)
    guard hours >= 0, (0..<60).contains(minutes), (0..<60).contains(seconds), frames >= 0,
      Int64(frames) < fps
    else { throw SMPTETimecodeError.outOfRange }
    let dropped = rate.droppedFramesPerMinute
    if dropped > 0, seconds == 0, Int64(frames) < dropped, minutes % 10 != 0 {
      throw SMPTETimecodeError.droppedLabel
    }
    // frame = (h × 3600 + m × 60 + s) × fps + f − dropped × (total minutes − tenths).
    let totalMinutes = Int64(hours).multipliedReportingOverflow(by: 60)
    let nominalSeconds = totalMinutes.partialValue.multipliedReportingOverflow(by: 60)
    let secondCount = nominalSeconds.partialValue.addingReportingOverflow(
      Int64(minutes * 60 + seconds))
    let frameCount = secondCount.partialValue.multipliedReportingOverflow(by: fps)
    let withFrames = frameCount.partialValue.addingReportingOverflow(Int64(frames))
    guard !totalMinutes.overflow, !nominalSeconds.overflow, !secondCount.overflow,
      !frameCount.overflow, !withFrames.overflow
    else { throw SMPTETimecodeError.outOfRange }
    let minuteCount = totalMinutes.partialValue + Int64(minutes)
    // dropped ≤ 4 and the minutes are at most a sixtieth of the frames: no overflow.
    let skipped = dropped * (minuteCount - minuteCount / 10)
    try self.init(frameNumber: withFrames.partialValue - skipped, rate: rate)
  }

  /// Reads a timecode: `HH:MM:SS:FF`, or `HH:MM:SS;FF` at a drop-frame rate (a `.` or `,` may
  /// stand for the `;`, as some editors write it). The hours may have more than two digits.
  ///
  /// - Parameters:
  ///   - text: The timecode.
  ///   - rate: The frame rate it counts in.
  /// - Throws: ``SMPTETimecodeError``: text that is not a timecode, a `;` at a rate that does
  ///   not drop frames (or `:` at one that does), or anything ``init(hours:minutes:seconds:frames:rate:)``
  ///   refuses.
  public init(parsing text: String, rate: FrameRate) throws {
    let bytes = Array(text.utf8)
    guard bytes.count >= 11, bytes.count <= 40 else { throw SMPTETimecodeError.malformed }
    let separator = bytes[bytes.count - 3]
    guard bytes[bytes.count - 6] == UInt8(ascii: ":"), bytes[bytes.count - 9] == UInt8(ascii: ":")
    else { throw SMPTETimecodeError.malformed }
    let dropSeparators: Set<UInt8> = [UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: ",")]
    if separator == UInt8(ascii: ":") {
      guard !rate.isDropFrame else { throw SMPTETimecodeError.separatorMismatch }
    } else if dropSeparators.contains(separator) {
      guard rate.isDropFrame else { throw SMPTETimecodeError.separatorMismatch }
    } else {
      throw SMPTETimecodeError.malformed
    }
    func number(_ range: Range<Int>) throws -> Int {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
          throw SMPTETimecodeError.malformed
        }
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
        guard !o1, !o2 else { throw SMPTETimecodeError.outOfRange }
        value = sum
      }
      return value
    }
    let end = bytes.count
    guard end - 9 >= 2 else { throw SMPTETimecodeError.malformed }
    try self.init(
      hours: number(0..<(end - 9)), minutes: number((end - 8)..<(end - 6)),
      seconds: number((end - 5)..<(end - 3)), frames: number((end - 2)..<end), rate: rate)
  }

  /// Creates the timecode of the frame that holds `time` (rounded down to a whole frame).
  ///
  /// - Parameters:
  ///   - time: A time from `00:00:00:00`, at least zero.
  ///   - rate: The frame rate.
  /// - Throws: ``SMPTETimecodeError`` for an invalid or negative time or an invalid rate.
  public init(time: Time, rate: FrameRate) throws {
    guard rate.isValid else { throw SMPTETimecodeError.invalidRate }
    guard time.isValid, time.value >= 0 else { throw SMPTETimecodeError.outOfRange }
    let (numerator, denominator) = rate.exactRate
    // frames = ⌊value × numerator / (timescale × denominator)⌋, in full width. The quotient
    // fits an Int64 exactly when the product is below divisor × 2⁶³.
    let product = time.value.multipliedFullWidth(by: Int64(numerator))
    let (divisor, overflow) = Int64(time.timescale).multipliedReportingOverflow(
      by: Int64(denominator))
    let half = divisor / 2
    guard !overflow, divisor > 0,
      product.high < half || (product.high == half && divisor % 2 == 1 && product.low < 1 << 63)
    else { throw SMPTETimecodeError.outOfRange }
    let frames = divisor.dividingFullWidth(product).quotient
    try self.init(frameNumber: frames, rate: rate)
  }

  /// The fields the label shows: hours, minutes, seconds and frames.
  public var fields: (hours: Int64, minutes: Int64, seconds: Int64, frames: Int64) {
    let fps = Int64(rate.fps)
    var label = frameNumber
    let dropped = rate.droppedFramesPerMinute
    if dropped > 0 {
      // Put the skipped labels back: 9 × dropped per ten minutes, dropped per minute after
      // the first of each ten.
      let perMinute = 60 * fps - dropped
      let perTenMinutes = 10 * 60 * fps - 9 * dropped
      let tens = frameNumber / perTenMinutes
      let rest = frameNumber % perTenMinutes
      let added =
        9 * dropped * tens + (rest > dropped ? dropped * ((rest - dropped) / perMinute) : 0)
      // A frame number near Int64.max has a label past it: the hours then stop growing.
      label = frameNumber.addingReportingOverflow(added).overflow ? .max : frameNumber + added
    }
    let totalSeconds = label / fps
    return (totalSeconds / 3600, (totalSeconds / 60) % 60, totalSeconds % 60, label % fps)
  }

  /// The hours field.
  public var hours: Int64 { fields.hours }
  /// The minutes field, 0…59.
  public var minutes: Int64 { fields.minutes }
  /// The seconds field, 0…59.
  public var seconds: Int64 { fields.seconds }
  /// The frames field, below the rate's ``FrameRate/fps``.
  public var frames: Int64 { fields.frames }

  /// The label, `HH:MM:SS:FF`, or `HH:MM:SS;FF` in drop frame; hours past 99 keep every digit.
  public var description: String {
    let (hours, minutes, seconds, frames) = fields
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let separator = rate.isDropFrame ? ";" : ":"
    return "\(two(hours)):\(two(minutes)):\(two(seconds))\(separator)\(two(frames))"
  }

  /// The time of the frame's start from `00:00:00:00`: ``frameNumber`` frames of
  /// ``FrameRate/frameDuration``, exactly (timescale the rate's numerator), or `nil` when that
  /// does not fit a ``Time``.
  public var time: Time? {
    guard let frame = rate.frameDuration else { return nil }
    let (value, overflow) = frameNumber.multipliedReportingOverflow(by: frame.value)
    return overflow ? nil : Time(value: value, timescale: frame.timescale)
  }
}

/// Why a ``SMPTETimecode`` could not be made.
public enum SMPTETimecodeError: Error, Sendable, Hashable, LocalizedError {
  /// The text is not `HH:MM:SS:FF` or `HH:MM:SS;FF`.
  case malformed
  /// `;` at a rate that does not drop frames, or `:` at one that does.
  case separatorMismatch
  /// A field out of its range (minutes or seconds past 59, frames past the rate), a negative
  /// frame or time, or a time too long to count in frames.
  case outOfRange
  /// A drop-frame label the count skips, such as `00:01:00;00` at 29.97.
  case droppedLabel
  /// The rate is not one a timecode can count in (``FrameRate/isValid``).
  case invalidRate

  /// What is wrong, in a sentence.
  public var errorDescription: String? {
    switch self {
    case .malformed: "The timecode is not written as hours:minutes:seconds:frames."
    case .separatorMismatch:
      "A timecode's ';' marks drop frame: use it exactly when the rate counts in drop frame."
    case .outOfRange:
      "A field of the timecode is out of its range, or the time is negative or too long."
    case .droppedLabel:
      "Drop frame skips this label at the start of the minute: use the minute's first counted frame."
    case .invalidRate:
      "The frame rate is not valid: it must be positive, and drop frame only at 29.97 or 59.94."
    }
  }
}
