import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``StickerOverlay`` overlays: kind `sticker`.
///
/// The payload is an image overlay's (see `ImageOverlayCodec`, including how a missing image
/// store is handled) plus `rotation` (radians) and an optional `shadow`.
struct StickerOverlayCodec: OverlayCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case imageToken
    case position, size, anchor, opacity, layerID, visibilityRange
    case positionAnimation, sizeAnimation
    case rotation, shadow

    /// `imageToken` holds an image store's token.
    public var holdsImageToken: Bool { self == .imageToken }

    /// The stored property each key holds: `imageToken` holds `image`.
    public var property: String {
      switch self {
      case .imageToken: "image"
      default: rawValue
      }
    }
  }

  /// Creates the codec.
  public init() {}

  /// `sticker`.
  public var kindID: KindID { "sticker" }

  public func encode(_ value: StickerOverlay, to payload: inout KeyedEncoder<Key>)
    throws
  {
    guard try payload.encodeImageOverlayFields(of: value, image: value.image) else { return }
    try payload.encode(value.rotation, for: .rotation)
    try payload.encodeIfPresent(value.shadow, for: .shadow)
  }

  public func decode(from payload: KeyedDecoder<Key>) throws -> StickerOverlay {
    let fields = try payload.decodeImageOverlayFields()
    return StickerOverlay(
      image: fields.image, position: fields.placement.position, size: fields.placement.size,
      anchor: fields.placement.anchor, opacity: fields.placement.opacity,
      layerID: fields.placement.layerID, visibilityRange: fields.placement.visibilityRange,
      positionAnimation: fields.positionAnimation, sizeAnimation: fields.sizeAnimation,
      rotation: try payload.decode(Double.self, for: .rotation),
      shadow: try payload.decodeIfPresent(StickerOverlay.Shadow.self, for: .shadow))
  }

  /// The image's format and size: `sticker PNG 1×1`.
  public func label(for value: StickerOverlay) -> String? {
    imageOverlayLabel("sticker", value.image)
  }

  /// A bare sticker as the minimal sample; as the maximal ones, one sticker per kind of size,
  /// each with every field set.
  public func samples() -> CodecSamples<StickerOverlay> {
    CodecSamples(
      minimal: StickerOverlay(image: OverlaySamples.image),
      maximal: OverlaySamples.sizes.enumerated().map { index, size in
        StickerOverlay(
          image: OverlaySamples.image,
          position: OverlaySamples.positions[index % OverlaySamples.positions.count], size: size,
          anchor: Anchor.allCases[(index + 4) % Anchor.allCases.count], opacity: 0.9,
          layerID: "sticker", visibilityRange: OverlaySamples.visibility,
          positionAnimation: OverlaySamples.positionAnimation,
          sizeAnimation: OverlaySamples.sizeAnimation, rotation: -0.4 * Double(index + 1),
          shadow: StickerOverlay.Shadow(
            color: PlatformColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9), radius: 6,
            offset: CGSize(width: 2, height: -3), opacity: 0.5))
      })
  }
}

extension StickerOverlayCodec.Key: ImageOverlayKeys {}

extension StickerOverlay.Shadow: PersistableValue {
  enum Key: String, PayloadKey {
    case color, offset, opacity, radius
  }

  /// Writes `{"color", "offset", "opacity", "radius"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(color, for: .color)
    try object.encode(offset, for: .offset)
    try object.encode(opacity, for: .opacity)
    try object.encode(radius, for: .radius)
    return object.finish()
  }

  /// Reads a shadow; all four fields are required.
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> StickerOverlay.Shadow
  {
    let object = try decoder.keyed(by: Key.self)
    return StickerOverlay.Shadow(
      color: try object.decode(PlatformColor.self, for: .color),
      radius: try object.decode(Double.self, for: .radius),
      offset: try object.decode(CGSize.self, for: .offset),
      opacity: try object.decode(Double.self, for: .opacity))
  }
}
