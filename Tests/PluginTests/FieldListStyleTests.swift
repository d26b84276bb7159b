import Foundation
import KadrPersistence
import KadrPluginExample
import Testing

/// The countdown's codec as it was written before field lists and one-call enumerations: each
/// field written and read by hand, the face as `rawValue` and `enumeration(_:field:)`. A plugin
/// written this way still builds and works unchanged.
struct OldStyleCountdownCodec: ClipCodec {
  typealias Key = CountdownCodec.Key

  var kindID: KindID { CountdownCodec.kindID }
  var payloadVersion: Int { 2 }
  var upgrades: [PayloadUpgrade] { CountdownCodec().upgrades }
  var notEncoded: [NotEncodedField] {
    [NotEncodedField("onTick", reason: "code; reported as loss")]
  }

  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .from)
    try payload.encode(value.face.rawValue, for: .face)
    try payload.encode(value.color, for: .color)
    try payload.encode(value.duration, for: .duration)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
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

  func losses(in value: Countdown) -> [LossFinding] {
    value.onTick == nil ? [] : [LossFinding(.codeOnlyField("onTick"))]
  }

  func label(for value: Countdown) -> String? { "countdown from \(value.from)" }

  func samples() -> CodecSamples<Countdown> { CountdownCodec().samples() }
}

@Suite("The countdown from a field list and written by hand")
struct FieldListStyleTests {
  static func coder(_ codec: some ClipCodec) throws -> KadrCoder {
    var registry = CodecRegistry.standard
    try registry.register(clip: codec)
    return KadrCoder(registry: registry, options: CodingOptions(allowingLoss: true))
  }

  static func videos() -> [Video] {
    let samples = CountdownCodec().samples()
    let countdowns = [samples.minimal] + samples.maximal
    return countdowns.map { Video(clips: [$0]) } + [Plugin.showcase()]
  }

  @Test func bothWriteTheSameBytes() throws {
    let fields = try Self.coder(CountdownCodec())
    let old = try Self.coder(OldStyleCountdownCodec())
    for video in Self.videos() {
      let bytes = try fields.data(for: video)
      #expect(bytes == (try old.data(for: video)))
      let reopened = try old.video(from: bytes)
      #expect(try fields.data(for: reopened) == bytes)
    }
  }

  @Test func bothReportTheSameLoss() throws {
    let video = Video(clips: [Countdown(from: 2).onTick { _ in }])
    let fields = try KadrCoder(registry: .standard.merging(ExamplePlugin.fragment()))
    var registry = CodecRegistry.standard
    try registry.register(clip: OldStyleCountdownCodec())
    let old = KadrCoder(registry: registry)
    #expect(fields.lossyContent(in: video) == old.lossyContent(in: video))
    #expect(fields.lossyContent(in: video).map(\.kind) == [.codeOnlyField("onTick")])
  }

  /// A negative count and an unknown face: the same reason, pointer and sentence either way.
  @Test(arguments: [#""from":3"#, #""face":"ring""#])
  func bothRefuseTheSameValuesAlike(member: String) throws {
    let good = try Self.coder(CountdownCodec()).data(
      for: Video(clips: [Countdown(from: 3, face: .ring)]))
    let broken = member.hasPrefix(#""from""#) ? #""from":-3"# : #""face":"square""#
    let text = String(decoding: good, as: UTF8.self)
    #expect(text.contains(member))
    let data = Data(text.replacingOccurrences(of: member, with: broken).utf8)
    let new = try #require(throws: PersistenceError.self) {
      try Self.coder(CountdownCodec()).video(from: data)
    }
    let old = try #require(throws: PersistenceError.self) {
      try Self.coder(OldStyleCountdownCodec()).video(from: data)
    }
    #expect(new.reason == old.reason)
    #expect(new.pointer == old.pointer)
    #expect(new.errorDescription == old.errorDescription)
    #expect(new.recoverySuggestion == old.recoverySuggestion)
    if broken.contains("square") {
      #expect(
        new.reason == .unknownEnumValue("square", field: "face", allowed: ["digits", "ring"]))
    }
  }

  @Test func theFieldListCodecListsWhatItDoesNotWrite() {
    #expect(CountdownCodec().notEncoded == OldStyleCountdownCodec().notEncoded)
    #expect(CountdownCodec().manifest == OldStyleCountdownCodec().manifest)
  }
}
