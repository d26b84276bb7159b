import Foundation

/// Something drawn over the whole composition: text, an image, a sticker, or a plugin's own kind.
///
/// Coordinates are in render space after the crop. Visibility is an instant switch; position and
/// size animations use composition-relative keyframe times.
public protocol Overlay: Sendable {
  /// Where the overlay's ``anchor`` lands.
  var position: Position { get }
  /// The overlay's size; `nil` means the kind's natural size.
  var size: Size? { get }
  /// Which point of the overlay lands on ``position``.
  var anchor: Anchor { get }
  /// Opacity, 0…1.
  var opacity: Double { get }
  /// The overlay's identity, if it was given one.
  var layerID: LayerID? { get }
  /// When the overlay is visible; `nil` is the whole composition.
  var visibilityRange: TimeRange? { get }
  /// An animation of the position over composition time.
  var positionAnimation: Animation<Position>? { get }
  /// An animation of the size over composition time.
  var sizeAnimation: Animation<Size>? { get }
}

extension Overlay {
  /// Visible for the whole composition by default.
  public var visibilityRange: TimeRange? { nil }
  /// No position animation by default.
  public var positionAnimation: Animation<Position>? { nil }
  /// No size animation by default.
  public var sizeAnimation: Animation<Size>? { nil }
}
