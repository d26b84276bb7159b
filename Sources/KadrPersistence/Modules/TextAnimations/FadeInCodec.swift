import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``FadeIn`` text animations: kind `fadeIn`.
///
/// The payload is `{"durationValue", "durationTimescale", "beginTime", "from"}` (the registry
/// adds `"kind"`). `from` is a `Float` in the model and is written widened to a `Double`, so 0.1
/// appears as `0.10000000149011612`, exactly as schema 1 writes it.
struct FadeInCodec: TextAnimationCodec {
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

  /// `fadeIn`.
  public var kindID: KindID { "fadeIn" }

  public func encode(_ value: FadeIn, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encodeTextAnimationTiming(duration: value.duration, beginTime: value.beginTime)
    try payload.encode(Double(value.from), for: .from)
  }

  /// Reads a fade-in. An absent `from` gives the model's default, 0 (fully transparent); a `from`
  /// beyond the range of a `Float` is refused.
  public func decode(from payload: KeyedDecoder<Key>) throws -> FadeIn {
    let duration = try payload.decodeTextAnimationDuration()
    let beginTime = try payload.decodeTextAnimationBeginTime()
    guard let wide = try payload.decodeIfPresent(Double.self, for: .from) else {
      return FadeIn(duration: duration, beginTime: beginTime)
    }
    let from = Float(wide)
    guard from.isFinite else {
      throw payload.error(
        .invalidValue("The starting opacity \(wide) does not fit a 32-bit float"), for: .from)
    }
    return FadeIn(duration: duration, from: from, beginTime: beginTime)
  }

  public func samples() -> CodecSamples<FadeIn> {
    CodecSamples(
      minimal: FadeIn(duration: .zero),
      maximal: FadeIn(duration: Time(value: 15, timescale: 30), from: 0.1, beginTime: 0))
  }
}
