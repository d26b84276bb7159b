import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// How many times a codec built its samples.
private final class SampleCount: @unchecked Sendable {
  // Unchecked: the lock guards `value`, the only state.
  private let lock = NSLock()
  private var value = 0

  var count: Int { lock.withLock { value } }

  func increment() { lock.withLock { value += 1 } }
}

/// The badge from a field list, counting the calls to `samples()` (the default decoding base is
/// the minimal sample).
private struct CountingBadgeCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key
  let counter: SampleCount
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { BadgeCodec.all }

  func samples() -> CodecSamples<Badge> {
    counter.increment()
    return CodecSamples(minimal: .minimal, maximal: .maximal)
  }
}

@Suite("A field list codec's decoding base")
struct FieldListDecodingBaseTests {
  @Test func isBuiltOncePerRegisteredCodecNotOncePerValueRead() throws {
    let counter = SampleCount()
    var registry = CodecRegistry.empty
    try registry.register(model: CountingBadgeCodec(counter: counter))
    let json = try #require(try registry.encode(model: Badge.minimal).json)
    let registered = counter.count
    for _ in 0..<100 {
      let badge = try registry.decodeModel(Badge.self, from: json)
      #expect(badge.id == Badge.minimal.id)
    }
    #expect(counter.count == registered)
  }

  @Test func startsFromTheBaseOfTheCodecThatReads() throws {
    let json = try #require(try Self.registry(BadgeCodec()).encode(model: Badge.minimal).json)
    // A champion's base keeps its tap action, which is code and never written.
    let champion = try Self.registry(ChampionBadgeCodec()).decodeModel(Badge.self, from: json)
    #expect(champion.onTap != nil)
    // Read by the plain codec with the champion codec's payload decoder, a badge starts from
    // the plain codec's base, not from the base the registry keeps for the champion's.
    let plain = try Self.registry(DelegatingChampionBadgeCodec()).decodeModel(
      Badge.self, from: json)
    #expect(plain.onTap == nil)
  }

  static func registry(_ codec: some ModelCodec) throws -> CodecRegistry {
    var registry = CodecRegistry.empty
    try registry.register(model: codec)
    return registry
  }
}

/// A badge codec whose base is a champion's.
private struct ChampionBadgeCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { BadgeCodec.all }
  var decodingBase: Badge { .maximal }

  func samples() -> CodecSamples<Badge> {
    CodecSamples(minimal: .minimal, maximal: .maximal)
  }
}

/// A badge codec whose base is a champion's, that reads through the plain badge codec.
private struct DelegatingChampionBadgeCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { BadgeCodec.all }
  var decodingBase: Badge { .maximal }

  func decode(from payload: KeyedDecoder<Key>) throws -> Badge {
    try BadgeCodec().decode(from: payload)
  }

  func samples() -> CodecSamples<Badge> {
    CodecSamples(minimal: .minimal, maximal: .maximal)
  }
}
