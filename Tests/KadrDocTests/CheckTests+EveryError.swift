import Foundation
import Testing

@Suite("kadr-doc check: every error, kept content, summary, JSON Lines")
struct CheckEveryErrorTests {
  /// The fixture with three mistakes in three places: a clip's opacity, a title's text, an
  /// overlay's anchor.
  static let threeMistakes = Fixtures.broad(
    replacing: #""opacity":0.9,"#, with: #""opacity":"high","#
  )
  .replacingOccurrences(of: #""text":"Chapter One""#, with: #""tekst":"Chapter One""#)
  .replacingOccurrences(of: #""anchor":"bottom","#, with: #""anchor":"middle","#)

  @Test func threeMistakesInOneFileAreReportedInOneRun() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.threeMistakes, to: "three.json")
    let run = try Tool.run(["check", file])
    #expect(run.status == 1)
    #expect(run.errLines.count == 3, "stderr: \(run.err)")
    #expect(run.errLines.first?.hasPrefix("\(file): /video/clips/0/video/_0/opacity: ") == true)
    #expect(
      run.errLines.dropFirst().first?.hasPrefix("\(file): /video/clips/3/title/_0/tekst: ") == true)
    #expect(run.errLines.last?.hasPrefix("\(file): /video/overlays/0/text/_0/anchor: ") == true)
  }

  @Test func theMinimalHandWrittenDocumentGetsEveryMissingFieldAtOnce() throws {
    let run = try Tool.run(
      ["check", "--json", "-"], stdin: Data(#"{"schema":1,"video":{"clips":[]}}"#.utf8))
    #expect(run.status == 1)
    let object = try JSONOutput.object(run.stdout)
    let errors = try #require(object["errors"] as? [[String: Any]])
    let missing = Set(
      errors.compactMap { $0["message"] as? String }.compactMap { message in
        message.split(separator: "'").dropFirst().first.map(String.init)
      })
    #expect(missing == ["audioTracks", "captions", "overlays", "preset", "quality"])
    #expect(errors.allSatisfy { $0["reason"] as? String == "missingField" })
    #expect(errors.allSatisfy { $0["pointer"] as? String == "/video" })
    #expect(run.errLines.count == 5)
  }

  @Test func pastTheLimitTheRestAreCounted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.threeMistakes, to: "three.json")
    let run = try Tool.run(["check", "--max-errors", "1", "--json", file])
    #expect(run.status == 1)
    let object = try JSONOutput.object(run.stdout)
    #expect((object["errors"] as? [Any])?.count == 1)
    #expect(object["moreErrors"] as? Int == 2)
    #expect(run.errLines.last == "\(file): 2 more errors not shown (see --max-errors)")
  }

  @Test func contentKeptVerbatimIsListed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(
      Fixtures.broad(replacing: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#),
      to: "plugin.json")
    let run = try Tool.run(["check", "--preserving-unknown", "--json", file])
    #expect(run.status == 0)
    let object = try JSONOutput.object(run.stdout)
    let preserved = try #require(object["preserved"] as? [[String: Any]])
    #expect(preserved.count == 1)
    #expect(preserved.first?["kind"] as? String == "com.example.countdown")
    #expect(preserved.first?["pointer"] as? String == "/video/clips/3")
    #expect(preserved.first?["extensionPoint"] as? String == "clip")
  }

  @Test func aDirectoryWithoutDocumentsIsAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write("notes", to: "notes.txt")
    let run = try Tool.run(["check", directory.path("")])
    #expect(run.status == 1)
    #expect(run.err.contains("no documents (*.json) found in"), "stderr: \(run.err)")
  }

  @Test func theSummaryCountsCheckedInvalidAndKept() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write(Fixtures.broad, to: "a.json")
    _ = try directory.write(Self.threeMistakes, to: "b.json")
    _ = try directory.write(
      Fixtures.broad(replacing: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#),
      to: "c.json")
    let run = try Tool.run(["check", "--summary", "--preserving-unknown", directory.path("")])
    #expect(run.status == 1)
    #expect(run.errLines.last == "3 checked, 1 invalid, 1 with unknown content kept")
    let quiet = try Tool.run(["check", directory.path("a.json")])
    #expect(quiet.err.isEmpty, "no summary on a pipe without --summary")
  }

  @Test func everyJSONLineConformsToTheCommittedSchema() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write(Fixtures.broad, to: "a.json")
    _ = try directory.write(Self.threeMistakes, to: "b.json")
    _ = try directory.write("{\"schema\": 1,\n  \"video\": {,}}", to: "c.json")
    _ = try directory.write(
      Fixtures.broad(replacing: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#),
      to: "d.json")
    let schema = try SchemaValidator.committed("check-result.schema.json")
    for preserving in [false, true] {
      let run = try Tool.run(
        ["check", "--json", directory.path("")] + (preserving ? ["--preserving-unknown"] : []))
      #expect(run.outLines.count == 4)
      for line in run.outLines {
        let object = try JSONOutput.object(Data(line.utf8))
        #expect(schema.violations(ofValue: object) == [], "\(line)")
      }
    }
    // The check itself can fail: a line with a wrong type or an unknown member is refused.
    #expect(!schema.violations(ofValue: ["file": 1]).isEmpty)
    #expect(
      schema.violations(ofValue: [
        "file": "f", "valid": true, "errors": [], "moreErrors": 0, "preserved": [],
        "warnings": [], "toolVersion": "1", "extra": 1,
      ]) == [": 'extra' is not in the schema"])
  }
}

