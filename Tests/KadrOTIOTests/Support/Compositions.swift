import Foundation
import KadrModel
import KadrPersistence

/// The compositions the OpenTimelineIO tests export and import.
enum Compositions {
  static func media(_ name: String) -> URL { URL(fileURLWithPath: "/media/\(name)") }

  static func time(_ value: Int64, _ timescale: Int32) -> Time {
    Time(value: value, timescale: timescale)
  }

  static func range(_ start: Int64, _ duration: Int64, _ timescale: Int32) -> TimeRange {
    TimeRange(start: time(start, timescale), duration: time(duration, timescale))
  }

  static let photo = PlatformImage.solidColor(
    PlatformColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1), width: 3, height: 2)
  static let logo = PlatformImage.solidColor(.white, width: 2, height: 2)

  static let fade = Animation<Double>.keyframes(
    [.at(time(0, 30), value: 0), .at(time(30, 30), value: 1)], timing: .easeInOut)
  static let move = Animation<Transform>.keyframes(
    [.at(.zero, value: .identity), .at(time(1, 1), value: Transform(scale: 1.5))])

  /// A main chain with every transition kind and clip kind, an `at(time:)` clip, a track with a
  /// nested track, audio with fades and ducking, captions, every overlay kind, filters with an
  /// animation, speed, reversal and a speed curve.
  static let broad: Video = {
    let hero = VideoClip(url: media("a.mov"))
      .trimmed(to: range(30, 150, 30))
      .filter(.sepia(intensity: 0.4), id: "sepia-1", animation: fade)
      .filter(.mono, id: "mono-1")
      .id("hero")
      .transform(Transform(center: .normalized(x: 0.4, y: 0.6), rotation: 0.25, scale: 1.2))
      .opacity(0.9, animation: fade)
      .volume(0.6)
    let fast = VideoClip(url: media("b c.mov"))
      .trimmed(to: range(600, 2400, 600))
      .speed(.flat(2))
      .muted()
    let still = ImageClip(photo, duration: time(60, 30)).background(.black).id("photo")
      .transform(Transform(scale: 1.1), animation: move)
    let title = TitleSequence(
      "Chapter One", duration: time(90, 30),
      style: TextStyle(fontName: "Menlo", fontSize: 42, alignment: .center, weight: .bold))
    let timed = VideoClip(url: media("c.mov"))
      .trimmed(to: range(0, 4, 1))
      .reversed()
      .filter(.gaussianBlur(radius: 4), id: "blur")
      .filter(.lut(url: media("look.cube")), id: "look")
      .filter(.chromaKey(color: .white, threshold: 0.3), id: "key")
      .at(time: time(2, 1))
    let curved = VideoClip(url: media("d.mov"))
      .trimmed(to: range(0, 1200, 600))
      .speed(
        .curved(
          .keyframes([.at(.zero, value: 1), .at(time(2, 1), value: 2)], timing: .linear)))
    let nested = Track(name: "inner") {
      TitleSequence("deep", duration: time(1, 1))
      Transition.dissolve(duration: time(1, 4))
      curved
    }
    let track = Track(at: time(200, 30), name: "overlayTrack") {
      VideoClip(url: media("e.mov")).trimmed(to: range(0, 90, 30))
      Transition.dissolve(duration: time(15, 30))
      nested
      ImageClip(logo, duration: time(1, 1)).opacity(0.5)
    }
    .opacity(0.7)
    return Video {
      hero
      Transition.dissolve(duration: time(15, 30))
      fast
      Transition.fade(duration: time(1, 2))
      still
      timed
      Transition.slide(direction: .fromBottom, duration: time(10, 30))
      title
      track
      VideoClip(url: media("f.mov")).trimmed(to: range(0, 1, 1)).id("last")
    }
    .audio {
      AudioTrack(url: media("music.m4a")).volume(0.5).fadeIn(time(30, 30)).fadeOut(2)
        .ducking(0.2).at(time: time(1, 2)).duration(time(5, 1))
        .volumeRamp(start: 0.2, end: 0.8, during: range(30, 60, 30))
        .crossfade(time(1, 1))
      AudioTrack(url: media("voice.wav")).speed(1.25, algorithm: .timeDomain)
    }
    .overlay(
      TextOverlay("Watermark").id("wm").position(.bottom).visible(during: range(0, 60, 30))
        .animation(.fadeIn(duration: time(15, 30)))
    )
    .overlay(ImageOverlay(logo).id("logo").size(.normalized(width: 0.2, height: 0.2)))
    .overlay(StickerOverlay(logo).rotation(0.4))
    .captions([
      Caption(text: "first", timeRange: range(0, 30, 30)),
      Caption(text: "second", timeRange: range(2, 1, 1)),
    ])
    .preset(.custom(width: 1080, height: 1920, frameRate: 30, codec: .hevc))
    .quality(.bitrate(6_000_000))
    .crop(at: .percent(x: 50, y: 50), size: .normalized(width: 0.9, height: 0.9))
  }()
}
