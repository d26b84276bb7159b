import Foundation

extension StickerOverlay {
  /// Returns a copy whose static position is `position`; a position animation is kept.
  ///
  /// - Parameter position: Where the overlay's anchor lands.
  /// - Returns: The modified overlay.
  public func position(_ position: Position) -> StickerOverlay {
    with { $0.position = position }
  }

  /// Returns a copy with a static position and a position animation over composition time.
  ///
  /// - Parameters:
  ///   - base: The static position (used where the animation has no keyframes).
  ///   - animation: The position animation, with composition-relative keyframe times.
  /// - Returns: The modified overlay.
  public func position(_ base: Position, animation: Animation<Position>) -> StickerOverlay {
    with {
      $0.position = base
      $0.positionAnimation = animation
    }
  }

  /// Returns a copy whose static size is `size`; a size animation is kept.
  ///
  /// - Parameter size: The drawn size.
  /// - Returns: The modified overlay.
  public func size(_ size: Size) -> StickerOverlay {
    with { $0.size = size }
  }

  /// Returns a copy with a static size and a size animation over composition time.
  ///
  /// - Parameters:
  ///   - base: The static size (used where the animation has no keyframes).
  ///   - animation: The size animation, with composition-relative keyframe times.
  /// - Returns: The modified overlay.
  public func size(_ base: Size, animation: Animation<Size>) -> StickerOverlay {
    with {
      $0.size = base
      $0.sizeAnimation = animation
    }
  }

  /// Returns a copy whose anchor is `anchor`.
  ///
  /// - Parameter anchor: Which point of the image lands on the position.
  /// - Returns: The modified overlay.
  public func anchor(_ anchor: Anchor) -> StickerOverlay {
    with { $0.anchor = anchor }
  }

  /// Returns a copy whose opacity is `opacity`.
  ///
  /// - Parameter opacity: Opacity, 0…1, stored as given (a renderer clamps it).
  /// - Returns: The modified overlay.
  public func opacity(_ opacity: Double) -> StickerOverlay {
    with { $0.opacity = opacity }
  }

  /// Returns a copy whose identity is `layerID`.
  ///
  /// - Parameter layerID: The overlay's identity.
  /// - Returns: The modified overlay.
  public func id(_ layerID: LayerID) -> StickerOverlay {
    with { $0.layerID = layerID }
  }

  /// Returns a copy visible only during `range` of composition time.
  ///
  /// - Parameter range: When the overlay is visible; a renderer clamps it to the composition.
  /// - Returns: The modified overlay.
  public func visible(during range: TimeRange) -> StickerOverlay {
    with { $0.visibilityRange = range }
  }

  /// Returns a copy visible only during `range` seconds of composition time (timescale 600).
  ///
  /// - Parameter range: Seconds; the bounds are rounded to 1/600 s.
  /// - Returns: The modified overlay.
  public func visible(during range: ClosedRange<TimeInterval>) -> StickerOverlay {
    visible(during: TimeRange(range))
  }

  /// Returns a copy whose position animation is `animation`; `nil` removes it.
  ///
  /// - Parameter animation: The position animation, with composition-relative keyframe times.
  /// - Returns: The modified overlay.
  public func positionAnimation(_ animation: Animation<Position>?) -> StickerOverlay {
    with { $0.positionAnimation = animation }
  }

  /// Returns a copy whose size animation is `animation`; `nil` removes it.
  ///
  /// - Parameter animation: The size animation, with composition-relative keyframe times.
  /// - Returns: The modified overlay.
  public func sizeAnimation(_ animation: Animation<Size>?) -> StickerOverlay {
    with { $0.sizeAnimation = animation }
  }
}
