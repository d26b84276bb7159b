import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// A countdown codec that forgets `label` on both sides but still lists it: only the round trip
/// by reflection can catch it.
private struct ForgetfulCountdownCodec: ClipCodec {
  typealias Key = CountdownCodec.Key
  var kindID: KindID { "com.example.countdown" }
  var notEncoded: [NotEncodedField] { [NotEncodedField("onTick", reason: "code")] }
  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .from)
    try payload.encode(value.duration, for: .duration)
  }
  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    Countdown(
      from: try payload.decode(Int.self, for: .from), label: nil,
      duration: try payload.decode(Time.self, for: .duration))
  }
  func samples() -> CodecSamples<Countdown> { CountdownCodec().samples() }
}

/// A countdown codec whose manifest omits `label` entirely.
private struct UnlistedFieldCodec: ClipCodec {
  enum Key: String, PayloadKey { case from, duration }
  var kindID: KindID { "com.example.countdown" }
  var notEncoded: [NotEncodedField] { [NotEncodedField("onTick", reason: "code")] }
  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .from)
    try payload.encode(value.duration, for: .duration)
  }
  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    Countdown(
      from: try payload.decode(Int.self, for: .from), label: nil,
      duration: try payload.decode(Time.self, for: .duration))
  }
  func samples() -> CodecSamples<Countdown> { CountdownCodec().samples() }
}

/// A countdown codec whose maximal sample leaves `label` unset, so nothing proves it.
private struct LazySampleCodec: ClipCodec {
  typealias Key = CountdownCodec.Key
  var kindID: KindID { "com.example.countdown" }
  var notEncoded: [NotEncodedField] { [NotEncodedField("onTick", reason: "code")] }
  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try CountdownCodec().encode(value, to: &payload)
  }
  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    try CountdownCodec().decode(from: payload)
  }
  func samples() -> CodecSamples<Countdown> {
    let minimal = Countdown(from: 1, label: nil, duration: .zero)
    return CodecSamples(minimal: minimal, maximal: minimal)
  }
}

@Suite("Completeness report")
struct CompletenessTests {
  private func entry(_ codec: some ClipCodec) throws -> CompletenessReport.Entry {
    var registry = CodecRegistry.empty
    try registry.register(clip: codec)
    return try #require(registry.completenessReport().entries.first)
  }

  @Test func theToyRegistryIsComplete() throws {
    let report = try Toy.registry().completenessReport()
    #expect(report.isComplete, "\(report.rendered())")
    #expect(
      report.entries.map(\.kindID) == ["com.example.countdown", "com.example.group", "toyReel"])
    let countdown = try #require(report.entries.first)
    #expect(countdown.manifest.contains { $0.property == "onTick" && $0.reason == "code" })
  }

  @Test func aFieldForgottenOnBothSidesIsCaughtByTheRoundTrip() throws {
    let entry = try entry(ForgetfulCountdownCodec())
    #expect(!entry.isComplete)
    #expect(entry.unknownProperties.isEmpty)
    #expect(entry.roundTripDifferences.contains { $0.contains(".label") })
  }

  @Test func aFieldMissingFromTheManifestIsReported() throws {
    let entry = try entry(UnlistedFieldCodec())
    #expect(entry.unknownProperties == ["label"])
    #expect(!entry.isComplete)
  }

  @Test func aMaximalSampleThatSetsNothingProvesNothing() throws {
    let entry = try entry(LazySampleCodec())
    #expect(entry.unsetInMaximalSamples == ["label"])
    #expect(!entry.isComplete)
  }

  @Test func theReportIsAVersionedCodableValueWithARendering() throws {
    let report = try Toy.registry().completenessReport()
    let data = try JSONEncoder().encode(report)
    let decoded = try JSONDecoder().decode(CompletenessReport.self, from: data)
    #expect(decoded == report)
    #expect(decoded.version == CompletenessReport.currentVersion)
    let forgetful = try entry(ForgetfulCountdownCodec())
    let rendered = CompletenessReport(entries: [forgetful]).rendered()
    #expect(rendered.contains("FAIL"))
    #expect(rendered.contains("ROUND TRIP"))
  }

  /// The opt-in strict mode runs the same check at the first save, in any build, and refuses
  /// a save through a registry with a forgetful codec; a complete registry saves as before.
  @Test func theStrictModeRefusesToSaveWithAForgetfulCodec() throws {
    var forgetful = CodecRegistry.empty
    try forgetful.register(clip: ForgetfulCountdownCodec())
    try forgetful.register(model: ToyReelCodec())
    let reel = ToyReel(name: "r", clips: [Countdown(from: 3, label: "go", duration: .zero)])
    let strict = CodingOptions(checksCompleteness: true)

    // Without the strict mode the label is lost without a word.
    _ = try DocumentCoder(registry: forgetful, options: CodingOptions()).encode(reel)
    let error = try #require(throws: PersistenceError.self) {
      _ = try DocumentCoder(registry: forgetful, options: strict).encode(reel)
    }
    let underlying = try #require(error.underlyingError as? CompletenessError)
    // The countdown's codec forgets the label, and so the reel that nests countdowns loses it.
    #expect(underlying.entries.map(\.kindID) == ["com.example.countdown", "toyReel"])
    #expect(underlying.description.contains("label"), "\(underlying)")
    // The person is told about the save they made, not about opening (it said "saved or
    // opened").
    #expect(error.errorDescription == "This project cannot be saved by this version of the app.")

    _ = try DocumentCoder(registry: try Toy.registry(), options: strict).encode(reel)
  }
}
