import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

// Decoders check a payload's keys once per shape and key type, find members by the key's case,
// and build pointers only when asked: these tests hold that to the behaviour of checking and
// searching every object afresh.

/// A clip with two numbers, the second optional.
private struct Pair: Clip {
  var first: Int
  var second: Int?
  var duration: Time { .zero }
}

private struct PairCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case first, second
  }

  var kindID: KindID { "com.example.pair" }

  func encode(_ value: Pair, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.first, for: .first)
    try payload.encodeIfPresent(value.second, for: .second)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Pair {
    Pair(
      first: try payload.decode(Int.self, for: .first),
      second: try payload.decodeIfPresent(Int.self, for: .second))
  }

  func samples() -> CodecSamples<Pair> {
    CodecSamples(minimal: Pair(first: 1), maximal: Pair(first: 1, second: 2))
  }
}

/// A clip whose payload has the first of ``Pair``'s keys only.
private struct Single: Clip {
  var first: Int
  var duration: Time { .zero }
}

private struct SingleCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case first
  }

  var kindID: KindID { "com.example.single" }

  func encode(_ value: Single, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.first, for: .first)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Single {
    Single(first: try payload.decode(Int.self, for: .first))
  }

  func samples() -> CodecSamples<Single> { CodecSamples(minimal: Single(first: 1), maximal: []) }
}

/// A key type that is not an enum: its members are found by name.
private struct NamedKey: PayloadKey {
  let rawValue: String