@Suite("kadr-doc batch work: lists, jobs, in-place")
struct BatchTests {
  @Test func filesFromAListOrStandardInputAreChecked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write(Fixtures.broad, to: "good.json")
    let bad = try directory.write("{}", to: "bad.json")
    let list = try directory.write("\(good)\n\n\(bad)\n", to: "list.txt")
    let fromFile = try Tool.run(["check", "--files-from", list, "--json"])
    #expect(fromFile.status == 1)
    #expect(fromFile.outLines.count == 2)
    let fromStdin = try Tool.run(["check", "--files-from", "-"], stdin: Data("\(good)\n".utf8))
    #expect(fromStdin.status == 0)
  }

  @Test func parallelJobsPrintTheSameLinesInTheSameOrder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for index in 0..<24 {
      let text =
        index % 3 == 0
        ? CheckEveryErrorTests.threeMistakes
        : Fixtures.broad(replacing: #""Chapter One""#, with: "\"Chapter \(index)\"")
      _ = try directory.write(text, to: String(format: "doc-%02d.json", index))
    }
    let one = try Tool.run(["check", "--jobs", "1", "--json", directory.path("")])
    let four = try Tool.run(["check", "--jobs", "4", "--json", directory.path("")])
    #expect(one.status == 1)
    #expect(four.status == one.status)
    #expect(four.out == one.out)
    #expect(four.err == one.err)
    #expect(one.outLines.count == 24)
    #expect(one.errLines.count == 8 * 3)
  }

  @Test func resaveAndMigrateRewriteADirectoryInPlace() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Canonical bytes, with the members of the envelope out of order.
    let shuffled =
      Fixtures.broad.replacingOccurrences(of: #"{"schema":1,"#, with: "{")
      .dropLast() + #","schema":1}"#
    let a = try directory.write(String(shuffled), to: "a.json")
    let b = try directory.write(Fixtures.broad, to: "b.json")
    let before = try FileManager.default.attributesOfItem(atPath: b)[.modificationDate] as? Date
    let refused = try Tool.run(["resave", directory.path("")])
    #expect(refused.status == 2)
    #expect(refused.err.contains("--in-place"))
    let run = try Tool.run(["resave", "--in-place", "--jobs", "2", "--summary", directory.path("")])
    #expect(run.status == 0, "stderr: \(run.err)")
    #expect(try String(contentsOfFile: a, encoding: .utf8) == Fixtures.broad)
    #expect(run.errLines.last == "2 re-saved: 1 changed, 1 already canonical, 0 failed")
    let after = try FileManager.default.attributesOfItem(atPath: b)[.modificationDate] as? Date
    #expect(before == after, "a canonical file is left untouched")

    _ = try directory.write("{}", to: "c.json")
    let migrate = try Tool.run(["migrate", "--in-place", directory.path("")])
    #expect(migrate.status == 1)
    #expect(migrate.errLines.count == 1)
    #expect(migrate.err.hasPrefix(directory.path("c.json") + ": "), "stderr: \(migrate.err)")
    #expect(try String(contentsOfFile: directory.path("c.json"), encoding: .utf8) == "{}")
  }
}
