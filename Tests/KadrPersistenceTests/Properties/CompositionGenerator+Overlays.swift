import Foundation
import KadrPersistence

// Random overlays, text animations and audio tracks.
extension CompositionGenerator {
  /// A text, image or sticker overlay.
  mutating func overlay() -> any Overlay {
    switch rng.below(3) {
    case 0: textOverlay()
    case 1: imageOverlay()
    default: stickerOverlay()
    }
  }

  mutating func textOverlay() -> TextOverlay {
    TextOverlay(
      text: text(), style: textStyle(), position: position(),
      size: rng.chance(0.5) ? size() : nil, anchor: anchor(), opacity: fraction(),
      layerID: rng.chance(0.5) ? LayerID(text()) : nil,
      visibilityRange: rng.chance(0.5) ? timeRange() : nil,
      textAnimation: rng.chance(0.7) ? textAnimation() : nil)
  }

  mutating func imageOverlay() -> ImageOverlay {
    ImageOverlay(
      image: rng.pick(Self.images), position: position(),
      size: rng.chance(0.5) ? size() : nil, anchor: anchor(), opacity: fraction(),
      layerID: rng.chance(0.5) ? LayerID(text()) : nil,
      visibilityRange: rng.chance(0.5) ? timeRange() : nil,
      positionAnimation: rng.chance(0.4) ? animation { $0.position() } : nil,
      sizeAnimation: rng.chance(0.4) ? animation { $0.size() } : nil)
  }

  mutating func stickerOverlay() -> StickerOverlay {
    StickerOverlay(
      image: rng.pick(Self.images), position: position(),
      size: rng.chance(0.5) ? size() : nil, anchor: anchor(), opacity: fraction(),
      layerID: rng.chance(0.5) ? LayerID(text()) : nil,
      visibilityRange: rng.chance(0.5) ? timeRange() : nil,
      positionAnimation: rng.chance(0.4) ? animation { $0.position() } : nil,
      sizeAnimation: rng.chance(0.4) ? animation { $0.size() } : nil,
      rotation: double(6.3, negative: true),
      shadow: rng.chance(0.5)
        ? StickerOverlay.Shadow(
          color: color(), radius: double(16), offset: offset(), opacity: fraction())
        : nil)
  }

  /// A fade-in, slide-in or scale-up, beginning at time zero or at some second.
  mutating func textAnimation() -> any TextAnimation {
    let beginTime = rng.chance(0.5) ? TextAnimationBeginTime.atZero : double(30)
    switch rng.below(3) {
    case 0:
      return FadeIn(duration: time(), from: Float(fraction()), beginTime: beginTime)
    case 1:
      return SlideIn(
        direction: rng.pick(SlideIn.Direction.allCases), duration: time(), beginTime: beginTime)
    default:
      return ScaleUp(from: double(2), duration: time(), beginTime: beginTime)
    }
  }

  /// An audio track with fades, ducking and ramps set at random.
  mutating func audioTrack() -> AudioTrack {
    let ramps = (0..<rng.int(in: 0...3)).map { _ in
      AudioTrack.VolumeRamp(startVolume: fraction(), endVolume: fraction(), range: timeRange())
    }
    return AudioTrack(
      url: url(extension: "m4a"), volumeLevel: fraction(), fadeInDuration: time(),
      fadeOutDuration: time(), duckingLevel: rng.chance(0.5) ? fraction() : nil,
      startTime: rng.chance(0.5) ? time() : nil,
      explicitDuration: rng.chance(0.5) ? time() : nil,
      crossfadeDuration: rng.chance(0.5) ? time() : nil, volumeRamps: ramps,
      speedRate: rng.chance(0.5) ? 1 : double(4),
      pitchAlgorithm: rng.pick(AudioTimePitchAlgorithm.allCases))
  }
}
