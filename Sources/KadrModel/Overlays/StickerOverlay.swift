import Foundation

/// An image drawn over the whole composition with a rotation and an optional drop shadow, such as
/// an emoji or a badge.
///
/// It has every field and modifier of ``ImageOverlay`` (same labels, returning a sticker), plus
/// ``rotation`` and ``shadow``.
public struct StickerOverlay: Overlay, Sendable {
  /// The image.
  public package(set) var image: PlatformImage
  /// Where the overlay's ``anchor`` lands (the static base when ``positionAnimation`` is set).
  public package(set) var position: Position
  /// The drawn size; `nil` is the image's natural pixel size.
  public package(set) var size: Size?
  /// Which point of the image lands on ``position``.
  public package(set) var anchor: Anchor
  /// Opacity, 0…1, stored as given (a renderer clamps it).
  public package(set) var opacity: Double
  /// The overlay's identity, if it was given one.
  public package(set) var layerID: LayerID?
  /// When the overlay is visible, in composition time; `nil` is the whole composition.
  public package(set) var visibilityRange: TimeRange?
  /// An animation of the position over composition time.
  public package(set) var positionAnimation: Animation<Position>?
  /// An animation of the size over composition time.
  public package(set) var sizeAnimation: Animation<Size>?
  /// The rotation in radians.
  public package(set) var rotation: Double
  /// A drop shadow behind the sticker; `nil` is none.
  public package(set) var shadow: Shadow?

  /// Creates a sticker centred on the render area at its natural size, unrotated, without a
  /// shadow, fully opaque, visible throughout.
  ///
  /// - Parameter image: The image.
  public init(_ image: PlatformImage) {
    self.init(image: image)
  }

  /// Creates a sticker from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - position: Where the anchor lands; the centre by default.
  ///   - size: The drawn size; `nil` (natural size) by default.
  ///   - anchor: Which point of the image lands on `position`; the centre by default.
  ///   - opacity: Opacity, 0…1; 1 by default. Stored as given.
  ///   - layerID: The overlay's identity; none by default.
  ///   - visibilityRange: When the overlay is visible; `nil` (always) by default.
  ///   - positionAnimation: A position animation; none by default.
  ///   - sizeAnimation: A size animation; none by default.
  ///   - rotation: The rotation in radians; 0 by default.
  ///   - shadow: A drop shadow; none by default.
  public init(
    image: PlatformImage, position: Position = .center, size: Size? = nil,
    anchor: Anchor = .center, opacity: Double = 1.0, layerID: LayerID? = nil,
    visibilityRange: TimeRange? = nil, positionAnimation: Animation<Position>? = nil,
    sizeAnimation: Animation<Size>? = nil, rotation: Double = 0, shadow: Shadow? = nil
  ) {
    self.image = image
    self.position = position
    self.size = size
    self.anchor = anchor
    self.opacity = opacity
    self.layerID = layerID
    self.visibilityRange = visibilityRange
    self.positionAnimation = positionAnimation
    self.sizeAnimation = sizeAnimation
    self.rotation = rotation
    self.shadow = shadow
  }
}
