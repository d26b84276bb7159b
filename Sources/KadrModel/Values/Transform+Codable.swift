import Foundation

extension Transform: Codable {
  /// The members of a transform in JSON, shared with the document codec.
  @usableFromInline
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case anchor, center, rotation, scale
  }

  /// Reads a transform in the document's form,
  /// `{"anchor": Anchor, "center": Position, "rotation": Double, "scale": Double}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown anchor or position kind or a number
  ///   that is not finite; `DecodingError.keyNotFound` or `DecodingError.typeMismatch` for a
  ///   missing or mistyped member.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      center: try container.decode(Position.self, forKey: .center),
      rotation: try container.decodeFinite(forKey: .rotation, field: "rotation of a transform"),
      scale: try container.decodeFinite(forKey: .scale, field: "scale of a transform"),
      anchor: try container.decode(Anchor.self, forKey: .anchor))
  }

  /// Writes the transform as `{"anchor", "center", "rotation", "scale"}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a number that is NaN or infinite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(center, forKey: .center)
    try container.encodeFinite(rotation, forKey: .rotation, field: "rotation of a transform")
    try container.encodeFinite(scale, forKey: .scale, field: "scale of a transform")
  }
}
