import Foundation
import KadrModel
import Testing

@Suite("Timecode and sample media")
struct TimecodeTests {
  @Test(arguments: [
    // (fps, time value/timescale, timecode)
    (FrameRate.fps30, Time(value: 0, timescale: 1), "00:00:00:00"),
    (FrameRate.fps30, Time(value: 61, timescale: 30), "00:00:02:01"),
    (FrameRate.fps25, Time(value: 3_725, timescale: 1), "01:02:05:00"),
    (FrameRate.fps24, Time(value: 599, timescale: 600), "00:00:00:23"),  // rounds down
    (FrameRate.custom(12), Time(value: 13, timescale: 12), "00:00:01:01"),
  ])
  func formatsWholeFrames(fps: FrameRate, time: Time, text: String) {
    #expect(Timecode(fps: fps).format(time) == text)
  }

  @Test func parsesWhatItFormats() throws {
    let timecode = Timecode(fps: .fps30)
    let time = try #require(timecode.parse("01:02:03:04"))
    #expect(time == Time(value: (3_723 * 30) + 4, timescale: 30))
    #expect(timecode.format(time) == "01:02:03:04")
  }

  @Test(arguments: ["", "1:2:3", "00:60:00:00", "00:00:00:30", "aa:00:00:00", "-1:00:00:00"])
  func refusesWhatIsNotATimecode(text: String) {
    #expect(Timecode(fps: .fps30).parse(text) == nil)
  }

  @Test(arguments: [
    // Negative times clamp to zero, as kadr's Timecode does.
    Time(seconds: -5), Time(value: -1, timescale: 30), Time(value: .min, timescale: 1),
  ])
  func negativeTimesClampToZero(time: Time) {
    #expect(Timecode(fps: .fps30).format(time) == "00:00:00:00")
  }

  @Test func invalidTimeHasNoTimecode() {
    #expect(Timecode(fps: .fps30).format(.invalid) == "--:--:--:--")
  }

  @Test func veryLongTimesAreFormattedExactly() {
    // Int64.max seconds: the frame count would overflow Int64 at 30 fps, the timecode does not.
    #expect(
      Timecode(fps: .fps30).format(Time(value: .max, timescale: 1)) == "2562047788015215:30:07:00")
    // 599/600 s at the largest custom rate: ⌊599 × Int.max / 600⌋, below the rate.
    #expect(
      Timecode(fps: .custom(.max)).format(Time(value: 599, timescale: 600))
        == "00:00:00:9207999750126684513")
  }

  @Test func sampleVideoIsFourEqualColourBars() throws {
    let video = SampleMedia.video(seconds: 4, preset: .square)
    #expect(video.clips.count == 4)
    #expect(video.duration == Time(seconds: 4))
    #expect(video.preset == .square)
    let images = video.clips.compactMap { ($0 as? ImageClip)?.image }
    #expect(Set(images.map(\.data)).count == 4)
    #expect(images.allSatisfy { $0.format == .png })
  }
}
