import Foundation
import KadrModel
import KadrPersistenceCore

/// The maximal compositions of `CompositionCodec/samples()`.
///
/// Their clips and overlays use only kinds of the standard registry whose samples need no image:
/// title clips and a text overlay. The compositor and its window are left unset: they are not
/// written, and the report does not ask for them.
enum CompositionSamples {
  /// Two compositions that set every written field: every collection non-empty and the crop set,
  /// with different presets and qualities.
  static let maximal: [Video] = [
    Video(
      clips: [
        TitleSequence("Chapter One", duration: Time(value: 90, timescale: 30)),
        TitleSequence("Chapter Two", duration: Time(value: 2, timescale: 1)),
      ],
      audioTracks: [AudioTrackCodec.maximalSample(pitchAlgorithm: .timeDomain)],
      preset: .custom(width: 1080, height: 1920, frameRate: 30, codec: .hevc),
      overlays: [TextOverlay("Watermark")],
      crop: CropRegion(
        position: .percent(x: 50, y: 50), size: .normalized(width: 0.9, height: 0.9)),
      quality: .bitrate(6_000_000),
      captions: [
        Caption(
          text: "first",
          timeRange: TimeRange(start: .zero, duration: Time(value: 30, timescale: 30)))
      ]),
    Video(
      clips: [TitleSequence("The End", duration: Time(value: 1, timescale: 1))],
      audioTracks: [
        AudioTrack(url: URL(fileURLWithPath: "/media/voice.m4a")),
        AudioTrackCodec.maximalSample(pitchAlgorithm: .varispeed),
      ],
      preset: .cinema,
      overlays: [TextOverlay("Credits")],
      crop: CropRegion(
        position: .pixels(x: 0, y: 0), size: .pixels(width: 1280, height: 720), anchor: .topLeft),
      quality: .fileSize(bytes: 50_000_000),
      captions: [
        Caption(
          text: "last",
          timeRange: TimeRange(
            start: Time(value: 1, timescale: 2), duration: Time(value: 1, timescale: 2)))
      ]),
    Video(
      clips: [TitleSequence("Broadcast", duration: Time(value: 1001, timescale: 30000))],
      preset: .custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264),
      overlays: [TextOverlay("Bug")],
      crop: CropRegion(
        position: .normalized(x: 0.5, y: 0.5), size: .percent(width: 90, height: 90)),
      markers: TimelineSamples.markers,
      startTimecode: try? SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame)),
  ]
}
