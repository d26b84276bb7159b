import Foundation
import KadrModel
import Testing

@testable import KadrPersistenceCore

/// A second codec for `Countdown`, under another id.
private struct OtherCountdownCodec: ClipCodec {
  typealias Key = CountdownCodec.Key
  var kindID: KindID { "com.example.other-countdown" }
  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {}
  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    Countdown(from: 0, label: nil, duration: .zero)
  }
  func samples() -> CodecSamples<Countdown> {
    CodecSamples(minimal: Countdown(from: 0, label: nil, duration: .zero), maximal: [])
  }
}

/// A codec for `Stranger` that claims the countdown's id.
private struct ImpostorCodec: ClipCodec {
  enum Key: String, PayloadKey { case none }
  var kindID: KindID { "com.example.countdown" }
  func encode(_ value: Stranger, to payload: inout KeyedEncoder<Key>) throws {}
  func decode(from payload: KeyedDecoder<Key>) throws -> Stranger { Stranger() }
  func samples() -> CodecSamples<Stranger> { CodecSamples(minimal: Stranger(), maximal: []) }
}

private struct EmptyIDCodec: ClipCodec {
  typealias Key = ImpostorCodec.Key
  var kindID: KindID { "" }
  func encode(_ value: Stranger, to payload: inout KeyedEncoder<Key>) throws {}
  func decode(from payload: KeyedDecoder<Key>) throws -> Stranger { Stranger() }
  func samples() -> CodecSamples<Stranger> { CodecSamples(minimal: Stranger(), maximal: []) }
}

@Suite("Codec registry")
struct RegistryTests {
  @Test func registeringTheIdenticalCodecAgainIsANoOp() throws {
    var registry = try Toy.registry()
    try registry.register(clip: CountdownCodec())
    #expect(registry.kindIDs(at: .clip) == ["com.example.countdown", "com.example.group"])
    let merged = try registry.merging(Toy.registry())
    #expect(merged.kindIDs(at: .clip) == registry.kindIDs(at: .clip))
  }

  @Test func oneKindIDForTwoTypesThrows() throws {
    var registry = try Toy.registry()
    #expect(throws: RegistryError.self) { try registry.register(clip: ImpostorCodec()) }
    do {
      try registry.register(clip: ImpostorCodec())
    } catch let error as RegistryError {
      guard case .kindIDTaken(let kind, .clip, let existing, let new) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(kind == "com.example.countdown")
      #expect(existing.hasSuffix("Countdown"))
      #expect(new.hasSuffix("Stranger"))
      #expect(error.errorDescription?.contains("reverse-DNS") == true)
    }
  }

  @Test func oneTypeUnderTwoIDsThrows() throws {
    var registry = try Toy.registry()
    #expect(throws: RegistryError.self) { try registry.register(clip: OtherCountdownCodec()) }
  }

  @Test func mergingConflictingFragmentsThrows() throws {
    var other = CodecRegistry.empty
    try other.register(clip: ImpostorCodec())
    #expect(throws: RegistryError.self) { try Toy.registry().merging(other) }
  }

  @Test func anEmptyKindIDIsRefused() {
    var registry = CodecRegistry.empty
    #expect(throws: RegistryError.invalidKindID("", reason: "it is empty")) {
      try registry.register(clip: EmptyIDCodec())
    }
  }

  @Test func aRegistryIsAValue() throws {
    let empty = CodecRegistry.empty
    var copy = empty
    try copy.register(clip: CountdownCodec())
    #expect(empty.kindIDs(at: .clip).isEmpty)
    #expect(copy.contains("com.example.countdown", at: .clip))
  }

  @Test func bootstrapIsSetOnceEvenWhenCallsRace() async throws {
    // A fresh slot, not the process-wide one: other tests use the facade's default registry,
    // and tests never depend on (or change) global state.
    let slot = BootstrapSlot()
    let registry = try Toy.registry()
    let successes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<64 {
        group.addTask { slot.set(registry) }
      }
      var count = 0
      for await success in group where success { count += 1 }
      return count
    }
    #expect(successes == 1)
    #expect(slot.value?.contains("com.example.countdown", at: .clip) == true)
    #expect(!slot.set(.empty))
    #expect(slot.value?.contains("com.example.countdown", at: .clip) == true)
  }
}
