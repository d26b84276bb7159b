import Foundation
import KadrModel

extension Time: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"timescale", "value"}`; refuses an invalid time.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    guard isValid else {
      throw PersistenceError(
        .invalidValue("The \(encoder.pointer.lastKey ?? "time") is an invalid time"),
        at: encoder.pointer)
    }
    if let written = encoder.integers((Key.timescale, Int64(timescale)), (Key.value, value)) {
      return written
    }
    var object = encoder.keyed(by: Key.self)
    try object.encode(timescale, for: .timescale)
    try object.encode(value, for: .value)
    return object.finish()
  }

  /// Reads `{"timescale", "value"}`; refuses a timescale that is not positive or does not fit
  /// `Int32`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Time {
    let object = try decoder.keyed(by: Key.self)
    let timescale = try object.decode(Int32.self, for: .timescale)
    guard timescale > 0 else {
      throw object.error(
        .integerOutOfRange("timescale", range: "a positive 32-bit integer"), for: .timescale)
    }
    return Time(value: try object.decode(Int64.self, for: .value), timescale: timescale)
  }
}

extension TimeRange: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"duration", "start"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(duration, for: .duration)
    try object.encode(start, for: .start)
    return object.finish()
  }

  /// Reads `{"duration", "start"}`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> TimeRange
  {
    let object = try decoder.keyed(by: Key.self)
    return TimeRange(
      start: try object.decode(Time.self, for: .start),
      duration: try object.decode(Time.self, for: .duration))
  }
}

// The model's `Codable` keys serve the codec too: one spelling of each member.
extension Time.CodingKeys: PayloadKey {}
extension TimeRange.CodingKeys: PayloadKey {}
