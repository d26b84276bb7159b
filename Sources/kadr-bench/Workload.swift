import Foundation
import KadrPersistence

/// Builds benchmark compositions that use every clip kind, filters, animations, overlays and
/// audio, in proportions a real editor project might have.
enum Workload {
  /// A composition with about `clipCount` clips (tracks' inner clips included), and the image
  /// store that holds its images.
  static func composition(clipCount: Int) -> (Video, InMemoryImageStore) {
    let store = InMemoryImageStore()
    let images = (0..<4).map { index in
      PlatformImage.solidColor(
        PlatformColor(red: Double(index) / 4, green: 0.5, blue: 0.8), width: 2 + index,
        height: 2)
    }
    for (index, image) in images.enumerated() {
      store.insert(image, token: "file:bench-\(index).png")
    }

    var clips: [any Clip] = []
    clips.reserveCapacity(clipCount)
    var made = 0
    while made < clipCount {
      let step = made % 10
      switch step {
      case 0, 5: clips.append(videoClip(made))
      case 1: clips.append(Transition.dissolve(duration: Time(value: 15, timescale: 30)))
      case 2: clips.append(imageClip(made, image: images[made % images.count]))
      case 3: clips.append(TitleSequence("Title \(made)", duration: 2.5))
      case 4:
        clips.append(
          Transition.slide(direction: .fromLeft, duration: Time(value: 10, timescale: 30)))
      case 6:
        clips.append(
          Track(at: Time(value: Int64(made), timescale: 30), name: "track \(made)") {
            videoClip(made + 1)
            TitleSequence("Lower third \(made)", duration: 1.5)
          }.opacity(0.8))
        made += 2
      case 7: clips.append(Transition.fade(duration: 0.5))
      default: clips.append(videoClip(made).at(time: Double(made)))
      }
      made += 1
    }

    var video = Video { clips }
      .preset(.custom(width: 1080, height: 1920, frameRate: 30, codec: .hevc))
      .quality(.bitrate(6_000_000))
      .crop(at: .center, size: .normalized(width: 0.9, height: 0.9))
      .audio {
        AudioTrack(url: URL(fileURLWithPath: "/media/music.m4a")).volume(0.5).fadeIn(1)
          .volumeRamp(start: 0.2, end: 0.8, during: 1...3)
        AudioTrack(url: URL(fileURLWithPath: "/media/voice.m4a")).ducking(0.3).at(time: 2)
      }
      .captions(
        (0..<max(1, clipCount / 10)).map { index in
          Caption(
            text: "Caption \(index)",
            timeRange: TimeRange(
              start: Time(value: Int64(index) * 30, timescale: 30),
              duration: Time(value: 30, timescale: 30)))
        })
    for index in 0..<max(3, clipCount / 100) {
      switch index % 3 {
      case 0:
        video = video.overlay(
          TextOverlay("Overlay \(index)").position(.bottom).id(LayerID("t\(index)"))
            .animation(FadeIn(duration: 0.5)))
      case 1:
        video = video.overlay(
          ImageOverlay(images[index % images.count]).position(
            .topLeft,
            animation: .keyframes([.at(0, value: .topLeft), .at(2, value: .center)])))
      default:
        video = video.overlay(
          StickerOverlay(images[index % images.count]).rotation(degrees: 15).shadow(
            StickerOverlay.Shadow()))
      }
    }
    return (video, store)
  }

  static func videoClip(_ index: Int) -> VideoClip {
    VideoClip(url: URL(fileURLWithPath: "/media/clip-\(index).mov"))
      .trimmed(
        to: TimeRange(
          start: Time(value: 30, timescale: 30), duration: Time(value: 150, timescale: 30))
      )
      .filter(.sepia(intensity: 0.4), .mono)
      .filter(
        .gaussianBlur(radius: 4),
        animation: .keyframes([.at(0, value: 0), .at(1, value: 8)], timing: .easeInOut)
      )
      .id(ClipID("clip-\(index)"))
      .transform(Transform(center: .normalized(x: 0.4, y: 0.6), rotation: 0.25, scale: 1.2))
      .opacity(0.9, animation: .keyframes([.at(0, value: 0), .at(1, value: 0.9)]))
      .volume(0.6)
  }

  static func imageClip(_ index: Int, image: PlatformImage) -> ImageClip {
    ImageClip(image, duration: 2).background(.black).id(ClipID("photo-\(index)"))
  }
}
