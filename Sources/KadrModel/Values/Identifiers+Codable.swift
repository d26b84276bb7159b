import Foundation

extension ClipID: Codable {
  /// Reads the id as a document holds it: its text, a single string.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes the id's text as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension LayerID: Codable {
  /// Reads the id as a document holds it: its text, a single string.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes the id's text as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension FilterID: Codable {
  /// Reads the id as a document holds it (an element of `filterIDs`): its text, a single string.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes the id's text as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
