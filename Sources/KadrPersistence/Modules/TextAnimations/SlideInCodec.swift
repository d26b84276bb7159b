import Foundation
import KadrModel
import KadrPersistenceCore

/// Writes and reads ``SlideIn`` text animations: kind `slideIn`.
///
/// The payload is `{"durationValue", "durationTimescale", "beginTime", "direction"}` (the
/// registry adds `"kind"`); `direction` is `fromLeft`, `fromRight`, `fromTop` or `fromBottom`.
struct SlideInCodec: TextAnimationCodec {
  /// The payload's keys; both duration keys hold `duration`.
  public enum Key: String, PayloadKey {
    case durationValue, durationTimescale, beginTime, direction

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

  /// `slideIn`.
  public var kindID: KindID { "slideIn" }

  public func encode(_ value: SlideIn, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encodeTextAnimationTiming(duration: value.duration, beginTime: value.beginTime)
    try payload.encode(value.direction, for: .direction)
  }

  /// Reads a slide-in; the direction is required.
  public func decode(from payload: KeyedDecoder<Key>) throws -> SlideIn {
    SlideIn(
      direction: try payload.decode(SlideIn.Direction.self, for: .direction),
      duration: try payload.decodeTextAnimationDuration(),
      beginTime: try payload.decodeTextAnimationBeginTime())
  }

  /// One slide from every edge as the maximal samples.
  public func samples() -> CodecSamples<SlideIn> {
    CodecSamples(
      minimal: SlideIn(direction: .fromLeft, duration: .zero),
      maximal: SlideIn.Direction.allCases.enumerated().map { index, direction in
        SlideIn(
          direction: direction, duration: Time(value: Int64(index + 1) * 10, timescale: 30),
          beginTime: Double(index) * 0.5)
      })
  }
}

extension SlideIn.Direction: PersistableEnumeration {
  /// "text slide direction".
  public static var persistedFieldName: String { "text slide direction" }
}
