import Foundation

/// How the text of a ``TextOverlay`` or a ``TitleSequence`` is drawn: font, size, colour,
/// alignment, weight, and an optional stroke and shadow.
///
/// Fields are publicly mutable, as in kadr, so a style can be built up in steps:
/// `var style = TextStyle.default; style.fontSize = 72`.
public struct TextStyle: Sendable, Equatable {
  /// How lines are aligned within the text's box.
  public enum Alignment: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Lines start at the leading edge.
    case leading
    /// Lines are centred.
    case center
    /// Lines end at the trailing edge.
    case trailing
  }

  /// The weight of the font.
  ///
  /// kadr's `Weight` has no raw value; ours has a `String` one (the case name) so that it has a
  /// stable spelling in files.
  public enum Weight: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The regular weight.
    case regular
    /// The medium weight.
    case medium
    /// The bold weight.
    case bold
  }

  /// The font's PostScript or family name; `nil` is the system font.
  public var fontName: String?
  /// The font size in points.
  public var fontSize: Double
  /// The colour of the glyphs.
  public var color: PlatformColor
  /// How lines are aligned.
  public var alignment: Alignment
  /// The font weight.
  public var weight: Weight
  /// An outline around the glyphs; `nil` is none (not the same as a stroke of width 0).
  public var stroke: TextStroke?
  /// A drop shadow behind the glyphs; `nil` is none.
  public var shadow: TextShadow?

  /// Creates a text style; every parameter defaults to kadr's default, and this initialiser also
  /// takes all of the stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - fontName: The font's name; `nil` (the default) is the system font.
  ///   - fontSize: The size in points; 36 by default. Stored as given.
  ///   - color: The glyph colour; white by default.
  ///   - alignment: Line alignment; leading by default.
  ///   - weight: Font weight; regular by default.
  ///   - stroke: An outline; none by default.
  ///   - shadow: A drop shadow; none by default.
  public init(
    fontName: String? = nil, fontSize: Double = 36, color: PlatformColor = .white,
    alignment: Alignment = .leading, weight: Weight = .regular, stroke: TextStroke? = nil,
    shadow: TextShadow? = nil
  ) {
    self.fontName = fontName
    self.fontSize = fontSize
    self.color = color
    self.alignment = alignment
    self.weight = weight
    self.stroke = stroke
    self.shadow = shadow
  }

  /// kadr's default style: system font, 36 pt, white, leading, regular, no stroke, no shadow.
  public static let `default` = TextStyle()

  /// Whether two styles are the same in every field, colour included.
  ///
  /// A deliberate difference from kadr, whose `==` ignores ``color``: two styles that draw
  /// differently must not compare equal (a saved style would otherwise "round-trip" to the wrong
  /// colour unnoticed).
  /// - Parameters:
  ///   - lhs: A style.
  ///   - rhs: Another style.
  /// - Returns: `true` when all seven fields are equal.
  public static func == (lhs: TextStyle, rhs: TextStyle) -> Bool {
    lhs.fontName == rhs.fontName && lhs.fontSize == rhs.fontSize && lhs.color == rhs.color
      && lhs.alignment == rhs.alignment && lhs.weight == rhs.weight && lhs.stroke == rhs.stroke
      && lhs.shadow == rhs.shadow
  }
}
