import Foundation

extension Position: Codable {
  /// The members of a position in JSON, shared with the document codec.
  @usableFromInline
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, x, y
  }

  /// The values of a position's `kind` member, shared with the document codec.
  @usableFromInline
  package enum Kind: String, CaseIterable {
    case normalized, pixels, percent
  }

  /// Reads a position in the document's form, `{"kind": "normalized", "x": 0.5, "y": 1}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown kind or a coordinate that is not
  ///   finite; `DecodingError.keyNotFound` or `DecodingError.typeMismatch` for a missing or
  ///   mistyped member.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .kind)
    guard let kind = Kind(rawValue: name) else {
      let allowed = Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container,
        debugDescription: "Unknown position kind '\(name)'; expected one of \(allowed).")
    }
    let x = try container.decodeFinite(forKey: .x, field: "x of a position")
    let y = try container.decodeFinite(forKey: .y, field: "y of a position")
    switch kind {
    case .normalized: self = .normalized(x: x, y: y)
    case .pixels: self = .pixels(x: x, y: y)
    case .percent: self = .percent(x: x, y: y)
    }
  }

  /// Writes the position as `{"kind", "x", "y"}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a coordinate that is NaN or infinite.
  public func encode(to encoder: any Encoder) throws {
    let (kind, x, y): (Kind, Double, Double) =
      switch self {
      case .normalized(let x, let y): (.normalized, x, y)
      case .pixels(let x, let y): (.pixels, x, y)
      case .percent(let x, let y): (.percent, x, y)
      }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind.rawValue, forKey: .kind)
    try container.encodeFinite(x, forKey: .x, field: "x of a position")
    try container.encodeFinite(y, forKey: .y, field: "y of a position")
  }
}
