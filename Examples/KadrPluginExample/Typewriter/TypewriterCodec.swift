import Foundation
import KadrPersistence

/// Writes and reads ``Typewriter`` text animations:
/// `{"kind": "com.example.typewriter", "charactersPerSecond", "beginTime"}` on a text overlay.
public struct TypewriterCodec: TextAnimationCodec {
  /// The payload's keys (the registry adds `kind`).
  public enum Key: String, PayloadKey {
    case charactersPerSecond, beginTime
  }

  /// The kind id, `com.example.typewriter`.
  public static let kindID: KindID = "com.example.typewriter"

  /// Creates the codec.
  public init() {}

  /// `com.example.typewriter`.
  public var kindID: KindID { Self.kindID }

  public func encode(_ value: Typewriter, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.charactersPerSecond, for: .charactersPerSecond)
    try payload.encode(value.beginTime, for: .beginTime)
  }

  /// Reads a typewriter animation; the rate is read as written (the model stores it as given), so
  /// every animation that saves also opens.
  ///
  /// - Throws: ``PersistenceError`` for a missing or malformed field.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Typewriter {
    Typewriter(
      charactersPerSecond: try payload.decode(Double.self, for: .charactersPerSecond),
      beginTime: try payload.decode(Time.self, for: .beginTime))
  }

  /// Twelve characters a second from zero, and from a later time.
  public func samples() -> CodecSamples<Typewriter> {
    CodecSamples(
      minimal: Typewriter(charactersPerSecond: 12),
      maximal: Typewriter(charactersPerSecond: 7.5, beginTime: Time(value: 3, timescale: 2)))
  }
}
