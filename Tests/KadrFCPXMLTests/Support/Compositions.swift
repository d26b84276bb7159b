import Foundation
import KadrModel
import KadrOTIO

/// Compositions the FCPXML tests export: each holds only what FCPXML holds (no losses) unless
/// its name says otherwise.
enum Compositions {
  static func media(_ name: String) -> URL { URL(fileURLWithPath: "/media/\(name)") }

  static func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

  static func clip(_ name: String, from start: Int64, length: Int64) -> VideoClip {
    VideoClip(url: media(name)).trimmed(
      to: TimeRange(start: seconds(start), duration: seconds(length)))
  }

  /// Two clips cut together.
  static var cut: Video {
    Video {
      clip("a.mov", from: 2, length: 5)
      clip("b c.mov", from: 0, length: 3).id("second").named("second")
    }
  }

  /// Two clips with a one-second dissolve between them.
  static var dissolve: Video {
    Video {
      clip("a.mov", from: 0, length: 5)
      Transition.dissolve(duration: seconds(1))
      clip("b.mov", from: 10, length: 4)
    }
  }

  /// The main chain with a title and a gap, a clip placed with `at(time:)`, a named track of
  /// two clips, an audio track, a muted clip at double speed and a caption, at 25 fps.
  static var broad: Video {
    Video(
      clips: [
        TitleSequence(
          "Chapter One", duration: seconds(2),
          style: TextStyle(fontName: "Helvetica", fontSize: 48, alignment: .center, weight: .bold)),
        clip("a.mov", from: 1, length: 4),
        OTIOPlaceholder(role: .gap, duration: seconds(1)),
        VideoClip(
          url: media("fast.mov"), trimRange: TimeRange(start: seconds(2), duration: seconds(4))
        )
        .speed(.flat(2)).muted(),
        clip("b.mov", from: 0, length: 2).at(time: Time(value: 6, timescale: 5)),
        Track(
          clips: [clip("c.mov", from: 0, length: 1), clip("d.mov", from: 5, length: 2)],
          startTime: seconds(4), name: "Overlay"),
      ],
      audioTracks: [
        AudioTrack(url: media("music.m4a"), startTime: seconds(1), explicitDuration: seconds(6))
      ],
      preset: .custom(width: 1920, height: 1080, frameRate: 25, codec: .h264),
      captions: [
        Caption(
          text: "Hello & welcome", timeRange: TimeRange(start: seconds(1), duration: seconds(2)))
      ])
  }

  /// ``broad`` with a clip where its title is: OpenTimelineIO's adapter cannot read items
  /// connected to a title (it looks the title's effect up as an asset and fails).
  static var broadWithoutTitle: Video {
    var clips = broad.clips
    clips[0] = clip("opening.mov", from: 0, length: 2)
    return Video(
      clips: clips, audioTracks: broad.audioTracks, preset: broad.preset,
      captions: broad.captions)
  }

  /// A track whose clips dissolve into each other, over one clip, with an audio track that
  /// starts inside its file.
  static var storylineDissolve: Video {
    Video(
      clips: [
        clip("a.mov", from: 0, length: 6),
        Track(
          clips: [
            clip("c.mov", from: 0, length: 3), Transition.dissolve(duration: seconds(1)),
            clip("d.mov", from: 4, length: 3),
          ], startTime: seconds(1), name: "B-roll"),
      ],
      audioTracks: [
        AudioTrack(
          url: media("m.wav"), startTime: seconds(1), explicitDuration: seconds(3),
          trimStart: seconds(2))
      ])
  }

  /// A track holding a named and an unnamed nested track (compound clips in FCPXML).
  static var nestedTracks: Video {
    Video(clips: [
      clip("a.mov", from: 0, length: 8),
      Track(
        clips: [
          clip("c.mov", from: 0, length: 2),
          Track(
            clips: [clip("d.mov", from: 0, length: 1), clip("e.mov", from: 3, length: 2)],
            name: "Inner"),
          Track(clips: [clip("f.mov", from: 1, length: 1)]),
        ], startTime: seconds(1), name: "Outer"),
    ])
  }

  /// Two clips with a half-second dissolve at 60 fps.
  static var sixty: Video {
    Video(
      clips: [
        clip("a.mov", from: 0, length: 2),
        Transition.dissolve(duration: Time(value: 1, timescale: 2)),
        clip("b.mov", from: 1, length: 2),
      ], preset: .custom(width: 1920, height: 1080, frameRate: 60, codec: .h264))
  }

  /// A fade through black and a slide: Final Cut Pro's Fade To Color and Slide.
  static var fadeAndSlide: Video {
    Video {
      clip("a.mov", from: 0, length: 3)
      Transition.fade(duration: seconds(1))
      clip("b.mov", from: 0, length: 3)
      Transition.slide(direction: .fromLeft, duration: seconds(1))
      clip("c.mov", from: 0, length: 3)
    }
  }

  /// A clip placed after the main chain ends, so the spine needs a trailing gap.
  static var lateClip: Video {
    Video {
      clip("a.mov", from: 0, length: 2)
      clip("late.mov", from: 0, length: 3).at(time: seconds(5))
    }
  }

  /// What FCPXML cannot hold: a filter, replacement audio, an overlay.
  static var lossy: Video {
    Video {
      clip("a.mov", from: 0, length: 2).filter(.mono).withAudio(media("voice.m4a"))
    }.overlay(TextOverlay("Hi"))
  }

  /// A clip whose length is not a whole number of 30 fps frames.
  static var offFrame: Video {
    Video {
      VideoClip(url: media("a.mov")).trimmed(
        to: TimeRange(start: .zero, duration: Time(value: 1001, timescale: 600)))
    }
  }
}
