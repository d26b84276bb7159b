import Foundation
import KadrPersistence
import KadrPersistenceCore
import Testing

/// An input the fuzzer (`.ci/fuzz`) reported, kept so that what it found stays fixed.
struct FuzzFinding: Sendable, CustomTestStringConvertible {
  /// What the fuzzer found, and what was done about it.
  let why: String
  /// The input that triggered it, cut down to what matters.
  let input: String
  /// The JSON pointer the strict coder (no store) refuses the input at, or `nil` when it opens.
  let strictPointer: String?

  var testDescription: String { why }
}

/// Every input the fuzzer reported, checked the way the harness checks it (``DocumentProbe`` in
/// every mode), plus what the strict coder must do with it.
@Suite("Fuzz findings stay fixed")
struct FuzzRegressionTests {
  static let findings: [FuzzFinding] = [
    FuzzFinding(
      why: """
        Harness, not library: content kept by preservingUnknown holds its object members in the \
        order read, so reopening saved (sorted) bytes differs by reflection; the probe now \
        compares two values read from saved bytes when content was preserved
        """,
      input: """
        {"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[{"com.example.countdown":\
        {"_0":{"clipID":"intro","color":{"alpha":1,"blue":1,"green":1,"red":1},"duration":\
        {"timescale":1,"value":3},"seconds":3}}},{"track":{"_0":{"clips":[{"com.example.countdown"\
        :{"_0":{"color":{"alpha":1,"blue":0,"green":0.8,"red":1},"duration":{"timescale":1,\
        "value":5},"seconds":5,"s:artTime":{"timescale":1,"value":2}}}}],"name":"nested",\
        "opacityFactor":0,"startTime":{"timescale":1,"value":0}}}}],"overlays":[],"preset":\
        {"kind":"auto"},"quality":{"kind":"automatic"}}}
        """,
      strictPointer: "/video/clips/0")
  ]

  @Test(arguments: findings)
  func fuzzFindingPassesTheHarnessChecks(_ finding: FuzzFinding) throws {
    let store = InMemoryImageStore()
    let probe = DocumentProbe(images: store)
    let bytes = Array(finding.input.utf8)
    let outcome = probe.check(bytes, modeIndices: Array(probe.modes.indices))
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    do {
      _ = try KadrCoder().open(Data(bytes), images: UnresolvedImageStore())
      #expect(finding.strictPointer == nil, "opened; expected a refusal")
    } catch let error as PersistenceError {
      #expect(error.pointer?.description == finding.strictPointer, "\(error)")
    }
  }

  @Test func preservedContentSavesWithSortedKeysAndStaysStable() throws {
    let coder = KadrCoder(options: CodingOptions(preservingUnknown: true))
    let input = try #require(Self.findings.first).input
    let opened = try coder.open(Data(input.utf8))
    let saved = String(decoding: try coder.data(for: opened.root), as: UTF8.self)
    #expect(saved.contains(#""s:artTime":{"timescale":1,"value":2},"seconds":5"#))
    let again = try coder.data(for: try coder.open(Data(saved.utf8)).root)
    #expect(String(decoding: again, as: UTF8.self) == saved)
  }
}
