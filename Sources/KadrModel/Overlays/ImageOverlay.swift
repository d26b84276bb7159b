import Foundation

/// An image drawn over the whole composition, such as a logo or a watermark.
///
/// Build one with ``init(_:)`` and the modifiers; each modifier returns a copy with one field
/// replaced. Position and size can be animated over composition time.
public struct ImageOverlay: Overlay, Sendable {
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

  /// Creates an image overlay centred on the render area at its natural size, fully opaque,
  /// visible throughout.
  ///
  /// - Parameter image: The image.
  public init(_ image: PlatformImage) {
    self.init(image: image)
  }

  /// Creates an image overlay from all of its stored properties, as a decoder does.
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
  public init(
    image: PlatformImage, position: Position = .center, size: Size? = nil,
    anchor: Anchor = .center, opacity: Double = 1.0, layerID: LayerID? = nil,
    visibilityRange: TimeRange? = nil, positionAnimation: Animation<Position>? = nil,
    sizeAnimation: Animation<Size>? = nil
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
  }
}
