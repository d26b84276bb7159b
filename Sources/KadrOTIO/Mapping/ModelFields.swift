import Foundation
import KadrModel

// The importer and the relinker change a few fields of values decoded from kadr's metadata.
// The model's properties are read-only outside kadr-persistence, so each change goes through
// the model's public initializer "from all of its stored properties, as a decoder does": the
// value's fields are read into a mutable copy, changed, and the value is built again. Every
// field the initializer takes is carried over, so nothing else of the value is lost; a test
// (ModelFieldsTests) rebuilds the fullest sample of each type unchanged and compares by
// reflection, so a field added to the model and not here fails it.

/// Every stored field of a ``VideoClip``, as its public initializer takes them.
struct VideoClipFields {
  var url: URL
  var trimRange: TimeRange?
  var isReversed: Bool
  var isMuted: Bool
  var volumeLevel: Double
  var replacementAudioURL: URL?
  var speedRate: Double
  var speedCurve: Animation<Double>?
  var filters: [Filter]
  var filterIDs: [FilterID]
  var filterAnimations: [Animation<Double>?]
  var compositors: [any Compositor]
  var clipID: ClipID?
  var startTime: Time?
  var transform: Transform?
  var transformAnimation: Animation<Transform>?
  var opacity: Double?
  var opacityAnimation: Animation<Double>?
  var speedRatio: SpeedRatio?
  var name: String?
  var role: Role?
  var markers: [Marker]

  init(_ clip: VideoClip) {
    url = clip.url
    trimRange = clip.trimRange
    isReversed = clip.isReversed
    isMuted = clip.isMuted
    volumeLevel = clip.volumeLevel
    replacementAudioURL = clip.replacementAudioURL
    speedRate = clip.speedRate
    speedCurve = clip.speedCurve
    filters = clip.filters
    filterIDs = clip.filterIDs
    filterAnimations = clip.filterAnimations
    compositors = clip.compositors
    clipID = clip.clipID
    startTime = clip.startTime
    transform = clip.transform
    transformAnimation = clip.transformAnimation
    opacity = clip.opacity
    opacityAnimation = clip.opacityAnimation
    speedRatio = clip.speedRatio
    name = clip.name
    role = clip.role
    markers = clip.markers
  }

  var clip: VideoClip {
    VideoClip(
      url: url, trimRange: trimRange, isReversed: isReversed, isMuted: isMuted,
      volumeLevel: volumeLevel, replacementAudioURL: replacementAudioURL, speedRate: speedRate,
      speedCurve: speedCurve, filters: filters, filterIDs: filterIDs,
      filterAnimations: filterAnimations, compositors: compositors, clipID: clipID,
      startTime: startTime, transform: transform, transformAnimation: transformAnimation,
      opacity: opacity, opacityAnimation: opacityAnimation,
      // The exact speed only while the speed is still the one it stands for (an edited file's
      // other speed is not this ratio).
      speedRatio: speedRatio?.rate == speedRate ? speedRatio : nil,
      name: name, role: role, markers: markers)
  }
}

extension VideoClip {
  /// A copy with `change` made to its fields.
  func changing(_ change: (inout VideoClipFields) -> Void) -> VideoClip {
    var fields = VideoClipFields(self)
    change(&fields)
    return fields.clip
  }
}

/// Every stored field of an ``AudioTrack``, as its public initializer takes them.
struct AudioTrackFields {
  var url: URL
  var volumeLevel: Double
  var fadeInDuration: Time
  var fadeOutDuration: Time
  var duckingLevel: Double?
  var startTime: Time?
  var explicitDuration: Time?
  var crossfadeDuration: Time?
  var volumeRamps: [AudioTrack.VolumeRamp]
  var speedRate: Double
  var pitchAlgorithm: AudioTimePitchAlgorithm
  var trimStart: Time?
  var role: Role?

  init(_ track: AudioTrack) {
    url = track.url
    volumeLevel = track.volumeLevel
    fadeInDuration = track.fadeInDuration
    fadeOutDuration = track.fadeOutDuration
    duckingLevel = track.duckingLevel
    startTime = track.startTime
    explicitDuration = track.explicitDuration
    crossfadeDuration = track.crossfadeDuration
    volumeRamps = track.volumeRamps
    speedRate = track.speedRate
    pitchAlgorithm = track.pitchAlgorithm
    trimStart = track.trimStart
    role = track.role
  }

