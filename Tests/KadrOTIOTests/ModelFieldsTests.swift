import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrOTIO

/// The importer changes a few fields of a value by rebuilding it through the model's public
/// initializer (`ModelFields.swift`); rebuilding without a change must give the same value, or a
/// field the rebuild forgets (one added to the model later, say) would be dropped silently.
@Suite("KadrOTIO's rebuilds keep every field")
struct ModelFieldsTests {
  static let marker = Marker("Check", at: Time(seconds: 1), duration: Time(seconds: 2))
    .note("a note")

  /// A video clip with every field set.
  static var fullVideo: VideoClip {
    VideoClip(
      url: URL(fileURLWithPath: "/m/a.mov"),
      trimRange: TimeRange(start: Time(seconds: 1), duration: Time(seconds: 4)), isReversed: true,
      isMuted: true, volumeLevel: 0.3, replacementAudioURL: URL(fileURLWithPath: "/m/b.m4a"),
      speedRate: 0.5, filters: [.sepia(intensity: 0.4)], filterIDs: [FilterID("s")],
      filterAnimations: [nil], clipID: ClipID("v"), startTime: Time(seconds: 2),
      transform: Transform(center: .normalized(x: 0.4, y: 0.6), rotation: 0.2, scale: 1.1),
      opacity: 0.9, speedRatio: SpeedRatio(numerator: 1, denominator: 2), name: "Interview",
      role: .dialogue, markers: [marker])
  }

  @Test func aVideoClipRebuiltUnchangedIsTheSame() {
    let clip = Self.fullVideo
    #expect(ReflectionDiff.differences(clip, clip.changing { _ in }) == [])
  }

  @Test func anAudioTrackRebuiltUnchangedIsTheSame() {
    let track = AudioTrack(
      url: URL(fileURLWithPath: "/m/music.m4a"), volumeLevel: 0.4, duckingLevel: 0.2,
      startTime: Time(seconds: 1), explicitDuration: Time(seconds: 9), speedRate: 1.25,
      trimStart: Time(seconds: 3), role: .music)
    #expect(ReflectionDiff.differences(track, track.changing { _ in }) == [])
  }

  @Test func aTitleAndAStillRebuiltUnchangedAreTheSame() {
    let title = TitleSequence("Hello", duration: 2).named("Opening").role(.titles)
      .marker(Self.marker)
    let rebuilt = title.changing(
      duration: title.duration, clipID: title.clipID, startTime: title.startTime)
    #expect(ReflectionDiff.differences(title, rebuilt) == [])
  }

  @Test func aCompositionRebuiltUnchangedIsTheSame() throws {
    let video = Video(
      clips: [Self.fullVideo], audioTracks: [AudioTrack(url: URL(fileURLWithPath: "/m/x.m4a"))],
      preset: .customRate(width: 1920, height: 1080, frameRate: .ntsc30DropFrame, codec: .hevc),
      quality: .bitrate(8_000_000),
      captions: [Caption(text: "c", timeRange: TimeRange(start: .zero, duration: Time(seconds: 1)))]
    )
    .marker(Self.marker)
    .startTimecode(try SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame))
    let rebuilt = video.changing(
      clips: video.clips, audioTracks: video.audioTracks, overlays: video.overlays,
      captions: video.captions)
    #expect(ReflectionDiff.differences(video, rebuilt) == [])
  }
}
