import Foundation

struct MirrorVideoClip: Codable {
  var url: String
  var trimRange: MirrorTimeRange?
  var isReversed: Bool
  var isMuted: Bool
  var volumeLevel: Double
  var replacementAudioURL: String?
  var speedRate: Double
  var speedCurve: MirrorAnimation<Double>?
  var filters: [MirrorFilter]
  var filterIDs: [String]
  var filterAnimations: [MirrorAnimation<Double>?]
  var clipID: String?
  var startTime: MirrorTime?
  var transform: MirrorTransform?
  var transformAnimation: MirrorAnimation<MirrorTransform>?
  var opacity: Double?
  var opacityAnimation: MirrorAnimation<Double>?

  enum CodingKeys: String, CodingKey {
    case url, trimRange, isReversed, isMuted, volumeLevel, replacementAudioURL, speedRate
    case speedCurve, filters, filterIDs, filterAnimations, clipID, startTime, transform
    case transformAnimation, opacity, opacityAnimation
  }

  // `filterAnimations` holds explicit nulls, which synthesised encoding would drop.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(url, forKey: .url)
    try container.encodeIfPresent(trimRange, forKey: .trimRange)
    try container.encode(isReversed, forKey: .isReversed)
    try container.encode(isMuted, forKey: .isMuted)
    try container.encode(volumeLevel, forKey: .volumeLevel)
    try container.encodeIfPresent(replacementAudioURL, forKey: .replacementAudioURL)
    try container.encode(speedRate, forKey: .speedRate)
    try container.encodeIfPresent(speedCurve, forKey: .speedCurve)
    try container.encode(filters, forKey: .filters)
    try container.encode(filterIDs, forKey: .filterIDs)
    try container.encode(filterAnimations, forKey: .filterAnimations)
    try container.encodeIfPresent(clipID, forKey: .clipID)
    try container.encodeIfPresent(startTime, forKey: .startTime)
    try container.encodeIfPresent(transform, forKey: .transform)
    try container.encodeIfPresent(transformAnimation, forKey: .transformAnimation)
    try container.encodeIfPresent(opacity, forKey: .opacity)
    try container.encodeIfPresent(opacityAnimation, forKey: .opacityAnimation)
  }
}

struct MirrorImageClip: Codable {
  var imageToken: String
  var duration: MirrorTime
  var backgroundColor: MirrorColor?
  var audioURL: String?
  var clipID: String?
  var startTime: MirrorTime?
  var transform: MirrorTransform?
  var transformAnimation: MirrorAnimation<MirrorTransform>?
  var opacity: Double?
  var opacityAnimation: MirrorAnimation<Double>?
}

struct MirrorTitle: Codable {
  var text: String
  var style: MirrorTextStyle
  var backgroundColor: MirrorColor
  var duration: MirrorTime
  var clipID: String?
  var startTime: MirrorTime?
  var transform: MirrorTransform?
  var transformAnimation: MirrorAnimation<MirrorTransform>?
  var opacity: Double?
  var opacityAnimation: MirrorAnimation<Double>?
}

struct MirrorTransition: Codable {
  var kind: String
  var duration: MirrorTime
  var direction: String?
}

struct MirrorTrack: Codable {
  var clips: [MirrorClip]
  var name: String?
  var startTime: MirrorTime?
  var opacityFactor: Double
}

enum MirrorClip: Codable {
  case video(MirrorVideoClip)
  case image(MirrorImageClip)
  case title(MirrorTitle)
  case transition(MirrorTransition)
  case track(MirrorTrack)
}

struct MirrorShadow: Codable {
  var color: MirrorColor
  var offset: MirrorOffset
  var opacity: Double
  var radius: Double
}

struct MirrorTextOverlay: Codable {
  var text: String
  var style: MirrorTextStyle
  var position: MirrorPosition
  var size: MirrorSize?
  var anchor: String
  var opacity: Double
  var layerID: String?
  var visibilityRange: MirrorTimeRange?
  var textAnimation: MirrorTextAnimation?
}

struct MirrorImageOverlay: Codable {
  var imageToken: String
  var position: MirrorPosition
  var size: MirrorSize?
  var anchor: String
  var opacity: Double
  var layerID: String?
  var visibilityRange: MirrorTimeRange?
  var positionAnimation: MirrorAnimation<MirrorPosition>?
  var sizeAnimation: MirrorAnimation<MirrorSize>?
  var rotation: Double?
  var shadow: MirrorShadow?
}

enum MirrorOverlay: Codable {
  case text(MirrorTextOverlay)
  case image(MirrorImageOverlay)
  case sticker(MirrorImageOverlay)
}

struct MirrorVolumeRamp: Codable {
  var endVolume: Double
  var range: MirrorTimeRange
  var startVolume: Double
}

struct MirrorAudioTrack: Codable {
  var url: String
  var volumeLevel: Double
  var fadeInDuration: MirrorTime
  var fadeOutDuration: MirrorTime
  var duckingLevel: Double?
  var startTime: MirrorTime?
  var explicitDuration: MirrorTime?
  var crossfadeDuration: MirrorTime?
  var volumeRamps: [MirrorVolumeRamp]
  var speedRate: Double
  var pitchAlgorithm: String
}

struct MirrorCaption: Codable {
  var text: String
  var timeRange: MirrorTimeRange
}

struct MirrorCrop: Codable {
  var anchor: String
  var position: MirrorPosition
  var size: MirrorSize
}

struct MirrorPreset: Codable {
  var kind: String
  var width: Int?
  var height: Int?
  var frameRate: Int?
  var codec: String?
}

struct MirrorQuality: Codable {
  var kind: String
  var bitrate: Int?
  var fileSizeBytes: Int?
}
