import Foundation
import KadrPersistence
import KadrPluginExample

/// The compositions the example saves: plugin kinds mixed with built-in kinds, at the top level
/// and inside nested tracks.
enum Showcase {
  static func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

  /// Every plugin kind next to built-in kinds: a countdown, a clip with a halftone (plugin) and a
  /// sepia (built-in) filter, a track holding a countdown, a track holding built-ins and a nested
  /// track; a progress bar and a text overlay that types itself.
  static func composition() -> Video {
    let halftone = Animation<Double>.keyframes(
      [.at(seconds(0), value: 2), .at(seconds(4), value: 9)], timing: .easeInOut)
    let hero = VideoClip(url: URL(fileURLWithPath: "/media/hero.mov"))
      .trimmed(to: 1...5)
      .filter(.custom(Halftone(dotSize: 4, angle: 0.3)), id: "halftone", animation: halftone)
      .filter(.sepia(intensity: 0.4), id: "sepia")
      .id("hero")
    return Video(
      clips: [
        Countdown(from: 3, face: .ring, color: .white).id("intro"),
        hero,
        Transition.dissolve(duration: 0.5),
        Track(name: "plugin track") {
          Countdown(from: 5, color: PlatformColor(red: 1, green: 0.8, blue: 0)).at(time: seconds(2))
          TitleSequence("Go!", duration: 1)
        },
        Track(name: "built-ins") {
          VideoClip(url: URL(fileURLWithPath: "/media/crowd.mov")).muted()
          Track(name: "inner") {
            TitleSequence("The end", duration: 2)
            Countdown(from: 2, face: .digits, color: .red)
          }
        },
      ],
      preset: .reelsAndShorts,
      overlays: [
        ProgressBar(fill: .red, thickness: 6, layerID: "progress"),
        TextOverlay(
          text: "Ready?", position: .top, anchor: .top, layerID: "headline",
          textAnimation: Typewriter(charactersPerSecond: 8, beginTime: seconds(1))),
      ])
  }

  /// The same composition, but one countdown holds code (`onTick`), which a file cannot hold.
  static func lossyComposition() -> Video {
    var clips = composition().clips
    clips[0] = Countdown(from: 3, face: .ring).id("intro").onTick { number in
      print("tick \(number)")
    }
    return Video(clips: clips, preset: .reelsAndShorts, overlays: composition().overlays)
  }
}
