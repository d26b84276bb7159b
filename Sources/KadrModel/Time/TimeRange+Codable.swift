import Foundation

extension TimeRange: Codable {
  /// The members of a range in JSON, shared with the document codec.
  @usableFromInline
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case duration, start
  }

  /// Reads a range in the document's form, `{"duration": Time, "start": Time}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when either time is missing or refused by ``Time/init(from:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      start: try container.decode(Time.self, forKey: .start),
      duration: try container.decode(Time.self, forKey: .duration))
  }

  /// Writes the range as `{"duration", "start"}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` when either time is ``Time/invalid``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(duration, forKey: .duration)
    try container.encode(start, forKey: .start)
  }
}