  init?(rawValue: String) {
    guard ["first", "second", "list"].contains(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  static var allCases: [NamedKey] { ["first", "second", "list"].compactMap(NamedKey.init) }
  static var first: NamedKey { NamedKey(rawValue: "first") ?? list }
  static var second: NamedKey { NamedKey(rawValue: "second") ?? list }
  static var list: NamedKey { allCases[allCases.count - 1] }
}

/// A clip read with ``NamedKey``.
private struct Named: Clip {
  var first: Int
  var second: Int?
  var list: [Int]
  var duration: Time { .zero }
}

private struct NamedCodec: ClipCodec {
  typealias Key = NamedKey

  var kindID: KindID { "com.example.named" }

  func encode(_ value: Named, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.first, for: .first)
    try payload.encodeIfPresent(value.second, for: .second)
    try payload.encode(value.list, for: .list)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Named {
    Named(
      first: try payload.decode(Int.self, for: .first),
      second: payload.contains(.second) ? try payload.decode(Int.self, for: .second) : nil,
      list: try payload.decode([Int].self, for: .list))
  }

  func samples() -> CodecSamples<Named> {
    CodecSamples(minimal: Named(first: 1, list: []), maximal: Named(first: 1, second: 2, list: [3]))
  }
}

/// A filter that records what its codec saw of the payload.
private struct Tint: CustomFilter {
  static var kind: FilterKind { FilterKind(rawValue: "com.example.tint") }
  var amount: Double
  var seenKeys: [String] = []
  var sawKind = false
}

private struct TintCodec: CustomFilterCodec {
  enum Key: String, PayloadKey {
    case amount, kind
  }

  var kindID: KindID { "com.example.tint" }

  func encode(_ value: Tint, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.amount, for: .amount)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Tint {
    Tint(
      amount: try payload.decode(Double.self, for: .amount), seenKeys: payload.object.keys,
      sawKind: payload.contains(.kind) || payload.valueDecoderIfPresent(for: .kind) != nil)
  }

  func samples() -> CodecSamples<Tint> { CodecSamples(minimal: Tint(amount: 1), maximal: []) }
}

private func registry() throws -> CodecRegistry {
  var registry = try Toy.registry()
  try registry.register(clip: PairCodec())
  try registry.register(clip: SingleCodec())
  try registry.register(clip: NamedCodec())
  try registry.register(customFilter: TintCodec())
  return registry
}

private func reel(_ clips: String) -> Data {
  Toy.bytes(#"{"schema":1,"video":{"clips":[\#(clips)],"name":"r"}}"#)
}

private func openingError(_ clips: String) throws -> PersistenceError {
  let coder = DocumentCoder(registry: try registry())
  return try #require(throws: PersistenceError.self) {
    _ = try coder.decode(ToyReel.self, from: reel(clips))
  }
}

/// An unknown field error as `key ∉ known keys`, or `nil` for another error.
private func unknownField(_ error: PersistenceError) -> String? {
  guard case .unknownField(let key, let known) = error.reason else { return nil }
  return "\(key) ∉ \(known.joined(separator: ", "))"
}

@Suite("Decoders: payload shapes, members and pointers")
struct DecoderShapeTests {
  static let pair = #"{"com.example.pair":{"_0":{"first":1,"second":2}}}"#
  static let single = #"{"com.example.single":{"_0":{"first":1,"second":2}}}"#

  @Test func aShapeAcceptedForOneKeyTypeIsStillCheckedForAnother() throws {
    // Both payloads share one keys array; only the pair's keys have `second`.
    let error = try openingError([Self.pair, Self.pair, Self.single].joined(separator: ","))
    #expect(unknownField(error) == "second ∉ first")
    #expect(error.pointer?.description == "/video/clips/2/com.example.single/_0/second")
  }

  @Test func membersAreFoundInObjectsOfEveryShape() throws {
    let clips = [
      #"{"com.example.pair":{"_0":{"first":1}}}"#, Self.pair,
      #"{"com.example.pair":{"_0":{"second":4,"first":3}}}"#,
    ]
    let opened = try DocumentCoder(registry: try registry())
      .decode(ToyReel.self, from: reel(clips.joined(separator: ",")))
    let pairs = opened.root.clips.compactMap { $0 as? Pair }
    #expect(pairs.map(\.first) == [1, 1, 3])
    #expect(pairs.map(\.second) == [nil, 2, 4])
  }

  @Test func aKeyTypeThatIsNotAnEnumFindsMembersByName() throws {
    let clips = [
      #"{"com.example.named":{"_0":{"first":1,"list":[5,6]}}}"#,
      #"{"com.example.named":{"_0":{"first":2,"list":[],"second":3}}}"#,
    ]
    let opened = try DocumentCoder(registry: try registry())
      .decode(ToyReel.self, from: reel(clips.joined(separator: ",")))
    let named = opened.root.clips.compactMap { $0 as? Named }
    #expect(named.map(\.first) == [1, 2])
    #expect(named.map(\.second) == [nil, 3])
    #expect(named.map(\.list) == [[5, 6], []])
  }

  @Test func aKeyTypeThatIsNotAnEnumRefusesAnUnknownKey() throws {
    let error = try openingError(#"{"com.example.named":{"_0":{"first":1,"list":[],"third":0}}}"#)
    #expect(unknownField(error) == "third ∉ first, second, list")
    #expect(error.pointer?.description == "/video/clips/0/com.example.named/_0/third")
  }

  @Test func anElementErrorNamesItsIndexAfterEarlierClipsWereRead() throws {
    let clips = [
      #"{"com.example.named":{"_0":{"first":1,"list":[1,2]}}}"#, Self.pair,
      #"{"com.example.named":{"_0":{"first":1,"list":[1,2,"3"]}}}"#,
    ]
    let error = try openingError(clips.joined(separator: ","))
    guard case .wrongType(let expected, let found) = error.reason else {
      Issue.record("Expected a wrong type, got \(error)")
      return
    }
    #expect(expected == "an integer" && found == "string")
    #expect(error.pointer?.description == "/video/clips/2/com.example.named/_0/list/2")
  }

  @Test func aNestedErrorNamesItsPathAfterSiblingGroupsWereRead() throws {
    let group = #"{"com.example.group":{"_0":{"clips":[\#(Self.pair)]}}}"#
    let broken =
      #"{"com.example.group":{"_0":{"clips":[\#(Self.pair),{"com.example.pair":{"_0":{"first":true}}}]}}}"#
    let error = try openingError([group, group, broken].joined(separator: ","))
    #expect(
      error.pointer?.description
        == "/video/clips/2/com.example.group/_0/clips/1/com.example.pair/_0/first")
  }

  @Test func aFlatPayloadHidesItsKindFromTheCodec() throws {
    let filter = try registry().decodeFilter(from: ["amount": 0.5, "kind": "com.example.tint"])
    guard case .custom(let custom) = filter, let tint = custom as? Tint else {
      Issue.record("Expected a tint, got \(filter)")
      return
    }
    #expect(tint.amount == 0.5)
    #expect(tint.seenKeys == ["amount"])
    #expect(!tint.sawKind)
  }

  @Test func aFlatPayloadErrorNamesTheField() throws {
    let error = try #require(throws: PersistenceError.self) {
      _ = try registry().decodeFilter(from: ["amount": "much", "kind": "com.example.tint"])
    }
    #expect(error.pointer?.description == "/amount")
    #expect(error.kindID == "com.example.tint")
  }
}
