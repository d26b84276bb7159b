import Foundation
import KadrPersistence

/// Writes and reads ``Halftone`` filters: `{"kind": "com.example.halftone", "dotSize", "angle"}`
/// in a video clip's filter list.
public struct HalftoneCodec: CustomFilterCodec {
  /// The payload's keys (the registry adds `kind`).
  public enum Key: String, PayloadKey {
    case dotSize, angle
  }

  /// Creates the codec.
  public init() {}

  /// `com.example.halftone`, the filter type's kind.
  public var kindID: KindID { KindID(Halftone.kind.rawValue) }

  public func encode(_ value: Halftone, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.dotSize, for: .dotSize)
    try payload.encode(value.angle, for: .angle)
  }

  /// Reads a halftone filter; `angle` is optional and 0 when absent.
  ///
  /// - Throws: ``PersistenceError`` for a missing or malformed field.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Halftone {
    Halftone(
      dotSize: try payload.decode(Double.self, for: .dotSize),
      angle: try payload.decodeIfPresent(Double.self, for: .angle) ?? 0)
  }

  /// Two filters: the smallest grid and a turned one.
  public func samples() -> CodecSamples<Halftone> {
    CodecSamples(minimal: Halftone(dotSize: 1), maximal: Halftone(dotSize: 6.5, angle: 0.25))
  }
}
