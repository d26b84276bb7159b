import Foundation
import KadrModel

/// Compositions with transforms, opacity, volume and speed, which FCPXML holds.
extension Compositions {
  static func time(_ value: Int64, _ timescale: Int32 = 1) -> Time {
    Time(value: value, timescale: timescale)
  }

  /// A transform with every field away from its default.
  static let tilted = Transform(
    center: .normalized(x: 0.25, y: 0.75), rotation: 0.5, scale: 0.5, anchor: .topLeft)

  /// Static and animated transforms and opacity on a clip, a title and across a dissolve, clip
  /// volumes (one of them silence), and an audio track with a level, fades and two ramps, at
  /// 1920×1080 and 25 fps.
  static var looks: Video {
    let moving = Animation<Transform>.keyframes([
      .at(time(0), value: Transform(center: .normalized(x: 0.5, y: 0.5), scale: 1)),
      .at(time(1), value: Transform(center: .normalized(x: 0.75, y: 0.25), rotation: -1, scale: 2)),
    ])
    let fading = Animation<Double>.keyframes([.at(time(0), value: 1), .at(time(3, 2), value: 0.25)])
    return Video(
      clips: [
        clip("a.mov", from: 0, length: 4).transform(tilted).opacity(0.8).volume(0.5),
        Transition.dissolve(duration: seconds(1)),
        clip("b.mov", from: 2, length: 4).transform(.identity, animation: moving)
          .opacity(0.9, animation: fading).volume(0),
        TitleSequence("Look", duration: seconds(2)).transform(tilted).opacity(0.5),
        clip("c.mov", from: 0, length: 2).transformAnimation(moving).at(time: seconds(1)),
      ],
      audioTracks: [
        AudioTrack(
          url: media("music.m4a"), volumeLevel: 0.5, fadeInDuration: seconds(1),
          fadeOutDuration: time(3, 2), explicitDuration: seconds(6),
          volumeRamps: [
            .init(
              startVolume: 0.5, endVolume: 0.25,
              range: TimeRange(start: seconds(2), end: seconds(3))),
            .init(
              startVolume: 0.25, endVolume: 1, range: TimeRange(start: seconds(3), end: time(7, 2))),
          ])
      ],
      preset: .custom(width: 1920, height: 1080, frameRate: 25, codec: .h264))
  }

  /// A speed curve held at 1× for two seconds of source and 2× for two more (3 s on the
  /// timeline), a clip played backwards, one backwards at double speed and another curve, with
  /// dissolves between the last three, and audio tracks at
  /// double speed (pitch kept) and at half speed (varispeed) from an in-point.
  static var retimed: Video {
    let steps = Animation<Double>.keyframes([
      .at(time(0), value: 1), .at(time(2), value: 1), .at(time(2), value: 2),
      .at(time(4), value: 2),
    ])
    return Video(
      clips: [
        VideoClip(url: media("curve.mov")).trimmed(
          to: TimeRange(start: seconds(1), duration: seconds(4))
        )
        .speed(.curved(steps)),
        clip("back.mov", from: 2, length: 3).reversed(),
        // Across a dissolve: each side's time map still counts from its first frame in kadr.
        Transition.dissolve(duration: seconds(1)),
        clip("fast back.mov", from: 0, length: 4).reversed().speed(.flat(2)),
        Transition.dissolve(duration: seconds(1)),
        VideoClip(url: media("curve 2.mov")).trimmed(
          to: TimeRange(start: .zero, duration: seconds(4))
        )
        .speed(.curved(steps)),
      ],
      audioTracks: [
        AudioTrack(url: media("fast.m4a"), explicitDuration: seconds(4)).speed(2),
        AudioTrack(
          url: media("slow.m4a"), startTime: seconds(1), explicitDuration: seconds(2),
          trimStart: seconds(3)
        ).speed(0.5, algorithm: .varispeed),
      ])
  }

  /// A track holding a half-transparent nested track (a compound clip with an opacity).
  static var nestedOpacity: Video {
    Video(clips: [
      clip("a.mov", from: 0, length: 6),
      Track(
        clips: [
          clip("c.mov", from: 0, length: 2),
          Track(clips: [clip("d.mov", from: 0, length: 2)], name: "Faded", opacityFactor: 0.5),
        ], startTime: seconds(1), name: "Outer"),
    ])
  }

  /// A speed curve that ramps from 1× to 2× over two seconds of source: its length
  /// (2·ln 2 s) is not a whole number of frames.
  static var ramped: Video {
    Video {
      clip("a.mov", from: 0, length: 2)
      VideoClip(url: media("ramp.mov")).trimmed(to: TimeRange(start: .zero, duration: seconds(2)))
        .speed(.curved(.keyframes([.at(time(0), value: 1), .at(time(2), value: 2)])))
    }
  }
}
