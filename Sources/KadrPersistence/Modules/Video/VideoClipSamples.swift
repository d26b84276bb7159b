import Foundation
import KadrModel

/// The samples of `VideoClipCodec`: a bare clip, and clips that set every optional, fill every
/// filter array and use every timing kind (with the placement samples' cubic Bézier and
/// ease-in-out).
///
/// Compositors are not encoded, so the samples hold none. The filters are written by the filter
/// codecs of ``FiltersModule``, which the completeness report needs registered too.
enum VideoClipSamples {
  static var samples: CodecSamples<VideoClip> {
    CodecSamples(
      minimal: VideoClip(url: URL(fileURLWithPath: "/media/minimal.mov")),
      maximal: [full, reversed])
  }

  /// Every optional set (the exact speed is the rate's, 3/2); speed curve eased in, filter animations eased out and linear.
  static var full: VideoClip {
    VideoClip(
      url: URL(fileURLWithPath: "/media/a.mov"),
      trimRange: TimeRange(
        start: Time(value: 30, timescale: 30), duration: Time(value: 150, timescale: 30)),
      isReversed: false, isMuted: true, volumeLevel: 0.6,
      replacementAudioURL: URL(fileURLWithPath: "/media/voice over.m4a"),
      speedRate: 1.5,
      speedCurve: .keyframes(
        [
          .at(Time(value: 0, timescale: 600), value: 0.5),
          .at(Time(value: 1200, timescale: 600), value: 2),
        ],
        timing: .easeIn),
      filters: [.sepia(intensity: 0.4), .mono, .gaussianBlur(radius: 6)],
      filterIDs: ["sepia-1", "mono-1", "blur-1"],
      filterAnimations: [
        .keyframes(
          [
            .at(Time(value: 0, timescale: 30), value: 0),
            .at(Time(value: 60, timescale: 30), value: 1),
          ],
          timing: .easeOut),
        nil,
        .keyframes(
          [
            .at(Time(value: 0, timescale: 30), value: 2),
            .at(Time(value: 15, timescale: 30), value: 12),
          ],
          timing: .linear),
      ],
      clipID: "hero", startTime: Time(value: 45, timescale: 30),
      transform: ClipPlacementSamples.transform,
      transformAnimation: ClipPlacementSamples.transformAnimation, opacity: 0.9,
      opacityAnimation: ClipPlacementSamples.opacityAnimation,
      speedRatio: SpeedRatio(numerator: 3, denominator: 2),
      name: "Interview “A”", role: Role.dialogue.subrole("Dialogue-1"),
      markers: TimelineSamples.markers)
  }

  /// Reversed, at an http URL, with the other filter shapes (a look-up table and a chroma key).
  static var reversed: VideoClip {
    VideoClip(
      url: URL(string: "https://example.com/clips/b.mp4?take=2") ?? URL(fileURLWithPath: "/b.mp4"),
      trimRange: TimeRange(start: .zero, duration: Time(value: 2, timescale: 1)),
      isReversed: true, isMuted: false, volumeLevel: 0,
      replacementAudioURL: URL(string: "https://example.com/audio/c.m4a")
        ?? URL(fileURLWithPath: "/c.m4a"),
      speedRate: 0.25,
      speedCurve: .keyframes([.at(Time(value: 0, timescale: 1), value: 1)], timing: .linear),
      filters: [
        .lut(url: URL(fileURLWithPath: "/luts/film.cube")),
        .chromaKey(color: PlatformColor(red: 0, green: 1, blue: 0.2, alpha: 1), threshold: 0.35),
      ],
      filterIDs: ["lut-1", "key-1"],
      filterAnimations: [nil, nil],
      clipID: "reversed", startTime: .zero,
      transform: .identity,
      transformAnimation: .keyframes(
        [.at(Time(value: 0, timescale: 30), value: .identity)], timing: .easeInOut),
      opacity: 0,
      opacityAnimation: .keyframes(
        [.at(Time(value: 0, timescale: 30), value: 1)],
        timing: .cubicBezier(CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))))
  }
}

/// Markers of every kind, shared by the samples of the composition and of clips.
enum TimelineSamples {
  static var markers: [Marker] {
    [
      Marker("Start", at: .zero),
      Marker(
        "Act two", at: Time(value: 30030, timescale: 30000),
        duration: Time(value: 1001, timescale: 30000), kind: .chapter, note: "Chapter 2"),
      Marker("Fix colour", at: Time(value: 2, timescale: 1), kind: .toDo(completed: false)),
      Marker("Checked", at: Time(value: 3, timescale: 1)).note("by the editor").completed(),
    ]
  }
}
