import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// Version 2 of the countdown: `from` was renamed `start` in version 2.
private struct CountdownV2Codec: ClipCodec {
  enum Key: String, PayloadKey {
    case start, label, duration
    var property: String { self == .start ? "from" : rawValue }
  }

  var kindID: KindID { "com.example.countdown" }
  var payloadVersion: Int { 2 }
  var notEncoded: [NotEncodedField] { [NotEncodedField("onTick", reason: "code")] }
  var upgrades: [PayloadUpgrade] {
    [
      PayloadUpgrade(from: 1) { payload in
        var upgraded = payload
        upgraded["start"] = payload["from"]
        upgraded["from"] = nil
        return upgraded
      }
    ]
  }

  func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .start)
    try payload.encodeIfPresent(value.label, for: .label)
    try payload.encode(value.duration, for: .duration)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
    Countdown(
      from: try payload.decode(Int.self, for: .start),
      label: try payload.decodeIfPresent(String.self, for: .label),
      duration: try payload.decode(Time.self, for: .duration))
  }

  func samples() -> CodecSamples<Countdown> { CountdownCodec().samples() }
}

private func v2Coder(_ options: CodingOptions = CodingOptions()) throws -> DocumentCoder {
  var registry = CodecRegistry.empty
  try registry.register(clip: CountdownV2Codec())
  try registry.register(model: ToyReelCodec())
  return DocumentCoder(registry: registry, options: options)
}

@Suite("Payload versions and schema migrations")
struct VersioningTests {
  static let version1 =
    #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":1,"value":3},"from":3}}}],"name":"v"}}"#
  static let version2 =
    #"{"payloadVersions":{"com.example.countdown":2},"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":1,"value":3},"start":3}}}],"name":"v"}}"#

  @Test func aVersion1PayloadOpensUpgradedAndSavesAsVersion2() throws {
    let coder = try v2Coder()
    let reel = try coder.decode(ToyReel.self, from: Toy.bytes(Self.version1)).root
    let countdown = try #require(reel.clips.first as? Countdown)
    #expect(countdown.from == 3)
    #expect(Toy.text(try coder.encode(reel).bytes) == Self.version2)
  }

  @Test func documentsWithOnlyVersion1PayloadsCarryNoVersions() throws {
    let coder = try Toy.coder()
    let reel = try coder.decode(ToyReel.self, from: Toy.bytes(Self.version1)).root
    #expect(!Toy.text(try coder.encode(reel).bytes).contains("payloadVersions"))
  }

  @Test func aNewerPayloadIsRefusedOrPreservedVerbatim() throws {
    let error = try #require(throws: PersistenceError.self) {
      try Toy.coder().decode(ToyReel.self, from: Toy.bytes(Self.version2))
    }
    guard case .payloadVersionTooNew(2, 1) = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect(error.kindID == "com.example.countdown")
    #expect(error.pointer?.description == "/video/clips/0/com.example.countdown/_0")

    let preserving = try Toy.coder(CodingOptions(preservingUnknown: true))
    let opened = try preserving.decode(ToyReel.self, from: Toy.bytes(Self.version2))
    #expect(opened.preserved.first?.payloadVersion == 2)
    #expect(Toy.text(try preserving.encode(opened.root).bytes) == Self.version2)
  }

  @Test func aPayloadVersionBelowOneIsRefused() throws {
    let zero = Self.version2.replacingOccurrences(
      of: #""com.example.countdown":2"#, with: #""com.example.countdown":0"#)
    let error = try #require(throws: PersistenceError.self) {
      try v2Coder().decode(ToyReel.self, from: Toy.bytes(zero))
    }
    #expect(error.pointer?.description == "/payloadVersions/com.example.countdown")
  }

  @Test func aMissingUpgradeStepIsAnErrorNamingTheVersions() throws {
    // The version-2 codec has a step from 1 only; a payload declared as version 1 upgrades, but
    // the registry must refuse to guess for a version it has no step for.
    struct V3: ClipCodec {
      typealias Key = CountdownCodec.Key
      var kindID: KindID { "com.example.countdown" }
      var payloadVersion: Int { 3 }
      var upgrades: [PayloadUpgrade] { [PayloadUpgrade(from: 2) { $0 }] }
      func encode(_ value: Countdown, to payload: inout KeyedEncoder<Key>) throws {}
      func decode(from payload: KeyedDecoder<Key>) throws -> Countdown {
        Countdown(from: 0, label: nil, duration: .zero)
      }
      func samples() -> CodecSamples<Countdown> { CountdownCodec().samples() }
    }
    var registry = CodecRegistry.empty
    try registry.register(clip: V3())
    try registry.register(model: ToyReelCodec())
    let error = try #require(throws: PersistenceError.self) {
      try DocumentCoder(registry: registry).decode(ToyReel.self, from: Toy.bytes(Self.version1))
    }
    guard case .upgradeGap(1, 2) = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect(error.failureReason?.contains("from payload version 1 to 2") == true)
  }

  @Test func schemaNewerThanKnownIsRefused() throws {
    let json = Self.version1.replacingOccurrences(of: #""schema":1"#, with: #""schema":3"#)
    let error = try #require(throws: PersistenceError.self) {
      try Toy.coder().decode(ToyReel.self, from: Toy.bytes(json))
    }
    guard case .unsupportedSchema(3, 2) = error else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect(error.pointer?.description == "/schema")
  }

  @Test(arguments: [#"{"video":{}}"#, #"{"schema":"1","video":{}}"#, #"{"schema":1.5,"video":{}}"#])
  func aMissingOrNonIntegerSchemaIsRefused(json: String) throws {
    let error = try #require(throws: PersistenceError.self) {
      try Toy.coder().decode(ToyReel.self, from: Toy.bytes(json))
    }
    guard case .schemaMissing = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
  }

  @Test func olderSchemasAreMigratedOneStepAtATime() throws {
    // Schema -1 called the composition "reel"; schema 0 called the clip list "items".
    let old = #"{"reel":{"items":[],"name":"old"},"schema":-1}"#
    let chain = MigrationChain([
      SchemaMigration(from: -1) { envelope in
        var next = envelope
        next["video"] = envelope["reel"]
        next["reel"] = nil
        return next
      },
      SchemaMigration(from: 0) { envelope in
        var next = envelope
        guard case .object(var reel)? = envelope["video"] else { return envelope }
        reel["clips"] = reel["items"]
        reel["items"] = nil
        next["video"] = .object(reel)
        return next
      },
    ])
    let coder = DocumentCoder(registry: try Toy.registry(), migrations: chain)
    let opened = try coder.decode(ToyReel.self, from: Toy.bytes(old))
    #expect(opened.schema == -1)
    #expect(opened.root.name == "old")
    let migrated = try coder.migrate(Toy.bytes(old))
    #expect(Toy.text(migrated.bytes) == #"{"schema":1,"video":{"clips":[],"name":"old"}}"#)

    let gappy = DocumentCoder(registry: try Toy.registry(), migrations: MigrationChain([]))
    let error = try #require(throws: PersistenceError.self) {
      try gappy.decode(ToyReel.self, from: Toy.bytes(old))
    }
    guard case .migrationUnavailable(-1, 0) = error else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    #expect(error.failureReason?.contains("schema -1 to schema 0") == true)
  }
}
