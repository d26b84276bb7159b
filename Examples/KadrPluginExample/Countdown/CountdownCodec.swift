import Foundation
import KadrPersistence

/// Writes and reads ``Countdown`` clips: kind `com.example.countdown`, payload version 2.
///
/// Version 1 called the starting number `seconds` and had no `face`. Version 2 renamed it `from`
/// and added `face`; the upgrade step from version 1 renames the key and fills in the face every
/// version-1 countdown had, `digits`. A document written with version 2 records it once in its
/// envelope (`"payloadVersions": {"com.example.countdown": 2}`).
///
/// The codec declares its fields once, in ``fields``; writing, reading, ``notEncoded`` and
/// ``losses(in:)`` come from that list (``FieldListCodec``). ``Countdown/onTick`` is code: it is
/// not written, and saving reports it as loss.
public struct CountdownCodec: ClipCodec, FieldListCodec {
  /// The payload's keys, one per encoded stored property.
  public enum Key: String, PayloadKey {
    case from, face, color, duration, clipID, startTime
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

  /// Every stored property once: the key that holds it, or that it exists only as code. A
  /// negative `from` is refused on reading; `onTick` is not written, and is reported as loss.
  public let fields: [PayloadField<Countdown, Key>] = [
    PayloadField(.from, \.from) { $0 >= 0 ? nil : "A countdown starts from 0 or more, not \($0)" },
    PayloadField(.face, \.face),
    PayloadField(.color, \.color),
    PayloadField(.duration, \.duration),
    PayloadField(.clipID, \.clipID),
    PayloadField(.startTime, \.startTime),
    PayloadField(codeOnly: "onTick", \.onTick),
  ]

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
