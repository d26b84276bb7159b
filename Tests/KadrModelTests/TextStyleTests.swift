import Foundation
import KadrModel
import Testing

@Suite("Text style")
struct TextStyleTests {
  @Test func defaultsAreKadrs() {
    let style = TextStyle.default
    #expect(style.fontName == nil)
    #expect(style.fontSize == 36)
    #expect(style.color == .white)
    #expect(style.alignment == .leading)
    #expect(style.weight == .regular)
    #expect(style.stroke == nil)
    #expect(style.shadow == nil)
    #expect(style == TextStyle())
  }

  @Test func initialiserStoresEveryField() {
    let stroke = TextStroke(width: 2, color: .red)
    let shadow = TextShadow(offset: CGSize(width: 1, height: 3), blur: 6, color: .blue)
    let style = TextStyle(
      fontName: "Menlo", fontSize: 12, color: .green, alignment: .trailing, weight: .bold,
      stroke: stroke, shadow: shadow)
    #expect(style.fontName == "Menlo")
    #expect(style.fontSize == 12)
    #expect(style.color == .green)
    #expect(style.alignment == .trailing)
    #expect(style.weight == .bold)
    #expect(style.stroke == stroke)
    #expect(style.shadow == shadow)
  }

  @Test func fieldsArePubliclyMutable() {
    var style = TextStyle.default
    style.fontSize = 72
    style.color = .red
    style.stroke = TextStroke(width: 1)
    style.stroke?.width = 3
    #expect(style.fontSize == 72)
    #expect(style.color == .red)
    #expect(style.stroke?.width == 3)
    #expect(TextStyle.default.fontSize == 36)
  }

  /// One change per field: `==` must notice each, colour included (kadr's `==` ignores colour).
  @Test(arguments: [
    "fontName", "fontSize", "color", "alignment", "weight", "stroke", "shadow",
  ])
  func equalityComparesEveryField(field: String) {
    var changed = TextStyle.default
    switch field {
    case "fontName": changed.fontName = "Helvetica"
    case "fontSize": changed.fontSize = 37
    case "color": changed.color = .black
    case "alignment": changed.alignment = .center
    case "weight": changed.weight = .medium
    case "stroke": changed.stroke = TextStroke(width: 0)
    default: changed.shadow = TextShadow()
    }
    #expect(changed != TextStyle.default)
  }

  @Test(
    arguments: zip(
      [TextStyle.Alignment.leading, .center, .trailing], ["leading", "center", "trailing"]))
  func alignmentHasStableRawValues(alignment: TextStyle.Alignment, raw: String) {
    #expect(alignment.rawValue == raw)
    #expect(TextStyle.Alignment(rawValue: raw) == alignment)
  }

  @Test(
    arguments: zip(
      [TextStyle.Weight.regular, .medium, .bold], ["regular", "medium", "bold"]))
  func weightHasStableRawValues(weight: TextStyle.Weight, raw: String) {
    #expect(weight.rawValue == raw)
    #expect(TextStyle.Weight(rawValue: raw) == weight)
  }

  @Test func strokeDefaultsToBlackAndComparesWidthAndColour() {
    let stroke = TextStroke(width: 2)
    #expect(stroke.color == .black)
    #expect(stroke == TextStroke(width: 2, color: .black))
    #expect(stroke != TextStroke(width: 3))
    #expect(stroke != TextStroke(width: 2, color: .white))
  }

  @Test func noStrokeDiffersFromZeroWidthStroke() {
    let none = TextStyle(stroke: nil)
    let zero = TextStyle(stroke: TextStroke(width: 0))
    #expect(none != zero)
  }

  @Test func shadowDefaultsAreKadrs() {
    let shadow = TextShadow()
    #expect(shadow.offset == CGSize(width: 0, height: 2))
    #expect(shadow.blur == 4)
    #expect(shadow.color == .platformShadowDefault)
    #expect(shadow.color.alpha == 0.5)
  }

  @Test func shadowEqualityComparesOffsetBlurAndColour() {
    let shadow = TextShadow()
    #expect(shadow == TextShadow(offset: CGSize(width: 0, height: 2), blur: 4))
    #expect(shadow != TextShadow(offset: CGSize(width: 1, height: 2)))
    #expect(shadow != TextShadow(blur: 5))
    #expect(shadow != TextShadow(color: .red))
  }
}
