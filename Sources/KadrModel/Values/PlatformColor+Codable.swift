import Foundation

extension PlatformColor: Codable {
  /// The members of a colour in JSON, shared with the document codec.
  @usableFromInline
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case alpha, blue, green, red
  }

  /// Reads a colour in the document's form, `{"alpha", "blue", "green", "red"}` (alpha always
  /// present).
  ///
  /// Components outside 0…1 are kept, as the document reader keeps them (see the type's
  /// summary), so every colour a document holds can be kept here too.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for a component that is not finite;
  ///   `DecodingError.keyNotFound` or `DecodingError.typeMismatch` for a missing or mistyped one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      red: try container.decodeFinite(forKey: .red, field: "red component of a colour"),
      green: try container.decodeFinite(forKey: .green, field: "green component of a colour"),
      blue: try container.decodeFinite(forKey: .blue, field: "blue component of a colour"),
      alpha: try container.decodeFinite(forKey: .alpha, field: "alpha of a colour"))
  }

  /// Writes the colour as `{"alpha", "blue", "green", "red"}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a component that is NaN or infinite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeFinite(alpha, forKey: .alpha, field: "alpha of a colour")
    try container.encodeFinite(blue, forKey: .blue, field: "blue component of a colour")
    try container.encodeFinite(green, forKey: .green, field: "green component of a colour")
    try container.encodeFinite(red, forKey: .red, field: "red component of a colour")
  }
}
