import Foundation
import KadrModel
import KadrPersistenceCore

/// A composition of the toy world: the core is tested with it and no built-in module at all.
struct ToyReel: Sendable {
  var name: String
  var clips: [any Clip]
}

/// A clip kind a plugin might add: a countdown with its own fields and a code-only hook.
struct Countdown: Clip {
  var from: Int
  var label: String?
  var duration: Time
  var onTick: (@Sendable (Int) -> Void)?
}

/// A clip that holds other clips, to test nesting through the registry.
struct Group: Clip {
  var clips: [any Clip]
  var duration: Time { clips.reduce(Time.zero) { $0 + $1.duration } }
}

/// A clip type no codec is registered for.
struct Stranger: Clip {
  var duration: Time { .zero }
}

struct CountdownCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case from, label, duration
  }

  var kindID: KindID { "com.example.countdown" }
  var notEncoded: [NotEncodedField] { [NotEncodedField("onTick", reason: "code")] }

  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .from)
    try payload.encodeIfPresent(value.label, for: .label)
    try payload.encode(value.duration, for: .duration)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    Countdown(
      from: try payload.decode(Int.self, for: .from),
      label: try payload.decodeIfPresent(String.self, for: .label),
      duration: try payload.decode(Time.self, for: .duration), onTick: nil)
  }

  func losses(in value: Countdown) -> [LossFinding] {
    value.onTick == nil ? [] : [LossFinding(.codeOnlyField("onTick"))]
  }

  func label(for value: Countdown) -> String? { "countdown from \(value.from)" }

  func samples() -> CodecSamples<Countdown> {
    CodecSamples(
      minimal: Countdown(from: 3, label: nil, duration: Time(value: 3, timescale: 1)),
      maximal: Countdown(
        from: 10, label: "go", duration: Time(value: 300, timescale: 30), onTick: { _ in }))
  }
}

struct GroupCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case clips
  }

  var kindID: KindID { "com.example.group" }

  func encode(_ value: Group, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(clips: value.clips, for: .clips)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Group {
    Group(clips: try payload.decodeClips(for: .clips))
  }

  func samples() -> CodecSamples<Group> {
    CodecSamples(
      minimal: Group(clips: []),
      maximal: Group(clips: [
        Countdown(from: 1, label: "a", duration: Time(value: 1, timescale: 1)),
        Group(clips: [Countdown(from: 2, label: nil, duration: Time(value: 2, timescale: 1))]),
      ]))
  }
}

struct ToyReelCodec: ModelCodec {
  enum Key: String, PayloadKey {
    case name, clips
  }

  var kindID: KindID { "toyReel" }

  func encode(_ value: ToyReel, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.name, for: .name)
    try payload.encode(clips: value.clips, for: .clips)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> ToyReel {
    ToyReel(
      name: try payload.decode(String.self, for: .name),
      clips: try payload.decodeClips(for: .clips))
  }

  func samples() -> CodecSamples<ToyReel> {
    CodecSamples(
      minimal: ToyReel(name: "", clips: []),
      maximal: ToyReel(
        name: "reel", clips: [Countdown(from: 5, label: "x", duration: .zero)]))
  }
}

enum ToyModule: RegistryModule {
  static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: CountdownCodec())
    try registry.register(clip: GroupCodec())
    try registry.register(model: ToyReelCodec())
  }
}

enum Toy {
  static func registry() throws -> CodecRegistry { try ToyModule.fragment() }

  static func coder(_ options: CodingOptions = CodingOptions()) throws -> DocumentCoder {
    DocumentCoder(registry: try registry(), options: options)
  }

  static func bytes(_ text: String) -> Data { Data(text.utf8) }

  static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
}
