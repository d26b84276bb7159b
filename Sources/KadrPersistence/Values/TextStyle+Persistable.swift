import Foundation
import KadrModel
import KadrPersistenceCore

extension TextStyle.Alignment: PersistableEnumeration {
  /// "text alignment".
  public static var persistedFieldName: String { "text alignment" }
}

extension TextStyle.Weight: PersistableEnumeration {
  /// "font weight".
  public static var persistedFieldName: String { "font weight" }
}

extension TextStyle: PersistableValue {
  enum Key: String, PayloadKey {
    case alignment, color, fontName, fontSize, shadow, stroke, weight
  }

  /// Writes `{"alignment", "color", "fontName"?, "fontSize", "shadow"?, "stroke"?, "weight"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(alignment, for: .alignment)
    try object.encode(color, for: .color)
    try object.encodeIfPresent(fontName, for: .fontName)
    try object.encode(fontSize, for: .fontSize)
    try object.encodeIfPresent(shadow, for: .shadow)
    try object.encodeIfPresent(stroke, for: .stroke)
    try object.encode(weight, for: .weight)
    return object.finish()
  }

  /// Reads a text style.
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> TextStyle
  {
    let object = try decoder.keyed(by: Key.self)
    return TextStyle(
      fontName: try object.decodeIfPresent(String.self, for: .fontName),
      fontSize: try object.decode(Double.self, for: .fontSize),
      color: try object.decode(PlatformColor.self, for: .color),
      alignment: try object.decode(TextStyle.Alignment.self, for: .alignment),
      weight: try object.decode(TextStyle.Weight.self, for: .weight),
      stroke: try object.decodeIfPresent(TextStroke.self, for: .stroke),
      shadow: try object.decodeIfPresent(TextShadow.self, for: .shadow))
  }
}

extension TextStroke: PersistableValue {
  enum Key: String, PayloadKey {
    case color, width
  }

  /// Writes `{"color", "width"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(color, for: .color)
    try object.encode(width, for: .width)
    return object.finish()
  }

  /// Reads a stroke.
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> TextStroke
  {
    let object = try decoder.keyed(by: Key.self)
    return TextStroke(
      width: try object.decode(Double.self, for: .width),
      color: try object.decode(PlatformColor.self, for: .color))
  }
}

extension TextShadow: PersistableValue {
  enum Key: String, PayloadKey {
    case blur, color, offset
  }

  /// Writes `{"blur", "offset"}`, plus `"color"` only when it differs from the default shadow
  /// colour (this project's extension: documents that never set it stay byte-identical to
  /// schema 1).
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(blur, for: .blur)
    if color != .platformShadowDefault { try object.encode(color, for: .color) }
    try object.encode(offset, for: .offset)
    return object.finish()
  }

  /// Reads a shadow; an absent colour is the default shadow colour.
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> TextShadow
  {
    let object = try decoder.keyed(by: Key.self)
    return TextShadow(
      offset: try object.decode(CGSize.self, for: .offset),
      blur: try object.decode(Double.self, for: .blur),
      color: try object.decodeIfPresent(PlatformColor.self, for: .color) ?? .platformShadowDefault
    )
  }
}
