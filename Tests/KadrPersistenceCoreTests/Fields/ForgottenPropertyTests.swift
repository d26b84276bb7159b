import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// A badge codec from a field list that forgets `note`: no key, no field, not in `notEncoded`.
struct NoteForgettingBadgeCodec: ModelCodec, FieldListCodec {
  enum Key: String, PayloadKey {
    case title, shape, level, tint, border, rank, glow, id, link
  }

  var kindID: KindID { "badge" }
  let fields: [PayloadField<Badge, Key>] = [
    PayloadField(.title, \.title), PayloadField(.shape, \.shape), PayloadField(.level, \.level),
    PayloadField(.tint, \.tint), PayloadField(.border, \.border), PayloadField(.rank, \.rank),
    PayloadField(.glow, \.glow), PayloadField(.id, \.id), PayloadField(.link, \.link),
    PayloadField(codeOnly: "onTap", \.onTap),
  ]

  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .maximal) }
}

/// The same forgetful codec, but written by hand: the fix it needs is worded for that style.
struct NoteForgettingHandWrittenCodec: ModelCodec {
  typealias Key = NoteForgettingBadgeCodec.Key
  var kindID: KindID { "badge" }
  var notEncoded: [NotEncodedField] { NoteForgettingBadgeCodec().notEncoded }

  func encode(_ value: Badge, to payload: inout KeyedEncoder<Key>) throws {
    try NoteForgettingBadgeCodec().encode(value, to: &payload)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Badge {
    try NoteForgettingBadgeCodec().decode(from: payload)
  }

  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .maximal) }
}

/// Two more, used only by the debug-build warning's test (the warning is once per codec type
/// per process, so no other test may register them first).
struct WarnedFieldListCodec: ModelCodec, FieldListCodec {
  typealias Key = NoteForgettingBadgeCodec.Key
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { NoteForgettingBadgeCodec().fields }
  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .maximal) }
}

struct WarnedHandWrittenCodec: ModelCodec {
  typealias Key = NoteForgettingBadgeCodec.Key
  var kindID: KindID { "badge" }
  var notEncoded: [NotEncodedField] { NoteForgettingBadgeCodec().notEncoded }
  func encode(_ value: Badge, to payload: inout KeyedEncoder<Key>) throws {
    try NoteForgettingBadgeCodec().encode(value, to: &payload)
  }
  func decode(from payload: KeyedDecoder<Key>) throws -> Badge {
    try NoteForgettingBadgeCodec().decode(from: payload)
  }
  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .maximal) }
}

/// Collects what the warnings write, for the one test that swaps the sink.
private final class Collected: @unchecked Sendable {
  // `@unchecked Sendable`: `lines` is read and written only under `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

@Suite("Forgotten stored properties")
struct ForgottenPropertyTests {
  static let fieldListSentence =
    "Badge.note is a stored property that NoteForgettingBadgeCodec neither writes nor lists in "
    + #"notEncoded: add a key for it (case note) and PayloadField(.note, \.note) to fields, or "#
    + #"add NotEncodedField("note", reason: …) to notEncoded."#

  static let handWrittenSentence =
    "Badge.note is a stored property that NoteForgettingHandWrittenCodec neither writes nor "
    + "lists in notEncoded: add a key for it (case note) and write and read it, or add "
    + #"NotEncodedField("note", reason: …) to notEncoded."#

  private func report(_ codec: some ModelCodec<Badge>) throws -> CompletenessReport {
    var registry = CodecRegistry.empty
    try registry.register(model: codec)
    return registry.completenessReport()
  }

  @Test func theCompletenessReportNamesTheTypeThePropertyAndTheFix() throws {
    let report = try report(NoteForgettingBadgeCodec())
    let entry = try #require(report.entries.first)
    #expect(entry.unknownProperties == ["note"])
    #expect(!entry.isComplete)
    let rendered = report.rendered()
    #expect(rendered.contains("FORGOTTEN: stored property 'note' is not in the manifest"))
    #expect(rendered.contains(Self.fieldListSentence), "\(rendered)")
  }

  @Test func aHandWrittenCodecIsToldToWriteAndReadIt() throws {
    let rendered = try report(NoteForgettingHandWrittenCodec()).rendered()
    #expect(rendered.contains(Self.handWrittenSentence), "\(rendered)")
  }

  @Test func theReportReadBackFromJSONKeepsTheFix() throws {
    let report = try report(NoteForgettingBadgeCodec())
    let reread = try JSONDecoder().decode(
      CompletenessReport.self, from: JSONEncoder().encode(report))
    #expect(reread == report)
    #expect(reread.rendered().contains(Self.fieldListSentence))
  }

  #if DEBUG
    /// Registering warns once per codec type per process, on standard error by default, and
    /// not at all about a complete codec. (One test: it swaps the process's sink.)
    @Test func aDebugBuildWarnsOnceWhenACodecIsFirstRegistered() throws {
      let collected = Collected()
      let previous = ForgottenPropertyWarnings.shared.replaceSink { collected.append($0) }
      defer { ForgottenPropertyWarnings.shared.replaceSink(previous) }
      for _ in 0..<3 {
        var registry = CodecRegistry.empty
        try registry.register(model: WarnedFieldListCodec())
        var other = CodecRegistry.empty
        try other.register(model: WarnedHandWrittenCodec())
        var complete = CodecRegistry.empty
        try complete.register(model: CompleteOnlyHereCodec())
      }
      #expect(!collected.all.contains { $0.contains("CompleteOnlyHereCodec") })
      let fieldList = collected.all.filter { $0.contains("WarnedFieldListCodec") }
      let handWritten = collected.all.filter { $0.contains("WarnedHandWrittenCodec") }
      #expect(
        fieldList == [
          Self.fieldListSentence.replacingOccurrences(
            of: "NoteForgettingBadgeCodec", with: "WarnedFieldListCodec")
        ])
      #expect(
        handWritten == [
          Self.handWrittenSentence.replacingOccurrences(
            of: "NoteForgettingHandWrittenCodec", with: "WarnedHandWrittenCodec")
        ])
    }

  #endif
}

/// A complete codec registered by one test only.
struct CompleteOnlyHereCodec: ModelCodec, FieldListCodec {
  typealias Key = HandWrittenBadgeCodec.Key
  var kindID: KindID { "badge" }
  var fields: [PayloadField<Badge, Key>] { BadgeCodec.all }
  func samples() -> CodecSamples<Badge> { CodecSamples(minimal: .minimal, maximal: .maximal) }
}
