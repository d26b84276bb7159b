import Foundation
import KadrModel
import Testing

@Suite("SMPTE timecodes and exact frame rates")
struct SMPTETimecodeTests {
  /// Frame numbers and their labels, both ways.
  static let vectors: [(FrameRate, Int64, String)] = [
    (.ntsc30DropFrame, 0, "00:00:00;00"),
    (.ntsc30DropFrame, 1799, "00:00:59;29"),
    (.ntsc30DropFrame, 1800, "00:01:00;02"),  // 00:01:00;00 and ;01 are skipped
    (.ntsc30DropFrame, 3598, "00:02:00;02"),
    (.ntsc30DropFrame, 17982, "00:10:00;00"),  // every tenth minute keeps ;00
    (.ntsc30DropFrame, 17981, "00:09:59;29"),
    (.ntsc30DropFrame, 107892, "01:00:00;00"),
    (.ntsc30DropFrame, 2_589_407, "23:59:59;29"),
    (.ntsc60DropFrame, 3600, "00:01:00;04"),  // 0 to 3 are skipped at 59.94
    (.ntsc60DropFrame, 35964, "00:10:00;00"),
    (.ntsc60DropFrame, 215784, "01:00:00;00"),
    (.ntsc30, 1800, "00:01:00:00"),  // non-drop: one label per frame
    (.ntsc30, 108000, "01:00:00:00"),
    (.ntsc24, 86400, "01:00:00:00"),
    (.fps25, 90_000, "01:00:00:00"),
    (.fps25, 24, "00:00:00:24"),
  ]

  @Test(arguments: vectors)
  func labelsAndFrameNumbersAgree(rate: FrameRate, frame: Int64, label: String) throws {
    #expect(try SMPTETimecode(frameNumber: frame, rate: rate).description == label)
    #expect(try SMPTETimecode(parsing: label, rate: rate).frameNumber == frame)
  }

  @Test func everyFrameOfTwentyMinutesRoundTripsThroughItsLabel() throws {
    for rate in [FrameRate.ntsc30DropFrame, .ntsc60DropFrame] {
      var previous = ""
      for frame in Int64(0)..<(Int64(rate.fps) * 60 * 20) {
        let label = try SMPTETimecode(frameNumber: frame, rate: rate).description
        #expect(label > previous, "labels grow with the frames")
        previous = label
        #expect(try SMPTETimecode(parsing: label, rate: rate).frameNumber == frame)
      }
    }
  }