  var track: AudioTrack {
    AudioTrack(
      url: url, volumeLevel: volumeLevel, fadeInDuration: fadeInDuration,
      fadeOutDuration: fadeOutDuration, duckingLevel: duckingLevel, startTime: startTime,
      explicitDuration: explicitDuration, crossfadeDuration: crossfadeDuration,
      volumeRamps: volumeRamps, speedRate: speedRate, pitchAlgorithm: pitchAlgorithm,
      trimStart: trimStart, role: role)
  }
}

extension AudioTrack {
  /// A copy with `change` made to its fields.
  func changing(_ change: (inout AudioTrackFields) -> Void) -> AudioTrack {
    var fields = AudioTrackFields(self)
    change(&fields)
    return fields.track
  }
}

extension Track {
  /// A copy holding `clips`, starting at `startTime` and labelled `name`, with its opacity
  /// factor kept.
  func changing(clips: [any Clip], startTime: Time, name: String?) -> Track {
    Track(clips: clips, startTime: startTime, name: name, opacityFactor: opacityFactor)
  }
}

extension ImageClip {
  /// A copy lasting `duration`, identified by `clipID` and placed at `startTime`.
  func changing(duration: Time, clipID: ClipID?, startTime: Time?) -> ImageClip {
    ImageClip(
      image: image, duration: duration, backgroundColor: backgroundColor, audioURL: audioURL,
      clipID: clipID, startTime: startTime, transform: transform,
      transformAnimation: transformAnimation, opacity: opacity, opacityAnimation: opacityAnimation,
      name: name)
  }
}

extension TitleSequence {
  /// A copy lasting `duration`, identified by `clipID` and placed at `startTime`.
  func changing(duration: Time, clipID: ClipID?, startTime: Time?) -> TitleSequence {
    TitleSequence(
      text: text, style: style, backgroundColor: backgroundColor, duration: duration,
      clipID: clipID, startTime: startTime, transform: transform,
      transformAnimation: transformAnimation, opacity: opacity, opacityAnimation: opacityAnimation,
      name: name, role: role, markers: markers)
  }
}

extension Video {
  /// A copy with these clips, audio tracks, overlays and captions, and every other field kept.
  func changing(
    clips: [any Clip], audioTracks: [AudioTrack], overlays: [any Overlay], captions: [Caption]
  ) -> Video {
    Video(
      clips: clips, audioTracks: audioTracks, preset: preset, overlays: overlays, crop: crop,
      multiInputCompositor: multiInputCompositor, compositorWindow: compositorWindow,
      quality: quality, captions: captions, markers: markers, startTimecode: startTimecode)
  }
}

extension TextOverlay {
  /// A copy with the layer id `layerID` and the visibility range `visibilityRange`.
  func changing(layerID: LayerID?, visibilityRange: TimeRange?) -> TextOverlay {
    TextOverlay(
      text: text, style: style, position: position, size: size, anchor: anchor, opacity: opacity,
      layerID: layerID, visibilityRange: visibilityRange, textAnimation: textAnimation)
  }
}

extension ImageOverlay {
  /// A copy with the layer id `layerID` and the visibility range `visibilityRange`.
  func changing(layerID: LayerID?, visibilityRange: TimeRange?) -> ImageOverlay {
    ImageOverlay(
      image: image, position: position, size: size, anchor: anchor, opacity: opacity,
      layerID: layerID, visibilityRange: visibilityRange, positionAnimation: positionAnimation,
      sizeAnimation: sizeAnimation)
  }
}

extension StickerOverlay {
  /// A copy with the layer id `layerID` and the visibility range `visibilityRange`.
  func changing(layerID: LayerID?, visibilityRange: TimeRange?) -> StickerOverlay {
    StickerOverlay(
      image: image, position: position, size: size, anchor: anchor, opacity: opacity,
      layerID: layerID, visibilityRange: visibilityRange, positionAnimation: positionAnimation,
      sizeAnimation: sizeAnimation, rotation: rotation, shadow: shadow)
  }
}
