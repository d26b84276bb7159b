import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``ScaleUp`` text animations: kind `scaleUp`.
///
/// The payload is `{"durationValue", "durationTimescale", "beginTime", "from"}` (the registry
/// adds `"kind"`); `from` is the starting scale.
struct ScaleUpCodec: TextAnimationCodec {
  /// The payload's keys; both duration keys hold `duration`.
  public enum Key: String, PayloadKey {
    case durationValue, durationTimescale, beginTime, from

    /// The stored property each key holds.
    public var property: String {
      switch self {
      case .durationValue, .durationTimescale: "duration"
      default: rawValue
      }
    }
  }

  /// Creates the codec.
  public init() {}

  /// `scaleUp`.
  public var kindID: KindID { "scaleUp" }

  public func encode(_ value: ScaleUp, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encodeTextAnimationTiming(duration: value.duration, beginTime: value.beginTime)
    try payload.encode(Double(value.from), for: .from)
  }

  /// Reads a scale-up. An absent `from` gives the model's default, 0.
  public func decode(from payload: KeyedDecoder<Key>) throws -> ScaleUp {
    ScaleUp(
      from: CGFloat(try payload.decodeIfPresent(Double.self, for: .from) ?? 0),
      duration: try payload.decodeTextAnimationDuration(),
      beginTime: try payload.decodeTextAnimationBeginTime())
  }

  public func samples() -> CodecSamples<ScaleUp> {
    CodecSamples(
      minimal: ScaleUp(duration: .zero),
      maximal: ScaleUp(from: 0.35, duration: Time(value: 450, timescale: 600), beginTime: 2.25))
  }
}
