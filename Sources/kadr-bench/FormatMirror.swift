import Foundation

// A plain `Codable` mirror of the schema-1 format: the approach of the original package, used as
// the benchmark's baseline. Swift's synthesised `Codable` for enums with associated values writes
// `{"case": {"_0": …}}`, which is where the format's clip and overlay shape comes from.

struct MirrorDocument: Codable {
  var schema: Int
  var video: MirrorVideo
}

struct MirrorVideo: Codable {
  var clips: [MirrorClip]
  var audioTracks: [MirrorAudioTrack]
  var overlays: [MirrorOverlay]
  var captions: [MirrorCaption]
  var crop: MirrorCrop?
  var preset: MirrorPreset
  var quality: MirrorQuality
}

struct MirrorTime: Codable {
  var timescale: Int32
  var value: Int64
}

struct MirrorTimeRange: Codable {
  var duration: MirrorTime
  var start: MirrorTime
}

struct MirrorPosition: Codable {
  var kind: String
  var x: Double
  var y: Double
}

struct MirrorDimensions: Codable {
  var height: Double
  var width: Double
}

indirect enum MirrorSize: Codable {
  case normalized(MirrorDimensions)
  case pixels(MirrorDimensions)
  case percent(MirrorDimensions)
  case aspectFit(sourceAspect: Double, within: MirrorSize)
  case aspectFill(covering: MirrorSize, sourceAspect: Double)

  enum CodingKeys: String, CodingKey {
    case normalized, pixels, percent, aspectFit, aspectFill
  }

  enum FitKeys: String, CodingKey { case sourceAspect, within }
  enum FillKeys: String, CodingKey { case covering, sourceAspect }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let value = try container.decodeIfPresent(MirrorDimensions.self, forKey: .normalized) {
      self = .normalized(value)
    } else if let value = try container.decodeIfPresent(MirrorDimensions.self, forKey: .pixels) {
      self = .pixels(value)
    } else if let value = try container.decodeIfPresent(MirrorDimensions.self, forKey: .percent) {
      self = .percent(value)
    } else if container.contains(.aspectFit) {
      let fit = try container.nestedContainer(keyedBy: FitKeys.self, forKey: .aspectFit)
      self = .aspectFit(
        sourceAspect: try fit.decode(Double.self, forKey: .sourceAspect),
        within: try fit.decode(MirrorSize.self, forKey: .within))
    } else {
      let fill = try container.nestedContainer(keyedBy: FillKeys.self, forKey: .aspectFill)
      self = .aspectFill(
        covering: try fill.decode(MirrorSize.self, forKey: .covering),
        sourceAspect: try fill.decode(Double.self, forKey: .sourceAspect))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .normalized(let value): try container.encode(value, forKey: .normalized)
    case .pixels(let value): try container.encode(value, forKey: .pixels)
    case .percent(let value): try container.encode(value, forKey: .percent)
    case .aspectFit(let aspect, let within):
      var fit = container.nestedContainer(keyedBy: FitKeys.self, forKey: .aspectFit)
      try fit.encode(aspect, forKey: .sourceAspect)
      try fit.encode(within, forKey: .within)
    case .aspectFill(let covering, let aspect):
      var fill = container.nestedContainer(keyedBy: FillKeys.self, forKey: .aspectFill)
      try fill.encode(covering, forKey: .covering)
      try fill.encode(aspect, forKey: .sourceAspect)
    }
  }
}

struct MirrorColor: Codable {
  var alpha: Double
  var blue: Double
  var green: Double
  var red: Double
}

struct MirrorOffset: Codable {
  var height: Double
  var width: Double
}

struct MirrorTransform: Codable {
  var anchor: String
  var center: MirrorPosition
  var rotation: Double
  var scale: Double
}

struct MirrorTiming: Codable {
  var kind: String
  var p1x: Double?
  var p1y: Double?
  var p2x: Double?
  var p2y: Double?
}

struct MirrorKeyframe<Value: Codable>: Codable {
  var time: MirrorTime
  var value: Value
}

struct MirrorAnimation<Value: Codable>: Codable {
  var keyframes: [MirrorKeyframe<Value>]
  var timing: MirrorTiming
}

struct MirrorFilter: Codable {
  var kind: String
  var scalar: Double?
  var url: String?
  var red: Double?
  var green: Double?
  var blue: Double?
  var threshold: Double?
}

struct MirrorTextStroke: Codable {
  var color: MirrorColor
  var width: Double
}

struct MirrorTextShadow: Codable {
  var blur: Double
  var color: MirrorColor?
  var offset: MirrorOffset
}

struct MirrorTextStyle: Codable {
  var alignment: String
  var color: MirrorColor
  var fontName: String?
  var fontSize: Double
  var shadow: MirrorTextShadow?
  var stroke: MirrorTextStroke?
  var weight: String
}

struct MirrorTextAnimation: Codable {
  var kind: String
  var durationValue: Int64
  var durationTimescale: Int32
  var beginTime: Double
  var from: Double?
  var direction: String?
}
