import Foundation
import KadrModel
import KadrPersistenceCore

/// The keys the image and sticker overlays share: the placement, the image's token and the
/// position and size animations.
protocol ImageOverlayKeys: OverlayPlacementKeys {
  /// `imageToken`.
  static var imageToken: Self { get }
  /// `positionAnimation`.
  static var positionAnimation: Self { get }
  /// `sizeAnimation`.
  static var sizeAnimation: Self { get }
}

/// The fields the image and sticker overlays share, as read from a payload.
struct ImageOverlayFields {
  /// The image.
  var image: PlatformImage
  /// The placement.
  var placement: OverlayPlacement
  /// The position animation.
  var positionAnimation: Animation<Position>?
  /// The size animation.
  var sizeAnimation: Animation<Size>?
}

extension KeyedEncoder where Key: ImageOverlayKeys {
  /// Writes the image's token, the placement and the animations of `overlay`.
  ///
  /// - Parameters:
  ///   - overlay: The overlay.
  ///   - image: Its image.
  /// - Returns: `false` when the image cannot be saved: its loss is reported and the whole
  ///   overlay is left out.
  /// - Throws: ``PersistenceError`` from a value or the image store.
  mutating func encodeImageOverlayFields(of overlay: some Overlay, image: PlatformImage)
    throws -> Bool
  {
    guard try encode(requiredImage: image, for: .imageToken) else { return false }
    try encodeOverlayPlacement(of: overlay)
    try encodeIfPresent(overlay.positionAnimation, for: .positionAnimation)
    try encodeIfPresent(overlay.sizeAnimation, for: .sizeAnimation)
    return true
  }
}

extension KeyedDecoder where Key: ImageOverlayKeys {
  /// Reads the image, the placement and the animations.
  ///
  /// - Throws: ``PersistenceError`` when a field is missing or malformed, or the token cannot be
  ///   resolved by the given store.
  func decodeImageOverlayFields() throws -> ImageOverlayFields {
    ImageOverlayFields(
      image: try decodeImage(for: .imageToken),
      placement: try decodeOverlayPlacement(),
      positionAnimation: try decodeIfPresent(Animation<Position>.self, for: .positionAnimation),
      sizeAnimation: try decodeIfPresent(Animation<Size>.self, for: .sizeAnimation))
  }
}

/// The label of an image or sticker overlay: `image PNG 1×1`.
func imageOverlayLabel(_ kind: String, _ image: PlatformImage) -> String {
  "\(kind) \(image.format.name) \(image.pixelWidth)×\(image.pixelHeight)"
}
