import Foundation

extension StickerOverlay {
  /// A drop shadow behind a sticker.
  public struct Shadow: Sendable, Equatable {
    /// The shadow's colour.
    public let color: PlatformColor
    /// The blur radius in points.
    public let radius: Double
    /// How far the shadow is shifted from the sticker, in points.
    public let offset: CGSize
    /// The shadow's opacity, 0…1.
    public let opacity: Double

    /// Creates a shadow; this initialiser also takes all of the stored properties, as a decoder
    /// does.
    ///
    /// - Parameters:
    ///   - color: The colour; black by default.
    ///   - radius: The blur radius in points; 8 by default. Stored as given.
    ///   - offset: The shift in points; (0, 4) by default.
    ///   - opacity: The opacity, 0…1; 0.4 by default. Stored as given.
    public init(
      color: PlatformColor = .black, radius: Double = 8,
      offset: CGSize = CGSize(width: 0, height: 4), opacity: Double = 0.4
    ) {
      self.color = color
      self.radius = radius
      self.offset = offset
      self.opacity = opacity
    }

    /// Whether two shadows have the same colour, radius, offset and opacity.
    ///
    /// A deliberate difference from kadr, whose `==` ignores the colour: shadows that draw in
    /// different colours are different.
    /// - Parameters:
    ///   - lhs: A shadow.
    ///   - rhs: Another shadow.
    /// - Returns: `true` when all four fields are equal.
    public static func == (lhs: Shadow, rhs: Shadow) -> Bool {
      lhs.color == rhs.color && lhs.radius == rhs.radius && lhs.offset == rhs.offset
        && lhs.opacity == rhs.opacity
    }
  }
}
