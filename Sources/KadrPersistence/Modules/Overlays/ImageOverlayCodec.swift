import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``ImageOverlay`` overlays: kind `image`.
///
/// The payload holds the image's token, never its pixels. With no image store (or one that
/// cannot save new images) the image is reported as loss, and when loss is allowed the whole
/// overlay is left out rather than written without its required token.
struct ImageOverlayCodec: OverlayCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case imageToken
    case position, size, anchor, opacity, layerID, visibilityRange
    case positionAnimation, sizeAnimation

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

  /// `image`.
  public var kindID: KindID { "image" }

  public func encode(_ value: ImageOverlay, to payload: inout KeyedEncoder<Key>)
    throws
  {
    _ = try payload.encodeImageOverlayFields(of: value, image: value.image)
  }

  public func decode(from payload: KeyedDecoder<Key>) throws -> ImageOverlay {
    let fields = try payload.decodeImageOverlayFields()
    return ImageOverlay(
      image: fields.image, position: fields.placement.position, size: fields.placement.size,
      anchor: fields.placement.anchor, opacity: fields.placement.opacity,
      layerID: fields.placement.layerID, visibilityRange: fields.placement.visibilityRange,
      positionAnimation: fields.positionAnimation, sizeAnimation: fields.sizeAnimation)
  }

  /// The image's format and size: `image PNG 1×1`.
  public func label(for value: ImageOverlay) -> String? { imageOverlayLabel("image", value.image) }

  /// A bare image as the minimal sample; as the maximal ones, one overlay per kind of size, each
  /// with every field set.
  public func samples() -> CodecSamples<ImageOverlay> {
    CodecSamples(
      minimal: ImageOverlay(image: OverlaySamples.image),
      maximal: OverlaySamples.sizes.enumerated().map { index, size in
        ImageOverlay(
          image: OverlaySamples.image,
          position: OverlaySamples.positions[index % OverlaySamples.positions.count], size: size,
          anchor: Anchor.allCases[index % Anchor.allCases.count], opacity: 0.5, layerID: "logo",
          visibilityRange: OverlaySamples.visibility,
          positionAnimation: OverlaySamples.positionAnimation,
          sizeAnimation: OverlaySamples.sizeAnimation)
      })
  }
}

extension ImageOverlayCodec.Key: ImageOverlayKeys {}
