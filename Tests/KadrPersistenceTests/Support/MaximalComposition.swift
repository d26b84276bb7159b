import Foundation
import KadrPersistence

/// A composition that uses every built-in kind with every optional set: every clip, overlay,
/// filter and text-animation kind, every timing kind, every size and position kind, tracks nested
/// three deep, audio with every field, captions, a crop.
enum MaximalComposition {
  static let timings: [TimingFunction] = [
    .linear, .easeIn, .easeOut, .easeInOut,
    .cubicBezier(CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.25, y: 1)),
  ]

  static func seconds(_ value: Int64, _ timescale: Int32 = 30) -> Time {
    Time(value: value, timescale: timescale)
  }

  static func doubleAnimation(_ timing: TimingFunction) -> Animation<Double> {
    .keyframes(
      [.at(seconds(0), value: 0), .at(seconds(15), value: 0.5), .at(seconds(30), value: 1)],
      timing: timing)
  }

  static let style = TextStyle(
    fontName: "Menlo", fontSize: 42,
    color: PlatformColor(red: 1, green: 0.9, blue: 0.8, alpha: 0.95),
    alignment: .trailing, weight: .medium, stroke: TextStroke(width: 2, color: .red),
    shadow: TextShadow(
      offset: CGSize(width: 1, height: 2), blur: 4,
      color: PlatformColor(red: 0, green: 0, blue: 0.3, alpha: 0.6)))

  /// One filter of every built-in kind, with distinct scalars.
  static var allFilters: [Filter] {
    FilterKind.allCases.enumerated().map { index, kind -> Filter in
      let filter: Filter
      switch kind {
      case .lut: filter = .lut(url: URL(fileURLWithPath: "/luts/film.cube"))
      case .chromaKey: filter = .chromaKey(color: .green, threshold: 0.35)
      default: filter = kind.defaultFilter ?? .mono
      }
      return filter.withScalar(Double(index) / 10)
    }
  }

  static func video(_ index: Int, timing: TimingFunction) -> VideoClip {
    VideoClip(
      url: URL(fileURLWithPath: "/media/clip \(index).mov"),
      trimRange: TimeRange(start: seconds(30), duration: seconds(150)), isReversed: true,
      isMuted: true, volumeLevel: 0.25,
      replacementAudioURL: URL(fileURLWithPath: "/media/voice \(index).m4a"), speedRate: 1.5,
      speedCurve: doubleAnimation(timing),
      filters: allFilters,
      filterIDs: FilterKind.allCases.map { FilterID("f-\(index)-\($0.rawValue)") },
      filterAnimations: FilterKind.allCases.enumerated().map {
        $0.offset % 2 == 0 ? doubleAnimation(timing) : nil
      },
      compositors: [], clipID: ClipID("video-\(index)"), startTime: seconds(Int64(index)),
      transform: Transform(
        center: .pixels(x: 540, y: 960), rotation: -0.5, scale: 0.75, anchor: .bottomRight),
      transformAnimation: .keyframes(
        [
          .at(seconds(0), value: .identity),
          .at(seconds(30), value: Transform(center: .percent(x: 10, y: 90), anchor: .top)),
        ],
        timing: timing),
      opacity: 0.9, opacityAnimation: doubleAnimation(timing))
  }

  static func make(
    preset: Preset = .custom(width: 720, height: 1280, frameRate: 25, codec: .hevc),
    quality: ExportQuality = .fileSize(bytes: 10_000_000)
  ) -> (Video, InMemoryImageStore) {
    let store = InMemoryImageStore()
    let photo = PlatformImage.solidColor(.red, width: 3, height: 2)
    let logo = PlatformImage.solidColor(.blue, width: 2, height: 2)
    store.insert(photo, token: "file:photo.png")
    store.insert(logo, token: "file:logo.png")

    let clips: [any Clip] = [
      video(0, timing: timings[0]),
      Transition.slide(direction: .fromTop, duration: seconds(10)),
      ImageClip(
        image: photo, duration: seconds(60), backgroundColor: .gray,
        audioURL: URL(fileURLWithPath: "/media/photo.m4a"), clipID: "photo", startTime: seconds(7),
        transform: Transform(rotation: 0.1),
        transformAnimation: .keyframes([.at(seconds(0), value: .identity)], timing: timings[1]),
        opacity: 0.5, opacityAnimation: doubleAnimation(timings[1])),
      Transition.dissolve(duration: seconds(5)),
      TitleSequence(
        text: "Chapter One\n—¡Olé! 日本 \"quoted\" \\ / \u{1}", style: style, backgroundColor: .white,
        duration: seconds(90), clipID: "title", startTime: seconds(3),
        transform: Transform(scale: 2),
        transformAnimation: .keyframes([.at(seconds(0), value: .identity)], timing: timings[2]),
        opacity: 0.7, opacityAnimation: doubleAnimation(timings[2])),
      Transition.fade(duration: seconds(20)),
      Track(
        clips: [
          video(1, timing: timings[3]),
          Track(
            clips: [
              Track(
                clips: [video(2, timing: timings[4])], startTime: seconds(1), name: "depth 3",
                opacityFactor: 0.5)
            ], startTime: seconds(2), name: "depth 2", opacityFactor: 0.6),
        ], startTime: seconds(200), name: "depth 1", opacityFactor: 0.7),
    ]
    let overlays: [any Overlay] = [
      TextOverlay(
        text: "Fade", style: style, position: .percent(x: 50, y: 90),
        size: .percent(width: 80, height: 10),
        anchor: .bottom, opacity: 0.8, layerID: "fade",
        visibilityRange: TimeRange(start: .zero, duration: seconds(60)),
        textAnimation: FadeIn(duration: seconds(15), from: 0.1, beginTime: 0.5)),
      TextOverlay(
        text: "Slide", style: .default, position: .pixels(x: 10, y: 20),
        size: .normalized(width: 0.5, height: 0.1),
        anchor: .topLeft, opacity: 1, layerID: "slide",
        visibilityRange: TimeRange(start: seconds(30), duration: seconds(30)),
        textAnimation: SlideIn(direction: .fromBottom, duration: seconds(10), beginTime: 1)),
      TextOverlay(
        text: "Scale", style: style, position: .center, size: .pixels(width: 300, height: 80),
        anchor: .center, opacity: 0.9, layerID: "scale",
        visibilityRange: TimeRange(start: seconds(1), duration: seconds(2)),
        textAnimation: ScaleUp(from: 0.25, duration: seconds(12), beginTime: 2)),
      ImageOverlay(
        image: logo, position: .topRight,
        size: .aspectFit(within: .normalized(width: 0.2, height: 0.2), sourceAspect: 1.5),
        anchor: .topRight, opacity: 0.6, layerID: "logo",
        visibilityRange: TimeRange(start: .zero, duration: seconds(300)),
        positionAnimation: .keyframes(
          [.at(seconds(0), value: .topRight), .at(seconds(30), value: .pixels(x: 1, y: 2))],
          timing: timings[4]),
        sizeAnimation: .keyframes(
          [
            .at(seconds(0), value: .pixels(width: 10, height: 10)),
            .at(
              seconds(30),
              value: .aspectFill(covering: .percent(width: 5, height: 5), sourceAspect: 2)),
          ], timing: timings[3])),
      StickerOverlay(
        image: photo, position: .bottomLeft,
        size: .aspectFill(covering: .pixels(width: 64, height: 64), sourceAspect: 0.5),
        anchor: .bottomLeft, opacity: 0.95, layerID: "sticker",
        visibilityRange: TimeRange(start: seconds(10), duration: seconds(10)),
        positionAnimation: .keyframes([.at(seconds(0), value: .bottomLeft)], timing: timings[1]),
        sizeAnimation: .keyframes(
          [.at(seconds(0), value: .normalized(width: 0.1, height: 0.1))], timing: timings[0]),
        rotation: 0.4,
        shadow: StickerOverlay.Shadow(
          color: .blue, radius: 3, offset: CGSize(width: 2, height: 3), opacity: 0.5)),
    ]
    let audio = AudioTrack(
      url: URL(fileURLWithPath: "/media/music.m4a"), volumeLevel: 0.5, fadeInDuration: seconds(30),
      fadeOutDuration: seconds(60), duckingLevel: 0.2, startTime: seconds(15),
      explicitDuration: seconds(600),
      crossfadeDuration: seconds(20),
      volumeRamps: [
        AudioTrack.VolumeRamp(
          startVolume: 0.2, endVolume: 0.8,
          range: TimeRange(start: seconds(30), duration: seconds(60)))
      ],
      speedRate: 1.25, pitchAlgorithm: .varispeed)
    let video = Video(
      clips: clips, audioTracks: [audio, AudioTrack(url: URL(fileURLWithPath: "/media/b.m4a"))],
      preset: preset,
      overlays: overlays,
      crop: CropRegion(
        position: .percent(x: 50, y: 50), size: .normalized(width: 0.9, height: 0.9),
        anchor: .center),
      quality: quality,
      captions: [
        Caption(text: "first", timeRange: TimeRange(start: .zero, duration: seconds(30))),
        Caption(
          text: "second\nline", timeRange: TimeRange(start: seconds(30), duration: seconds(45))),
      ])
    return (video, store)
  }
}
