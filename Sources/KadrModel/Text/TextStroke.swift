import Foundation

/// An outline drawn around the glyphs of a ``TextStyle``.
public struct TextStroke: Sendable, Equatable {
  /// The outline's width in points; 0 draws no outline.
  public var width: Double
  /// The outline's colour.
  public var color: PlatformColor

  /// Creates a stroke; this initialiser also takes all of the stored properties, as a decoder
  /// does.
  ///
  /// - Parameters:
  ///   - width: The width in points; 0 is no outline. Stored as given.
  ///   - color: The colour; black by default.
  public init(width: Double, color: PlatformColor = .black) {
    self.width = width
    self.color = color
  }

  /// Whether two strokes have the same width and the same colour.
  ///
  /// A deliberate difference from kadr, whose `==` compares the width only: strokes that draw in
  /// different colours are different.
  /// - Parameters:
  ///   - lhs: A stroke.
  ///   - rhs: Another stroke.
  /// - Returns: `true` when width and colour are equal.
  public static func == (lhs: TextStroke, rhs: TextStroke) -> Bool {
    lhs.width == rhs.width && lhs.color == rhs.color
  }
}
