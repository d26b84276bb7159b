import Foundation

// The checks the model's `Codable` conformances share, so that each refuses what the document
// reader refuses, with one wording.

extension KeyedDecodingContainer {
  /// Decodes a number and refuses NaN and the infinities, which a document cannot hold.
  ///
  /// - Parameters:
  ///   - key: The member to read.
  ///   - field: The field's name in the message, such as "red component of a colour".
  /// - Throws: `DecodingError.dataCorrupted` for a non-finite number, or what the container
  ///   throws for a missing member or one that is not a number.
  func decodeFinite(forKey key: Key, field: String) throws -> Double {
    let number = try decode(Double.self, forKey: key)
    guard number.isFinite else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "The \(field) must be a finite number; found \(number).")
    }
    return number
  }
}

extension KeyedEncodingContainer {
  /// Encodes a number, refusing NaN and the infinities as the document writer does.
  ///
  /// - Parameters:
  ///   - number: The number.
  ///   - key: The member to write.
  ///   - field: The field's name in the message.
  /// - Throws: `EncodingError.invalidValue` for a non-finite number.
  mutating func encodeFinite(_ number: Double, forKey key: Key, field: String) throws {
    guard number.isFinite else {
      throw EncodingError.invalidValue(
        number,
        EncodingError.Context(
          codingPath: codingPath + [key],
          debugDescription: "The \(field) must be a finite number to be written; it is \(number)."
        ))
    }
    try encode(number, forKey: key)
  }
}

/// A coding key for any member name, to see every member of an object (a `CodingKeys` container
/// lists only the names it knows).
struct AnyCodingKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) { self.stringValue = stringValue }

  init?(intValue: Int) { nil }
}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
  /// Decodes one of the type's raw values, refusing any other string with the allowed list.
  ///
  /// - Parameters:
  ///   - decoder: The decoder.
  ///   - field: The field's name in the message, as the document reader names it ("anchor").
  /// - Throws: `DecodingError.dataCorrupted` for an unknown name; `DecodingError.typeMismatch`
  ///   when the value is not a string.
  init(namedCaseFrom decoder: any Decoder, field: String) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let value = Self(rawValue: name) else {
      let allowed = Self.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Unknown \(field) '\(name)'; expected one of \(allowed).")
    }
    self = value
  }

  /// Encodes the raw value as a single string.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  func encodeNamedCase(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
