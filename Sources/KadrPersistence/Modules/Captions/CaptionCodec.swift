import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``Caption`` values: kind `caption`, `{"text", "timeRange"}`.
struct CaptionCodec: ModelCodec {
  /// The payload's keys, one per stored property.
  public enum Key: String, PayloadKey {
    case text, timeRange
  }

  /// Creates the codec.
  public init() {}

  /// `caption`.
  public var kindID: KindID { "caption" }

  /// Writes the text and its time range.
  ///
  /// - Throws: ``PersistenceError`` for an invalid time.
  public func encode(_ value: Caption, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.text, for: .text)
    try payload.encode(value.timeRange, for: .timeRange)
  }

  /// Reads a caption; both fields are required.
  ///
  /// - Throws: ``PersistenceError`` naming the field's JSON pointer.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Caption {
    Caption(
      text: try payload.decode(String.self, for: .text),
      timeRange: try payload.decode(TimeRange.self, for: .timeRange))
  }

  /// An empty caption at zero, and one with text (including characters JSON escapes).
  public func samples() -> CodecSamples<Caption> {
    CodecSamples(
      minimal: Caption(text: "", timeRange: TimeRange(start: .zero, duration: .zero)),
      maximal: Caption(
        text: "Line one\n\"two\" / ünïcode 🎬",
        timeRange: TimeRange(
          start: Time(value: 30, timescale: 30), duration: Time(value: 45, timescale: 30))))
  }
}

/// The captions module: registers `CaptionCodec`.
public enum CaptionsModule: RegistryModule {
  /// Registers the `caption` model codec.
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(model: CaptionCodec())
  }
}
