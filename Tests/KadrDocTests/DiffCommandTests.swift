import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("kadr-doc diff")
struct DiffCommandTests {
  /// The fixture with the hero clip one second (30 frames) shorter.
  static let trimmed = Fixtures.broad(
    replacing: #"{"timescale":30,"value":150}"#, with: #"{"timescale":30,"value":120}"#)

  static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/kadr-doc/Schemas/diff.schema.json")

  @Test func equalDocumentsExitZero() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "a.kadr.json")
    let run = try Tool.run(["diff", file, file])
    #expect(run.status == 0)
    #expect(run.outLines == ["11 unchanged"])
  }

  @Test func trimmedClipIsOneRetimedAndThreeShifted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let a = try directory.write(Fixtures.broad, to: "a.kadr.json")
    let b = try directory.write(Self.trimmed, to: "b.kadr.json")
    let run = try Tool.run(["diff", a, b])
    #expect(run.status == 1)
    #expect(run.outLines.first == "1 retimed, 3 shifted, 7 unchanged")
    #expect(
      run.outLines.dropFirst().first
        == "retimed  clip “hero”  duration 00:00:05:00 (5 s) → 00:00:04:00 (4 s), −1 s; "
        + "/trimRange/duration/value 150 → 120")
    #expect(
      run.outLines.contains { $0.hasPrefix("shifted  clip “title”  start 00:00:06:15 (6.5 s)") })
  }

  @Test func jsonOutputFollowsTheCommittedSchema() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let a = try directory.write(Fixtures.broad, to: "a.kadr.json")
    let b = try directory.write(
      Fixtures.broad(replacing: #""text":"Chapter One""#, with: #""text":"Chapter Two""#)
        .replacingOccurrences(
          of: #"{"timescale":30,"value":150}"#, with: #"{"timescale":30,"value":90}"#),
      to: "b.kadr.json")
    let run = try Tool.run(["diff", a, b, "--json"])
    #expect(run.status == 1)
    let validator = try SchemaValidator(schema: Data(contentsOf: Self.schemaURL))
    #expect(try validator.violations(of: run.stdout) == [])
    let object = try JSONOutput.object(run.stdout)
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.compactMap { $0["kind"] as? String }.contains("modified"))
    // The validator catches a drifted shape.
    let broken = Data(
      run.out.replacingOccurrences(of: "\"unchangedCount\"", with: "\"unchanged\"").utf8)
    #expect(try validator.violations(of: broken).count == 2)
  }

  @Test func openTimelineIOFilesAreImportedFirst() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let a = try directory.write(Fixtures.broad, to: "a.kadr.json")
    let b = try directory.write(Self.trimmed, to: "b.kadr.json")
    for (file, otio) in [(a, "a.otio"), (b, "b.otio")] {
      #expect(try Tool.run(["export-otio", file, "-o", directory.path(otio)]).status == 0)
    }
    let run = try Tool.run(["diff", directory.path("a.otio"), directory.path("b.otio")])
    #expect(run.status == 1)
    #expect(run.outLines.first == "1 retimed, 3 shifted, 7 unchanged")
  }

  @Test func timelineDrawsBothSidesWithChangesMarked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A clip id with markup in it: the picture must still be well-formed XML.
    let id = (#""clipID":"hero""#, #""clipID":"<b>&hero""#)
    let a = try directory.write(
      Fixtures.broad.replacingOccurrences(of: id.0, with: id.1), to: "a.kadr.json")
    let b = try directory.write(
      Self.trimmed.replacingOccurrences(of: id.0, with: id.1), to: "b.kadr.json")
    let svg = directory.path("diff.svg")
    let run = try Tool.run(["diff", a, b, "--timeline", svg])
    #expect(run.status == 1)
    let data = try Data(contentsOf: URL(fileURLWithPath: svg))
    let document = try XMLDocument(data: data, options: [])
    let text = document.rootElement()?.stringValue ?? ""
    #expect(text.contains("before"))
    #expect(text.contains("after"))
    #expect(text.contains("<b>&hero"))
    #expect(String(decoding: data, as: UTF8.self).contains("#fb8c00"))  // the retimed colour
  }

  @Test(arguments: [
    ["diff"], ["diff", "only-one.kadr.json"], ["diff", "/no/such/a.json", "/no/such/b.json"],
  ])
  func usageAndReadErrorsExitTwo(arguments: [String]) throws {
    let run = try Tool.run(arguments)
    #expect(run.status == 2)
    #expect(!run.err.isEmpty)
  }
}

@Suite("kadr-doc diff, invalid documents")
struct DiffCommandErrorTests {
  @Test func documentThatDoesNotOpenIsNamedAndExitsTwo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write(Fixtures.broad, to: "good.kadr.json")
    let bad = try directory.write(
      Fixtures.broad(replacing: #""kind":"slide""#, with: #""kind":"wipe""#), to: "bad.kadr.json")
    let run = try Tool.run(["diff", good, bad])
    #expect(run.status == 2)
    #expect(run.err.hasPrefix(bad + ": "))
  }
}
