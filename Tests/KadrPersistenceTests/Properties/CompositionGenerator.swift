import Foundation
import KadrPersistence

/// Builds random valid compositions from a seed: every clip, transition, filter, overlay and
/// text-animation kind, tracks nested at random depth, audio, captions and every composition
/// setting, with each optional field set or not at random.
///
/// "Valid" means a composition that a file can hold exactly: no compositors, no custom timing
/// closures, every time valid, every image one of ``images`` (so a store can save it). The same
/// seed gives the same composition on every run. Shared by the property tests and the fuzz
/// harness's seed corpus (which compiles this file outside the test target, so it imports no
/// test framework).
struct CompositionGenerator {
  var rng: SplitMix64
  /// How deep tracks may nest below the composition.
  var maximumTrackDepth: Int

  /// The images compositions use. Fixed, so that a content-addressed store saves them under the
  /// same tokens in every process.
  static let images: [PlatformImage] = [
    .solidColor(.red, width: 3, height: 2),
    .solidColor(PlatformColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5), width: 2, height: 2),
    .solidColor(.white, width: 1, height: 1),
  ]

  init(seed: UInt64, maximumTrackDepth: Int = 4) {
    rng = SplitMix64(seed: seed)
    self.maximumTrackDepth = maximumTrackDepth
  }

  /// A composition of up to `clipCount` top-level clips.
  mutating func composition(clipCount: Int = 6) -> Video {
    let clips = (0..<rng.int(in: 0...clipCount)).map { _ in clip(depth: 0) }
    let overlays = (0..<rng.int(in: 0...4)).map { _ in overlay() }
    let audio = (0..<rng.int(in: 0...3)).map { _ in audioTrack() }
    let captions = (0..<rng.int(in: 0...3)).map { _ in
      Caption(text: text(), timeRange: timeRange())
    }
    return Video(
      clips: clips, audioTracks: audio, preset: preset(), overlays: overlays,
      crop: rng.chance(0.4)
        ? CropRegion(position: position(), size: size(), anchor: anchor()) : nil,
      quality: quality(), captions: captions)
  }

  /// A chain of tracks nested `depth` deep around one clip; with `titles`, each level also
  /// holds a title beside the track it wraps.
  mutating func nestedTracks(depth: Int, titles: Bool = true) -> Video {
    var inner: any Clip = videoClip()
    for level in 0..<depth {
      inner = Track(
        clips: titles ? [inner, title()] : [inner], startTime: time(), name: "level \(level)",
        opacityFactor: fraction())
    }
    return Video(clips: [inner])
  }

  /// A clip of any kind; tracks only while `depth` is below ``maximumTrackDepth``.
  mutating func clip(depth: Int) -> any Clip {
    switch rng.below(depth < maximumTrackDepth ? 6 : 5) {
    case 0, 1: videoClip()
    case 2: imageClip()
    case 3: title()
    case 4: transition()
    default: track(depth: depth + 1)
    }
  }

  mutating func videoClip() -> VideoClip {
    let filters = (0..<rng.int(in: 0...4)).map { _ in filter() }
    return VideoClip(
      url: url(extension: "mov"),
      trimRange: rng.chance(0.5) ? timeRange() : nil, isReversed: rng.chance(0.3),
      isMuted: rng.chance(0.3), volumeLevel: fraction(),
      replacementAudioURL: rng.chance(0.3) ? url(extension: "m4a") : nil,
      speedRate: rng.chance(0.5) ? 1 : double(4),
      speedCurve: rng.chance(0.3) ? doubleAnimation() : nil,
      filters: filters,
      filterIDs: filters.indices.map { FilterID("filter-\($0)-\(rng.below(1000))") },
      filterAnimations: filters.map { _ in rng.chance(0.4) ? doubleAnimation() : nil },
      compositors: [], clipID: rng.chance(0.5) ? ClipID(text()) : nil,
      startTime: rng.chance(0.4) ? time(negative: true) : nil,
      transform: rng.chance(0.4) ? transform() : nil,
      transformAnimation: rng.chance(0.3) ? animation { $0.transform() } : nil,
      opacity: rng.chance(0.4) ? fraction() : nil,
      opacityAnimation: rng.chance(0.3) ? doubleAnimation() : nil)
  }

  mutating func imageClip() -> ImageClip {
    ImageClip(
      image: rng.pick(Self.images), duration: time(),
      backgroundColor: rng.chance(0.5) ? color() : nil,
      audioURL: rng.chance(0.3) ? url(extension: "m4a") : nil,
      clipID: rng.chance(0.5) ? ClipID(text()) : nil, startTime: rng.chance(0.4) ? time() : nil,
      transform: rng.chance(0.4) ? transform() : nil,
      transformAnimation: rng.chance(0.3) ? animation { $0.transform() } : nil,
      opacity: rng.chance(0.4) ? fraction() : nil,
      opacityAnimation: rng.chance(0.3) ? doubleAnimation() : nil)
  }

  mutating func title() -> TitleSequence {
    TitleSequence(
      text: text(), style: textStyle(), backgroundColor: color(), duration: time(),
      clipID: rng.chance(0.5) ? ClipID(text()) : nil, startTime: rng.chance(0.4) ? time() : nil,
      transform: rng.chance(0.4) ? transform() : nil,
      transformAnimation: rng.chance(0.3) ? animation { $0.transform() } : nil,
      opacity: rng.chance(0.4) ? fraction() : nil,
      opacityAnimation: rng.chance(0.3) ? doubleAnimation() : nil)
  }

  mutating func transition() -> Transition {
    switch rng.below(3) {
    case 0: .fade(duration: time())
    case 1: .slide(direction: rng.pick(SlideDirection.allCases), duration: time())
    default: .dissolve(duration: time())
    }
  }

  mutating func track(depth: Int) -> Track {
    Track(
      clips: (0..<rng.int(in: 0...4)).map { _ in clip(depth: depth) },
      startTime: rng.chance(0.5) ? time() : .zero, name: rng.chance(0.5) ? text() : nil,
      opacityFactor: fraction())
  }

  mutating func preset() -> Preset {
    switch rng.below(6) {
    case 0: .auto
    case 1: .reelsAndShorts
    case 2: .tiktok
    case 3: .square
    case 4: .cinema
    default:
      .custom(
        width: rng.int(in: 1...8192), height: rng.int(in: 1...8192),
        frameRate: rng.int(in: 1...240), codec: rng.pick(Codec.allCases))
    }
  }

  mutating func quality() -> ExportQuality {
    switch rng.below(3) {
    case 0: .automatic
    case 1: .bitrate(rng.int(in: 1...100_000_000))
    default: .fileSize(bytes: rng.int(in: 1...Int(Int32.max)))
    }
  }
}
