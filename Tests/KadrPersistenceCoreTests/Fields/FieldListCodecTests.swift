import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// The same badge from a field list; `fields` is settable so a test can reorder it.
struct BadgeCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key

  var kindID: KindID { "badge" }

  static let all: [PayloadField<Badge, Key>] = [
    PayloadField(.title, \.title) {
      $0.count <= 20 ? nil : "A badge's title is 20 letters or less"
    },
    PayloadField(.shape, \.shape),
    PayloadField(.level, \.level),
    PayloadField(.tint, \.tint),
    PayloadField(.border, \.border),
    PayloadField(.rank, \.rank),
    PayloadField(.glow, \.glow),
    PayloadField(.note, \.note),
    PayloadField(.id, \.id),
    PayloadField(.link, \.link),
    PayloadField(codeOnly: "onTap", \.onTap),
  ]

  var fields: [PayloadField<Badge, Key>] = BadgeCodec.all

  func samples() -> CodecSamples<Badge> {
    CodecSamples(minimal: .minimal, maximal: .maximal)
  }
}

/// A small seeded generator (SplitMix64), so a shuffled order is the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A badge codec from a field list that checks the whole value itself.
private struct CheckingBadgeCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { BadgeCodec.all }

  func decode(from payload: KeyedDecoder<Key>) throws -> Badge {
    let badge = try BadgeCodec().decode(from: payload)
    guard badge.shape != .square || badge.border == nil else {
      throw payload.error(.invalidValue("A square badge has no border"), for: .border)
    }
    return badge
  }

  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .minimal) }
}

/// A badge codec whose decoding base is not its minimal sample.
private struct NotedBadgeCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { BadgeCodec.all }
  var decodingBase: Badge {
    var base = Badge.minimal
    base.onTap = {}
    return base
  }

  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .maximal) }
}

@Suite("Codecs from a field list")
struct FieldListCodecTests {
  @Test func writesWhatTheHandWrittenCodecWrites() throws {
    for badge in [Badge.minimal, Badge.maximal] {
      #expect(try Badges.text(badge, BadgeCodec()) == Badges.text(badge, HandWrittenBadgeCodec()))
    }
  }

  @Test func readsWhatItWrote() throws {
    let coder = try Badges.coder(BadgeCodec())
    for badge in [Badge.minimal, Badge.maximal] {
      let reopened = try coder.decode(Badge.self, from: coder.encode(badge).bytes).root
      #expect(ReflectionDiff.differences(badge, reopened, ignoring: ["onTap"]) == [])
      #expect(reopened.onTap == nil, "a code-only property keeps the decoding base's value")
    }
  }

  /// The encoder puts members in canonical order, so the list's order does not matter.
  @Test(arguments: [1, 2, 3, 5, 8, 13, 21, 34] as [UInt64])
  func anyOrderOfTheFieldsWritesTheSameBytes(seed: UInt64) throws {
    var generator = SeededGenerator(state: seed)
    let order = Array(BadgeCodec.all.indices).shuffled(using: &generator)
    #expect(order != Array(BadgeCodec.all.indices), "seed \(seed) kept the order")
    var shuffled = BadgeCodec()
    shuffled.fields = order.map { BadgeCodec.all[$0] }
    for badge in [Badge.minimal, Badge.maximal] {
      #expect(try Badges.text(badge, shuffled) == Badges.text(badge, BadgeCodec()))
    }
  }

  @Test func aMissingRequiredFieldIsRefusedAndAnAbsentOptionalIsNil() throws {
    let coder = try Badges.coder(BadgeCodec())
    let error = try #require(throws: PersistenceError.self) {
      try coder.decode(
        Badge.self, from: Badges.document(#""id":"b","level":1,"tint":"0x000000","title":"""#))
    }
    #expect(error.reason == .missingField("shape"))
    #expect(error.pointer?.description == "/video")
    let badge = try coder.decode(
      Badge.self,
      from: Badges.document(#""id":"b","level":2,"shape":"square","tint":"0x000000","title":"x""#)
    ).root
    #expect(badge.level == .silver && badge.border == nil && badge.glow == nil && badge.link == nil)
  }

  @Test func aCheckRefusesAValueAtItsField() throws {
    let error = try #require(throws: PersistenceError.self) {
      try Badges.coder(BadgeCodec()).decode(
        Badge.self,
        from: Badges.document(
          #""id":"b","level":1,"shape":"circle","tint":"0x000000","title":"A very long title, really""#
        ))
    }
    #expect(error.reason == .invalidValue("A badge's title is 20 letters or less"))
    #expect(error.pointer?.description == "/video/title")
  }

  @Test func aCodeOnlyFieldIsListedAsNotEncodedAndReportedAsLoss() throws {
    #expect(BadgeCodec().notEncoded == [NotEncodedField("onTap", reason: "code; reported as loss")])
    #expect(BadgeCodec().losses(in: .maximal) == [LossFinding(.codeOnlyField("onTap"))])
    #expect(BadgeCodec().losses(in: .minimal) == [])
    let saved = try Badges.coder(BadgeCodec()).encode(Badge.maximal)
    #expect(saved.lossReport.losses.map(\.kind) == [.codeOnlyField("onTap")])
  }

  @Test func theCompletenessReportFindsItComplete() throws {
    var registry = CodecRegistry.empty
    try registry.register(model: BadgeCodec())
    let report = registry.completenessReport()
    #expect(report.isComplete, "\(report.rendered())")
  }

  @Test func aCodecsOwnDecodeIsUsed() throws {
    let error = try #require(throws: PersistenceError.self) {
      try Badges.coder(CheckingBadgeCodec()).decode(
        Badge.self,
        from: Badges.document(
          #""border":"circle","id":"b","level":1,"shape":"square","tint":"0x000000","title":"""#))
    }
    #expect(error.reason == .invalidValue("A square badge has no border"))
    #expect(error.pointer?.description == "/video/border")
  }

  @Test func readingStartsFromTheDecodingBase() throws {
    let coder = try Badges.coder(NotedBadgeCodec())
    let badge = try coder.decode(Badge.self, from: coder.encode(Badge.minimal).bytes).root
    #expect(badge.onTap != nil)
  }
}
