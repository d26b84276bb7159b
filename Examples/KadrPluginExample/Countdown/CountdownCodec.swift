import Foundation
import KadrPersistence

/// Writes and reads ``Countdown`` clips: kind `com.example.countdown`, payload version 2.
///
/// Version 1 called the starting number `seconds` and had no `face`. Version 2 renamed it `from`
/// and added `face`; the upgrade step from version 1 renames the key and fills in the face every
/// version-1 countdown had, `digits`. A document written with version 2 records it once in its
/// envelope (`"payloadVersions": {"com.example.countdown": 2}`).
///
/// ``Countdown/onTick`` is code: it is not written, and ``losses(in:)`` reports it.
public struct CountdownCodec: ClipCodec {
  /// The payload's keys, one per encoded stored property.
  public enum Key: String, PayloadKey {
    case from, face, color, duration
    case clipID, startTime
  }

  /// The kind id, `com.example.countdown`.
  public static let kindID: KindID = "com.example.countdown"

  /// Creates the codec.
  public init() {}

  /// `com.example.countdown`.
  public var kindID: KindID { Self.kindID }

  /// 2: `seconds` became `from`, and `face` was added.
  public var payloadVersion: Int { 2 }

  /// The step from version 1: `seconds` → `from`, and `face` set to `digits`.
  public var upgrades: [PayloadUpgrade] {
    [
      PayloadUpgrade(from: 1) { payload throws in
        var upgraded = payload
        if let seconds = payload["seconds"] {
          upgraded["from"] = seconds
          upgraded["seconds"] = nil
        }
        if upgraded["face"] == nil {
          upgraded["face"] = .string(Countdown.Face.digits.rawValue)
        }
        return upgraded
      }
    ]
  }

  /// `onTick` is code.
  public var notEncoded: [NotEncodedField] {
    [NotEncodedField("onTick", reason: "code; reported as loss")]
  }

  public func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>)
    throws
  {
    try payload.encode(value.from, for: .from)
    try payload.encode(value.face.rawValue, for: .face)
    try payload.encode(value.color, for: .color)
    try payload.encode(value.duration, for: .duration)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
  }

  /// Reads a countdown.
  ///
  /// - Throws: ``PersistenceError`` for a missing or malformed field, a negative `from`, or a
  ///   `face` that is not `digits` or `ring`.
  public func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    let from = try payload.decode(Int.self, for: .from)
    guard from >= 0 else {
      throw payload.error(
        .invalidValue("A countdown starts from 0 or more, not \(from)"), for: .from)
    }
    return Countdown(
      from: from,
      face: try payload.valueDecoder(for: .face).enumeration(Countdown.Face.self, field: "face"),
      color: try payload.decode(PlatformColor.self, for: .color),
      duration: try payload.decode(Time.self, for: .duration),
      clipID: try payload.decodeIfPresent(ClipID.self, for: .clipID),
      startTime: try payload.decodeIfPresent(Time.self, for: .startTime))
  }

  /// `onTick`, when it is set.
  public func losses(in value: Countdown) -> [LossFinding] {
    value.onTick == nil ? [] : [LossFinding(.codeOnlyField("onTick"))]
  }

  /// `countdown from 3`.
  public func label(for value: Countdown) -> String? { "countdown from \(value.from)" }

  /// A countdown from 0 as the minimal sample; one per face, with every field set, as the
  /// maximal ones.
  public func samples() -> CodecSamples<Countdown> {
    CodecSamples(
      minimal: Countdown(from: 0),
      maximal: Countdown.Face.allCases.map { face in
        Countdown(
          from: 10, face: face, color: PlatformColor(red: 1, green: 0.5, blue: 0, alpha: 0.9),
          duration: Time(value: 300, timescale: 30), clipID: "countdown",
          startTime: Time(value: 3, timescale: 2), onTick: { _ in })
      })
  }
}
