import Foundation
import KadrPersistence

/// The demo's showcase composition: every built-in kind, as an editor would build it.
enum Showcase {
  static func composition() -> Video {
    let media = URL(fileURLWithPath: "/media")
    let photo = PlatformImage.solidColor(
      PlatformColor(red: 0.95, green: 0.55, blue: 0.2), width: 64, height: 36)
    let logo = PlatformImage.solidColor(
      PlatformColor(red: 0.1, green: 0.4, blue: 0.9), width: 16, height: 16)
    let sticker = PlatformImage.solidColor(.white, width: 8, height: 8)
    let fadeInOut = Animation<Double>.keyframes(
      [.at(0, value: 0), .at(0.5, value: 1), .at(3.5, value: 1), .at(4, value: 0)],
      timing: .easeInOut)

    return Video {
      VideoClip(url: media.appendingPathComponent("opening.mov"))
        .trimmed(to: 2...8)
        .id("opening")
        .filter(.saturation(1.2), .vignette(intensity: 0.6))
        .filter(
          .gaussianBlur(radius: 0),
          animation: .keyframes([.at(0, value: 12), .at(1, value: 0)], timing: .easeOut)
        )
        .opacity(1, animation: fadeInOut)
      Transition.slide(direction: .fromRight, duration: 0.5)
      VideoClip(url: media.appendingPathComponent("city.mov"))
        .trimmed(to: 0...8)
        .id("city")
        .speed(
          .curved(
            .keyframes(
              [.at(0, value: 1), .at(2, value: 2), .at(4, value: 1)],
              timing: .cubicBezier(CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))))
        )
        .filter(.lut(url: media.appendingPathComponent("teal-orange.cube")), .sharpen(amount: 0.3))
        .volume(0.4)
      Transition.dissolve(duration: 0.75)
      ImageClip(photo, duration: 3)
        .id("photo")
        .background(.black)
        .transform(
          Transform(scale: 1.1),
          animation: .keyframes(
            [.at(0, value: Transform(scale: 1.0)), .at(3, value: Transform(scale: 1.15))]))
      TitleSequence(
        "The End", duration: 2.5,
        style: TextStyle(
          fontName: "Avenir Next", fontSize: 72, color: .white, alignment: .center, weight: .bold,
          shadow: TextShadow()),
        background: PlatformColor(red: 0.05, green: 0.05, blue: 0.1)
      )
      .id("credits")
      Track(at: 3, name: "picture-in-picture") {
        VideoClip(url: media.appendingPathComponent("reaction.mov"))
          .trimmed(to: 0...4)
          .id("reaction")
          .muted()
          .transform(Transform(center: .normalized(x: 0.75, y: 0.25), scale: 0.35))
          .filter(.chromaKey(color: .green, threshold: 0.35))
        Track(name: "lower-third") {
          TitleSequence("Live from the studio", duration: 2).id("lower-third")
        }
      }
      .opacity(0.9)
      VideoClip(url: media.appendingPathComponent("bonus.mov"))
        .trimmed(to: 0...2)
        .id("bonus")
        .at(time: 12)
        .filter(
          .mono, .contrast(1.1), .brightness(0.05), .exposure(0.2), .sepia(), .zoomBlur(amount: 4)
        )
        .filter(.glow(intensity: 0.5))
        .reversed()
    }
    .audio {
      AudioTrack(url: media.appendingPathComponent("music.m4a"))
        .volume(0.7).fadeIn(1).fadeOut(2).ducking(0.3)
        .volumeRamp(start: 0.7, end: 0.3, during: 6...9)
      AudioTrack(url: media.appendingPathComponent("voice-over.m4a"))
        .at(time: 2).duration(6).crossfade(0.5)
        .volumeRamp(start: 0, end: 1, during: 0...1)
        .speed(1.05, algorithm: .timeDomain)
    }
    .overlay(
      TextOverlay("kadr", style: TextStyle(fontSize: 48, weight: .medium))
        .position(.top).anchor(.top).id("wordmark")
        .visible(during: 0...6)
        .animation(SlideIn(from: .fromTop, duration: 0.6))
    )
    .overlay(
      TextOverlay("Subscribe").position(.bottom).anchor(.bottom).id("cta")
        .visible(during: 8...12).animation(ScaleUp(from: 0.2, duration: 0.4))
    )
    .overlay(
      ImageOverlay(logo)
        .position(
          .topRight, animation: .keyframes([.at(0, value: .topRight), .at(4, value: .bottomRight)])
        )
        .size(
          .pixels(width: 96, height: 96),
          animation: .keyframes([
            .at(0, value: .pixels(width: 96, height: 96)),
            .at(4, value: .pixels(width: 64, height: 64)),
          ])
        )
        .anchor(.topRight).opacity(0.8).id("logo")
    )
    .overlay(
      StickerOverlay(sticker).position(.normalized(x: 0.2, y: 0.7)).rotation(degrees: -12)
        .shadow(color: .black, radius: 6, offset: CGSize(width: 0, height: 3), opacity: 0.5)
        .id("sticker").visible(during: 4...10)
    )
    .captions([
      Caption(text: "Welcome to the city.", timeRange: TimeRange(1...4)),
      Caption(text: "That's all for today.", timeRange: TimeRange(14...16)),
    ])
    .crop(
      at: .center,
      size: .aspectFit(within: .normalized(width: 1, height: 1), sourceAspect: 9.0 / 16.0)
    )
    .preset(.reelsAndShorts)
    .quality(.fileSize(bytes: 25_000_000))
  }
}