  @Test func theTimeOfAFrameIsExact() throws {
    let start = try SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame)
    #expect(start.time == Time(value: 107892 * 1001, timescale: 30000))
    #expect(
      try SMPTETimecode(time: Time(value: 107892 * 1001, timescale: 30000), rate: start.rate)
        == start)
    // One tick before the frame's start is the frame before.
    let justBefore = Time(value: 107892 * 1001 - 1, timescale: 30000)
    #expect(try SMPTETimecode(time: justBefore, rate: start.rate).frameNumber == 107891)
    #expect(FrameRate.ntsc24.frameDuration == Time(value: 1001, timescale: 24000))
  }

  /// Labels and numbers a file or a person could give that are not timecodes.
  static let refused: [(String, FrameRate, SMPTETimecodeError)] = [
    ("00:01:00;00", .ntsc30DropFrame, .droppedLabel),
    ("00:01:00;01", .ntsc30DropFrame, .droppedLabel),
    ("00:01:00;03", .ntsc60DropFrame, .droppedLabel),
    ("00:00:00:00", .ntsc30DropFrame, .separatorMismatch),
    ("00:00:00;00", .fps30, .separatorMismatch),
    ("00:60:00:00", .fps30, .outOfRange),
    ("00:00:60:00", .fps30, .outOfRange),
    ("00:00:00:30", .fps30, .outOfRange),
    ("99999999999999999999:00:00:00", .fps30, .outOfRange),  // past Int
    ("9223372036854775807:00:00:00", .fps30, .outOfRange),  // Int.max hours
    ("-1:00:00:00", .fps30, .malformed),
    ("00:00:00", .fps30, .malformed),
    ("0a:00:00:00", .fps30, .malformed),
    ("00:00:00:00", .custom(0), .invalidRate),
    ("00:00:00;00", .rational(numerator: 25, denominator: 1, dropFrame: true), .invalidRate),
    (
      "00:00:00:00", .rational(numerator: -30000, denominator: 1001, dropFrame: false), .invalidRate
    ),
    ("00:00:00:00", .rational(numerator: Int.max, denominator: 1, dropFrame: false), .invalidRate),
  ]

  @Test(arguments: refused)
  func refusesWhatIsNotATimecode(text: String, rate: FrameRate, error: SMPTETimecodeError) {
    #expect(throws: error) { try SMPTETimecode(parsing: text, rate: rate) }
  }

  @Test func hostileNumbersThrowInsteadOfTrapping() throws {
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(frameNumber: -1, rate: .fps30)
    }
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(time: Time(value: -1, timescale: 30), rate: .fps30)
    }
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(time: .invalid, rate: .fps30)
    }
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(hours: Int.max, minutes: 0, seconds: 0, frames: 0, rate: .fps30)
    }
    // The largest frame number still has a label and a time that says it does not fit.
    let last = try SMPTETimecode(frameNumber: .max, rate: .ntsc30DropFrame)
    #expect(last.hours > 85_000_000_000_000)
    #expect(last.time == nil)
    let atMax = try SMPTETimecode(time: Time(value: .max, timescale: 600), rate: .ntsc60)
    #expect(atMax.frameNumber == 921_415_787_897_580_000)  // ⌊(2⁶³ − 1) × 60000 / (600 × 1001)⌋
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(time: Time(value: .max, timescale: 1), rate: .ntsc60)
    }
    // Frame counts between 2⁶³ and 2⁶⁴ do not fit either.
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(time: Time(value: .max, timescale: 1), rate: .custom(2))
    }
    #expect(throws: SMPTETimecodeError.outOfRange) {
      try SMPTETimecode(time: Time(value: .max, timescale: 3), rate: .custom(5))
    }
    #expect(
      try SMPTETimecode(time: Time(value: .max, timescale: 1), rate: .custom(1)).frameNumber == .max
    )
  }

  @Test func dropFrameIsValidOnlyAtTheTwoNTSCRates() {
    #expect(FrameRate.ntsc30DropFrame.isValid)
    #expect(FrameRate.ntsc60DropFrame.isValid)
    #expect(FrameRate.rational(numerator: 60000, denominator: 2002, dropFrame: true).isValid)
    #expect(!FrameRate.rational(numerator: 24000, denominator: 1001, dropFrame: true).isValid)
    #expect(!FrameRate.rational(numerator: 30, denominator: 1, dropFrame: true).isValid)
    #expect(!FrameRate.rational(numerator: 30000, denominator: 0, dropFrame: false).isValid)
    #expect(FrameRate.ntsc30.fps == 30)
    #expect(FrameRate.ntsc24.fps == 24)
  }

  @Test func presetsKeepTheirExactRate() {
    let broadcast = Preset.custom(
      width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264)
    #expect(
      broadcast
        == .customRate(width: 1920, height: 1080, frameRate: .ntsc30DropFrame, codec: .h264))
    #expect(broadcast.frameRate == 30)
    #expect(broadcast.rate == .ntsc30DropFrame)
    #expect(broadcast.resolution == CGSize(width: 1920, height: 1080))
    // A whole rate keeps the preset schema 1 has.
    #expect(
      Preset.custom(width: 640, height: 480, rate: .fps25, codec: .hevc)
        == .custom(width: 640, height: 480, frameRate: 25, codec: .hevc))
    #expect(Preset.cinema.rate == .fps24)
  }
}
