import Foundation

extension TextOverlay {
  /// Returns a copy whose position is `position`.
  ///
  /// - Parameter position: Where the overlay's anchor lands.
  /// - Returns: The modified overlay.
  public func position(_ position: Position) -> TextOverlay {
    with { $0.position = position }
  }

  /// Returns a copy whose text box is `size`.
  ///
  /// - Parameter size: The box the text wraps within.
  /// - Returns: The modified overlay.
  public func size(_ size: Size) -> TextOverlay {
    with { $0.size = size }
  }

  /// Returns a copy whose anchor is `anchor`.
  ///
  /// - Parameter anchor: Which point of the box lands on the position.
  /// - Returns: The modified overlay.
  public func anchor(_ anchor: Anchor) -> TextOverlay {
    with { $0.anchor = anchor }
  }

  /// Returns a copy whose opacity is `opacity`.
  ///
  /// - Parameter opacity: Opacity, 0…1, stored as given (a renderer clamps it).
  /// - Returns: The modified overlay.
  public func opacity(_ opacity: Double) -> TextOverlay {
    with { $0.opacity = opacity }
  }

  /// Returns a copy whose identity is `layerID`.
  ///
  /// - Parameter layerID: The overlay's identity.
  /// - Returns: The modified overlay.
  public func id(_ layerID: LayerID) -> TextOverlay {
    with { $0.layerID = layerID }
  }

  /// Returns a copy drawn with `style`.
  ///
  /// - Parameter style: How the text is drawn.
  /// - Returns: The modified overlay.
  public func style(_ style: TextStyle) -> TextOverlay {
    with { $0.style = style }
  }

  /// Returns a copy visible only during `range` of composition time.
  ///
  /// - Parameter range: When the overlay is visible; a renderer clamps it to the composition.
  /// - Returns: The modified overlay.
  public func visible(during range: TimeRange) -> TextOverlay {
    with { $0.visibilityRange = range }
  }

  /// Returns a copy visible only during `range` seconds of composition time (timescale 600).
  ///
  /// - Parameter range: Seconds; the bounds are rounded to 1/600 s.
  /// - Returns: The modified overlay.
  public func visible(during range: ClosedRange<TimeInterval>) -> TextOverlay {
    visible(during: TimeRange(range))
  }

  /// Returns a copy with the entrance animation `animation`, replacing any earlier one.
  ///
  /// - Parameter animation: The entrance animation, such as `.fadeIn(duration: 0.5)`.
  /// - Returns: The modified overlay.
  public func animation(_ animation: any TextAnimation) -> TextOverlay {
    with { $0.textAnimation = animation }
  }
}
