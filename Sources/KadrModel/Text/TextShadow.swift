import Foundation

/// A drop shadow behind the glyphs of a ``TextStyle``.
///
/// The shadow's opacity is the alpha of its ``color``.
public struct TextShadow: Sendable, Equatable {
  /// How far the shadow is shifted from the glyphs, in points.
  public var offset: CGSize
  /// The blur radius in points.
  public var blur: Double
  /// The shadow's colour; its alpha is the shadow's opacity.
  public var color: PlatformColor

  /// Creates a shadow; this initialiser also takes all of the stored properties, as a decoder
  /// does.
  ///
  /// - Parameters:
  ///   - offset: The shift in points; (0, 2) by default.
  ///   - blur: The blur radius in points; 4 by default. Stored as given.
  ///   - color: The colour; ``PlatformColor/platformShadowDefault`` (50 % black) by default.
  public init(
    offset: CGSize = CGSize(width: 0, height: 2), blur: Double = 4,
    color: PlatformColor = .platformShadowDefault
  ) {
    self.offset = offset
    self.blur = blur
    self.color = color
  }

  /// Whether two shadows have the same offset, blur and colour.
  ///
  /// A deliberate difference from kadr, whose `==` ignores the colour: shadows that draw in
  /// different colours (or opacities) are different.
  /// - Parameters:
  ///   - lhs: A shadow.
  ///   - rhs: Another shadow.
  /// - Returns: `true` when offset, blur and colour are equal.
  public static func == (lhs: TextShadow, rhs: TextShadow) -> Bool {
    lhs.offset == rhs.offset && lhs.blur == rhs.blur && lhs.color == rhs.color
  }
}
