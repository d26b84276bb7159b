import Foundation

extension StickerOverlay {
  /// Returns a copy rotated by `radians`, replacing any earlier rotation.
  ///
  /// - Parameter radians: The rotation in radians.
  /// - Returns: The modified sticker.
  public func rotation(_ radians: Double) -> StickerOverlay {
    with { $0.rotation = radians }
  }

  /// Returns a copy rotated by `degrees`, stored in radians (`degrees × π / 180`).
  ///
  /// - Parameter degrees: The rotation in degrees.
  /// - Returns: The modified sticker.
  public func rotation(degrees: Double) -> StickerOverlay {
    rotation(degrees * .pi / 180)
  }

  /// Returns a copy with the drop shadow `shadow`, replacing any earlier one.
  ///
  /// - Parameter shadow: The shadow.
  /// - Returns: The modified sticker.
  public func shadow(_ shadow: Shadow) -> StickerOverlay {
    with { $0.shadow = shadow }
  }

  /// Returns a copy with a drop shadow built from its parts, replacing any earlier one.
  ///
  /// - Parameters:
  ///   - color: The colour; black by default.
  ///   - radius: The blur radius in points; 8 by default.
  ///   - offset: The shift in points; (0, 4) by default.
  ///   - opacity: The opacity, 0…1; 0.4 by default.
  /// - Returns: The modified sticker.
  public func shadow(
    color: PlatformColor = .black, radius: Double = 8,
    offset: CGSize = CGSize(width: 0, height: 4), opacity: Double = 0.4
  ) -> StickerOverlay {
    shadow(Shadow(color: color, radius: radius, offset: offset, opacity: opacity))
  }
}
