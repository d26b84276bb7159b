import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``InterchangePlaceholder`` clips: kind `com.kadr.otio.placeholder`,
/// version 1.
///
/// The kind id keeps the name it had when only the OpenTimelineIO importer made placeholders,
/// so that every document saved since opens unchanged.
public struct InterchangePlaceholderCodec: ClipCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case role, name, duration, sourceRange, mediaURL, reference, clipID, startTime
  }

  /// `com.kadr.otio.placeholder`.
  public static let kindID: KindID = "com.kadr.otio.placeholder"

  /// Creates the codec.
  public init() {}

  /// `com.kadr.otio.placeholder`.
  public var kindID: KindID { Self.kindID }

  /// Writes a placeholder's fields.
  ///
  /// - Parameters:
  ///   - value: The placeholder.
  ///   - payload: Its payload.
  /// - Throws: `PersistenceError` when a field cannot be written.
  public func encode(_ value: InterchangePlaceholder, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.role.rawValue, for: .role)
    try payload.encode(value.name, for: .name)
    try payload.encode(value.duration, for: .duration)
    try payload.encodeIfPresent(value.sourceRange, for: .sourceRange)
    try payload.encodeIfPresent(value.mediaURL, for: .mediaURL)
    try payload.encodeIfPresent(value.reference, for: .reference)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
  }

  /// Reads a placeholder.
  ///
  /// - Parameter payload: Its payload.
  /// - Throws: `PersistenceError` for a missing or malformed field or an unknown role.
  public func decode(from payload: KeyedDecoder<Key>) throws -> InterchangePlaceholder {
    InterchangePlaceholder(
      role: try payload.valueDecoder(for: .role).enumeration(
        InterchangePlaceholder.Role.self, field: "role"),
      name: try payload.decode(String.self, for: .name),
      duration: try payload.decode(Time.self, for: .duration),
      sourceRange: try payload.decodeIfPresent(TimeRange.self, for: .sourceRange),
      mediaURL: try payload.decodeIfPresent(URL.self, for: .mediaURL),
      reference: try payload.decodeIfPresent(String.self, for: .reference),
      clipID: try payload.decodeIfPresent(ClipID.self, for: .clipID),
      startTime: try payload.decodeIfPresent(Time.self, for: .startTime))
  }

  /// Nothing: every field is data.
  ///
  /// - Parameter value: The placeholder.
  public func losses(in value: InterchangePlaceholder) -> [LossFinding] { [] }

  /// `referenceJSON`, the parsed form of `reference`, which is written.
  public var notEncoded: [NotEncodedField] {
    [NotEncodedField("referenceJSON", reason: "the parsed form of reference, which is written")]
  }

  /// `gap` or `offline “name”`.
  ///
  /// - Parameter value: The placeholder.
  public func label(for value: InterchangePlaceholder) -> String? {
    value.role == .gap ? "gap" : "offline “\(value.name)”"
  }

  /// A gap as the minimal sample; an offline clip with every field as the maximal one.
  public func samples() -> CodecSamples<InterchangePlaceholder> {
    CodecSamples(
      minimal: .gap(Time(value: 1, timescale: 24)),
      maximal: [
        InterchangePlaceholder(
          role: .offline, name: "A001", duration: Time(value: 48, timescale: 24),
          sourceRange: TimeRange(
            start: Time(value: 86400, timescale: 24), duration: Time(value: 48, timescale: 24)),
          mediaURL: URL(string: "file:///renders/shot_010/"),
          reference: #"{"OTIO_SCHEMA":"MissingReference.1"}"#, clipID: "A001",
          startTime: Time(value: 2, timescale: 1))
      ])
  }
}
