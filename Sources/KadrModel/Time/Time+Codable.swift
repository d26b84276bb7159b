import Foundation

extension Time: Codable {
  /// The members of a time in JSON, shared with the document codec (one spelling of the format).
  @usableFromInline
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case timescale, value
  }

  /// Reads a time in the document's form, `{"timescale": 600, "value": 1200}` (a rational, never
  /// seconds).
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the timescale is not positive (or either number
  ///   does not fit its 32- or 64-bit integer); `DecodingError.keyNotFound` or
  ///   `DecodingError.typeMismatch` for a missing or mistyped member.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let timescale = try container.decode(Int32.self, forKey: .timescale)
    guard timescale > 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .timescale, in: container,
        debugDescription:
          "The timescale of a time must be a positive 32-bit integer; found \(timescale).")
    }
    self.init(value: try container.decode(Int64.self, forKey: .value), timescale: timescale)
  }

  /// Writes the time as `{"timescale", "value"}`, as a document holds it.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for ``invalid``, which a document cannot hold.
  public func encode(to encoder: any Encoder) throws {
    guard isValid else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "An invalid time (timescale 0) cannot be written."))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(timescale, forKey: .timescale)
    try container.encode(value, forKey: .value)
  }
}
