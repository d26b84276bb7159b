import Foundation
import KadrModel
import KadrPersistenceCore

extension Codec: PersistableEnumeration {
  /// "codec".
  public static var persistedFieldName: String { "codec" }
}

/// Writes and reads the export ``Preset``: kind `preset`, `{"kind": …}`; a custom preset adds
/// `width`, `height`, `frameRate` (integers) and `codec` (`h264` | `hevc`).
///
/// A ``Preset/customRate(width:height:frameRate:codec:)`` preset is written as `custom` with its
/// `frameRate` as an exact rate, `{"denominator": 1001, "dropFrame": true, "numerator": 30000}`
/// (this project's extension): a reader that expects an integer there refuses the document
/// instead of reading another rate.
///
/// Decoding refuses an unknown kind or codec, and the custom fields on any other kind.
struct PresetCodec: ModelCodec {
  /// The payload's keys: the case, then the custom case's payload.
  public enum Key: String, PayloadKey {
    case kind, width, height, frameRate, codec

    /// `kind` holds the case; the others are the labels of `custom(width:height:frameRate:codec:)`.
    public var property: String {
      self == .kind ? Self.enumCase : rawValue
    }
  }

  /// The preset's case, as written under `kind`.
  enum Kind: String, CaseIterable {
    case auto, reelsAndShorts, tiktok, square, cinema, custom
  }

  /// Creates the codec.
  public init() {}

  /// `preset`.
  public var kindID: KindID { "preset" }

  /// Writes the kind, plus the custom fields for a custom preset.
  ///
  /// - Throws: Never in practice; ``PersistenceError`` by the protocol's signature.
  public func encode(_ value: Preset, to payload: inout KeyedEncoder<Key>)
    throws
  {
    let kind: Kind
    switch value {
    case .auto: kind = .auto
    case .reelsAndShorts: kind = .reelsAndShorts
    case .tiktok: kind = .tiktok
    case .square: kind = .square
    case .cinema: kind = .cinema
    case .custom(let width, let height, let frameRate, let codec):
      kind = .custom
      try payload.encode(width, for: .width)
      try payload.encode(height, for: .height)
      try payload.encode(frameRate, for: .frameRate)
      try payload.encode(codec, for: .codec)
    case .customRate(let width, let height, let frameRate, let codec):
      kind = .custom
      // An exact rate is an object schema 1's readers would refuse or misread: schema 2.
      payload.requireSchema(DocumentEnvelope.newestSchema)
      try payload.encode(width, for: .width)
      try payload.encode(height, for: .height)
      try payload.encode(frameRate, for: .frameRate)
      try payload.encode(codec, for: .codec)
    }
    try payload.encode(kind.rawValue, for: .kind)
  }

  /// Reads a preset.
  ///
  /// - Throws: ``PersistenceError``: an unknown kind or codec, a custom field on another kind,
  ///   a missing custom field, or an integer that does not fit `Int`, with the JSON pointer.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Preset {
    let kind = try payload.valueDecoder(for: .kind).enumeration(Kind.self, field: "preset")
    if kind != .custom {
      try payload.refuseKeys(other: [.kind])
    }
    switch kind {
    case .auto: return .auto
    case .reelsAndShorts: return .reelsAndShorts
    case .tiktok: return .tiktok
    case .square: return .square
    case .cinema: return .cinema
    case .custom:
      let width = try payload.decode(Int.self, for: .width)
      let height = try payload.decode(Int.self, for: .height)
      let codec = try payload.decode(Codec.self, for: .codec)
      // An exact rate is an object; a whole rate is the integer schema 1 writes.
      if let rate = payload.valueDecoderIfPresent(for: .frameRate), case .object = rate.json {
        return .custom(
          width: width, height: height, rate: try payload.decode(FrameRate.self, for: .frameRate),
          codec: codec)
      }
      return .custom(
        width: width, height: height, frameRate: try payload.decode(Int.self, for: .frameRate),
        codec: codec)
    }
  }

  /// `.auto`, and every case once, custom with each codec.
  public func samples() -> CodecSamples<Preset> {
    CodecSamples(
      minimal: .auto,
      maximal: [
        .auto, .reelsAndShorts, .tiktok, .square, .cinema,
        .custom(width: 1080, height: 1920, frameRate: 30, codec: .hevc),
        .custom(width: 3840, height: 2160, frameRate: 60, codec: .h264),
        .customRate(width: 1920, height: 1080, frameRate: .ntsc30DropFrame, codec: .h264),
        .customRate(width: 1920, height: 1080, frameRate: .ntsc24, codec: .hevc),
      ])
  }
}
