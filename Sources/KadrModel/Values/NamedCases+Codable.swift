import Foundation

// Enums written in documents as their case name. Declaring `Codable` alone would use the standard
// library's raw-value coding, whose refusal does not list the names allowed; these say which.

extension Anchor: Codable {
  /// Reads an anchor as a document holds it: its name, such as `"topLeft"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown name (the message lists the nine);
  ///   `DecodingError.typeMismatch` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self = try Anchor(namedCaseFrom: decoder, field: "anchor")
  }

  /// Writes the anchor's name as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws { try encodeNamedCase(to: encoder) }
}

extension SlideDirection: Codable {
  /// Reads a slide direction as a document holds it: its name, such as `"fromLeft"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown name; `DecodingError.typeMismatch`
  ///   when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self = try SlideDirection(namedCaseFrom: decoder, field: "slide direction")
  }

  /// Writes the direction's name as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws { try encodeNamedCase(to: encoder) }
}

extension TextStyle.Alignment: Codable {
  /// Reads a text alignment as a document holds it: `"leading"`, `"center"` or `"trailing"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown name; `DecodingError.typeMismatch`
  ///   when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self = try TextStyle.Alignment(namedCaseFrom: decoder, field: "text alignment")
  }

  /// Writes the alignment's name as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws { try encodeNamedCase(to: encoder) }
}

extension TextStyle.Weight: Codable {
  /// Reads a font weight as a document holds it: `"regular"`, `"medium"` or `"bold"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown name; `DecodingError.typeMismatch`
  ///   when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self = try TextStyle.Weight(namedCaseFrom: decoder, field: "font weight")
  }

  /// Writes the weight's name as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws { try encodeNamedCase(to: encoder) }
}
