import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// A clip kind whose codec forgets a field, to prove the kit catches it.
private struct Stamp: Clip {
  var text: String
  var size: Double
  var duration: Time
}

/// Writes `text` and `duration`, and forgets `size` on both sides.
private struct ForgetfulStampCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case text, duration
  }

  var kindID: KindID { "com.example.stamp" }

  func encode(_ value: Stamp, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.text, for: .text)
    try payload.encode(value.duration, for: .duration)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Stamp {
    Stamp(
      text: try payload.decode(String.self, for: .text), size: 12,
      duration: try payload.decode(Time.self, for: .duration))
  }

  func samples() -> CodecSamples<Stamp> {
    CodecSamples(
      minimal: Stamp(text: "", size: 12, duration: .zero),
      maximal: Stamp(text: "hello", size: 30, duration: Time(value: 1, timescale: 1)))
  }
}

private enum StampModule: RegistryModule {
  static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: ForgetfulStampCodec())
  }
}

/// The testing kit itself: it must fail when a codec is wrong, and say why.
@Suite("Testing kit")
struct TestKitTests {
  let registry: CodecRegistry

  init() throws {
    registry = try CodecRegistry.standard.merging(StampModule.fragment())
  }

  @Test func aForgottenFieldFailsTheRoundTripByReflection() throws {
    let stamp = Stamp(text: "hi", size: 30, duration: Time(value: 2, timescale: 1))
    let failure = try #require(throws: RoundTripFailure.self) {
      try PersistenceTestKit.assertRoundTrip(stamp, registry: registry)
    }
    #expect(failure.problems == [.differences([".size: 30.0 ≠ 12.0"])])
    #expect(failure.description.contains(#"written: {"com.example.stamp":{"_0":{"#))
  }

  @Test func aForgottenFieldFailsTheCompletenessCheckWithTheRenderedReport() throws {
    let failure = try #require(throws: CompletenessFailure.self) {
      try PersistenceTestKit.assertComplete(registry, kinds: ["com.example.stamp"])
    }
    #expect(failure.description == failure.report.rendered())
    #expect(
      failure.description.contains("FORGOTTEN: stored property 'size' is not in the manifest"))
    #expect(failure.report.entries.map(\.kindID) == ["com.example.stamp"])
  }

  @Test func theModuleFormChecksEveryKindTheModuleRegisters() throws {
    #expect(throws: CompletenessFailure.self) {
      try PersistenceTestKit.assertComplete(StampModule.self)
    }
    let report = try PersistenceTestKit.assertComplete(ExamplePlugin.self)
    #expect(Set(report.entries.map(\.kindID)) == Set(ExamplePlugin.kindIDs))
  }

  @Test func aKindThatIsNotRegisteredFailsTheCompletenessCheck() throws {
    let failure = try #require(throws: CompletenessFailure.self) {
      try PersistenceTestKit.assertComplete(.standard, kinds: ["title", "com.example.nothing"])
    }
    #expect(failure.missingKinds == ["com.example.nothing"])
    #expect(
      failure.description.hasSuffix(
        "FAIL 'com.example.nothing': no codec is registered for this kind id"))
  }

  @Test func aValueOfAnUnregisteredTypeIsAnError() throws {
    let error = try #require(throws: PersistenceError.self) {
      try PersistenceTestKit.assertRoundTrip(Countdown(from: 1), registry: .standard)
    }
    #expect(
      error.losses.map(\.kind) == [.unregisteredType(.clip, type: "KadrPluginExample.Countdown")])
  }

  @Test func builtInKindsRoundTripThroughTheKit() throws {
    try PersistenceTestKit.assertRoundTrip(Filter.sepia(intensity: 0.3), registry: .standard)
    try PersistenceTestKit.assertRoundTrip(
      FadeIn(duration: Time(value: 1, timescale: 2)), registry: .standard)
    let image = ImageClip(PlatformImage.solidColor(.red, width: 2, height: 2), duration: 1)
    let trip = try PersistenceTestKit.assertRoundTrip(image, registry: .standard)
    #expect(trip.text.contains(#""imageToken""#))
  }

  @Test func ignoredPropertiesAreSkippedAtAnyDepth() {
    let a = Video(clips: [Track { Stamp(text: "a", size: 1, duration: .zero) }])
    let b = Video(clips: [Track { Stamp(text: "a", size: 2, duration: .zero) }])
    #expect(PersistenceTestKit.differences(a, b) == [".clips[0].clips[0].size: 1.0 ≠ 2.0"])
    #expect(PersistenceTestKit.differences(a, b, ignoring: ["size"]).isEmpty)
  }
}
