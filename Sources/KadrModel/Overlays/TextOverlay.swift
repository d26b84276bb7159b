import Foundation

/// Text drawn over the whole composition, optionally with an entrance animation.
///
/// Build one with ``init(_:style:)`` and the modifiers; each modifier returns a copy with one
/// field replaced. A text overlay has no position or size animation: those requirements of
/// ``Overlay`` keep their `nil` defaults.
public struct TextOverlay: Overlay, Sendable {
  /// The text; lines are separated by `\n`.
  public package(set) var text: String
  /// How the text is drawn.
  public package(set) var style: TextStyle
  /// Where the overlay's ``anchor`` lands.
  public package(set) var position: Position
  /// The text's box; `nil` is the full render area (the text wraps within it).
  public package(set) var size: Size?
  /// Which point of the text's box lands on ``position``.
  public package(set) var anchor: Anchor
  /// Opacity, 0…1, stored as given (a renderer clamps it).
  public package(set) var opacity: Double
  /// The overlay's identity, if it was given one.
  public package(set) var layerID: LayerID?
  /// When the overlay is visible, in composition time; `nil` is the whole composition.
  public package(set) var visibilityRange: TimeRange?
  /// The text's entrance animation, if any.
  public package(set) var textAnimation: (any TextAnimation)?

  /// Creates a text overlay centred on the render area, fully opaque, visible throughout.
  ///
  /// - Parameters:
  ///   - text: The text; lines are separated by `\n`.
  ///   - style: How the text is drawn; ``TextStyle/default`` by default.
  public init(_ text: String, style: TextStyle = .default) {
    self.init(text: text, style: style)
  }

  /// Creates a text overlay from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How the text is drawn.
  ///   - position: Where the anchor lands; the centre by default.
  ///   - size: The text's box; `nil` (the full render area) by default.
  ///   - anchor: Which point of the box lands on `position`; the centre by default.
  ///   - opacity: Opacity, 0…1; 1 by default. Stored as given.
  ///   - layerID: The overlay's identity; none by default.
  ///   - visibilityRange: When the overlay is visible; `nil` (always) by default.
  ///   - textAnimation: The entrance animation; none by default.
  public init(
    text: String, style: TextStyle = .default, position: Position = .center, size: Size? = nil,
    anchor: Anchor = .center, opacity: Double = 1.0, layerID: LayerID? = nil,
    visibilityRange: TimeRange? = nil, textAnimation: (any TextAnimation)? = nil
  ) {
    self.text = text
    self.style = style
    self.position = position
    self.size = size
    self.anchor = anchor
    self.opacity = opacity
    self.layerID = layerID
    self.visibilityRange = visibilityRange
    self.textAnimation = textAnimation
  }
}
