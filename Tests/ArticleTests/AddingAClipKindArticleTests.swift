import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

// "Registering": the module the articles call `CountdownPlugin`, which registers the example
// plugin's countdown codec (Examples/KadrPluginExample/Countdown).
public enum CountdownPlugin: RegistryModule {
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: CountdownCodec())
  }
}

/// "Adding a clip kind", "Writing and reading by hand": the countdown's codec without a field
/// list.
public struct HandWrittenCountdownCodec: ClipCodec {
  public typealias Key = CountdownCodec.Key

  public var kindID: KindID { CountdownCodec.kindID }

  public var payloadVersion: Int { 2 }

  public var upgrades: [PayloadUpgrade] { CountdownCodec().upgrades }

  public var notEncoded: [NotEncodedField] {
    [NotEncodedField("onTick", reason: "code; reported as loss")]
  }

  public func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .from)
    try payload.encode(value.face, for: .face)
    try payload.encode(value.color, for: .color)
    try payload.encode(value.duration, for: .duration)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
    try payload.encodeIfPresent(value.startTime, for: .startTime)
  }

  public func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    let from = try payload.decode(Int.self, for: .from)
    guard from >= 0 else {
      throw payload.error(
        .invalidValue("A countdown starts from 0 or more, not \(from)"), for: .from)
    }
    return Countdown(
      from: from, face: try payload.decode(Countdown.Face.self, for: .face),
      color: try payload.decode(PlatformColor.self, for: .color),
      duration: try payload.decode(Time.self, for: .duration),
      clipID: try payload.decodeIfPresent(ClipID.self, for: .clipID),
      startTime: try payload.decodeIfPresent(Time.self, for: .startTime))
  }

  public func losses(in value: Countdown) -> [LossFinding] {
    value.onTick == nil ? [] : [LossFinding(.codeOnlyField("onTick"))]
  }

  public func samples() -> CodecSamples<Countdown> { CountdownCodec().samples() }
}

/// "Adding a clip kind": the samples that are not part of the example plugin itself.
@Suite("Article: Adding a clip kind")
struct AddingAClipKindArticleTests {
  @Test func registering() throws {
    let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
    let coder = KadrCoder(registry: registry)

    let video = Video(clips: [Countdown(from: 3)])
    let reopened = try coder.video(from: try coder.data(for: video))
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  @Test func theHandWrittenCodecWritesWhatTheFieldListWrites() throws {
    var handWritten = CodecRegistry.standard
    try handWritten.register(clip: HandWrittenCountdownCodec())
    let fields = KadrCoder(registry: try .standard.merging(CountdownPlugin.fragment()))
    let samples = CountdownCodec().samples()
    let video = Video(clips: [samples.minimal] + samples.maximal.map { $0 as any Clip })
    let bytes = try KadrCoder(registry: handWritten).data(for: video, allowingLoss: true)
    #expect(bytes == (try fields.data(for: video, allowingLoss: true)))
    try PersistenceTestKit.assertComplete(handWritten, kinds: [CountdownCodec.kindID])
  }

  @Test func aNegativeCountFailsToOpenWithTheArticlesSentence() throws {
    let coder = KadrCoder(registry: try .standard.merging(CountdownPlugin.fragment()))
    let saved = try coder.data(for: Video(clips: [Countdown(from: 1)]))
    let text = String(decoding: saved, as: UTF8.self)
      .replacingOccurrences(of: #""from":1"#, with: #""from":-1"#)
    let error = try #require(throws: PersistenceError.self) {
      try coder.video(from: Data(text.utf8))
    }
    #expect(error.failureReason?.contains("A countdown starts from 0 or more, not -1") == true)
  }

  @Test func theCompletenessReport() throws {
    let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
    let report = registry.completenessReport()
    if !report.isComplete { print(report.rendered()) }
    #expect(report.isComplete)
  }
}

@Test func countdownsRoundTrip() throws {
  let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
  try PersistenceTestKit.assertRoundTrip(Countdown(from: 3, face: .ring), registry: registry)
  try PersistenceTestKit.assertRoundTrip(
    Countdown(from: 3).onTick { _ in }, registry: registry,
    allowingLoss: true)
  try PersistenceTestKit.assertComplete(CountdownPlugin.self)
}

// "KadrPersistenceTesting" (the landing page).
@Test func countdownsArePersistedExactly() throws {
  let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
  try PersistenceTestKit.assertRoundTrip(Countdown(from: 3), registry: registry)
  try PersistenceTestKit.assertComplete(CountdownPlugin.self)
}
