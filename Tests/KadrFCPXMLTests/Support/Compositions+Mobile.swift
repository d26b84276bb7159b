import Foundation
import KadrModel

extension Compositions {
  /// 1/600 s steps, as a touch scrubber gives them.
  static func ticks(_ value: Int64) -> Time { Time(value: value, timescale: 600) }

  /// Ordinary mobile work: the vertical Reels and Shorts preset with an export quality, trims
  /// from a touch scrubber (1/600 s steps, off the 30 fps grid), speeds of 1.1× and 2.5× whose
  /// lengths fall between frames, and an audio track and a caption that start between frames
  /// (the caption runs 3.55 → 62.1 frames: its ends snap to 4 and 62, 58 frames, where its
  /// length on its own, 58.55, would round to 59).
  /// Nothing in it changes the picture or sound in Final Cut Pro: it exports with notes only.
  static var mobile: Video {
    Video(
      clips: [
        VideoClip(url: media("a.mov")).trimmed(
          to: TimeRange(start: ticks(7), duration: ticks(1001))),
        VideoClip(url: media("b.mov")).trimmed(
          to: TimeRange(start: .zero, duration: ticks(1333))
        ).speed(.flat(1.1)),
        VideoClip(url: media("c.mov")).trimmed(
          to: TimeRange(start: .zero, duration: ticks(1021))
        ).speed(.flat(2.5)),
      ],
      audioTracks: [
        AudioTrack(url: media("m.wav"), startTime: ticks(301), explicitDuration: ticks(1200))
      ],
      preset: .reelsAndShorts,
      captions: [Caption(text: "hi", timeRange: TimeRange(start: ticks(71), duration: ticks(1171)))]
    ).quality(.bitrate(4_000_000))
  }
}
