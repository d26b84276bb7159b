import Foundation
import Testing

@Suite("kadr-doc check")
struct CheckTests {
  @Test func aValidDocumentPassesSilently() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let run = try Tool.run(["check", file])
    #expect(run.status == 0)
    #expect(run.out.isEmpty)
    #expect(run.err.isEmpty)
  }

  @Test func aDirectoryIsSearchedForDocuments() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("nested"), withIntermediateDirectories: true)
    _ = try directory.write(Fixtures.broad, to: "a.kadr.json")
    let bad = try directory.write("{\"schema\": 3, \"video\": {}}", to: "nested/b.json")
    _ = try directory.write("not a document", to: "notes.txt")
    let run = try Tool.run(["check", directory.path("")])
    #expect(run.status == 1)
    #expect(run.errLines.count == 1, "stderr: \(run.err)")
    #expect(run.err.contains("nested/b.json: /schema: "), "stderr: \(run.err)")
    #expect(!run.err.contains("notes.txt"))
    #expect(bad.hasSuffix("nested/b.json"))
  }

  @Test func jsonOutputWritesSlashesAsThemselves() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("a/b"), withIntermediateDirectories: true)
    let file = try directory.write("{\"schema\": 3, \"video\": {}}", to: "a/b/c.kadr.json")
    let run = try Tool.run(["check", "--json", file])
    #expect(run.status == 1)
    // The path and the pointer as a person copies them; JSON allows `\/` but nobody needs it.
    #expect(run.out.contains("\"\(file)\""), "stdout: \(run.out)")
    #expect(run.out.contains("\"/schema\""), "stdout: \(run.out)")
    #expect(!run.out.contains("\\/"), "stdout: \(run.out)")
    let object = try JSONOutput.object(run.stdout)
    #expect(object["file"] as? String == file)
  }

  @Test func jsonOutputDescribesAValidDocument() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let run = try Tool.run(["check", "--json", file])
    #expect(run.status == 0)
    let object = try JSONOutput.object(run.stdout)
    #expect(object["file"] as? String == file)
    #expect(object["valid"] as? Bool == true)
    #expect(object["schema"] as? Int == 1)
    #expect((object["warnings"] as? [Any])?.isEmpty == true)
  }

  @Test func malformedJSONIsReportedWithLineAndColumn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write("{\"schema\": 1,\n  \"video\": {,}}", to: "bad.json")
    let run = try Tool.run(["check", file])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(run.errLines.count == 1)
    #expect(run.err.hasPrefix("\(file):2:13: "), "stderr: \(run.err)")
    #expect(run.err.contains("not valid JSON"))

    let json = try Tool.run(["check", "--json", file])
    #expect(json.status == 1)
    let object = try JSONOutput.object(json.stdout)
    #expect(object["valid"] as? Bool == false)
    let errors = try #require(object["errors"] as? [[String: Any]])
    #expect(errors.count == 1)
    #expect(errors.first?["line"] as? Int == 2)
    #expect(errors.first?["column"] as? Int == 13)
    #expect(errors.first?["reason"] as? String == "malformedJSON")
    #expect(errors.first?["message"] is String)
  }

  @Test func anUnknownKindIsReportedWithItsPointer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = Fixtures.broad(
      replacing: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#)
    let file = try directory.write(text, to: "plugin.kadr.json")
    let run = try Tool.run(["check", file])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("\(file): /video/clips/3: "), "stderr: \(run.err)")
    #expect(run.err.contains("com.example.countdown"))

    let preserving = try Tool.run(["check", "--preserving-unknown", file])
    #expect(preserving.status == 0)
    #expect(
      preserving.err.hasPrefix(
        "\(file): /video/clips/3: kept verbatim: clip kind 'com.example.countdown'"),
      "stderr: \(preserving.err)")
    #expect(preserving.errLines.count == 1)
  }

  @Test func aNewerSchemaIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(
      Fixtures.broad(replacing: #"{"schema":1,"#, with: #"{"schema":99,"#), to: "newer.json")
    let run = try Tool.run(["check", file])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("\(file): /schema: "), "stderr: \(run.err)")
  }

  @Test func aDashReadsStandardInput() throws {
    let valid = try Tool.run(["check", "-"], stdin: Fixtures.broadData)
    #expect(valid.status == 0)
    #expect(valid.err.isEmpty)

    let invalid = try Tool.run(["check", "-"], stdin: Data("[1,\n2,]".utf8))
    #expect(invalid.status == 1)
    #expect(invalid.err.hasPrefix("<stdin>:2:3: "), "stderr: \(invalid.err)")
  }

  @Test func aMissingFileIsInvalidInput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("missing.json")
    let run = try Tool.run(["check", missing])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("\(missing): "))
  }

  @Test func everyFileIsCheckedAndOnlyTheInvalidOnesReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write(Fixtures.broad, to: "good.json")
    let bad = try directory.write("{}", to: "bad.json")
    let run = try Tool.run(["check", good, bad, good])
    #expect(run.status == 1)
    #expect(run.errLines.count == 1)
    #expect(run.err.hasPrefix("\(bad): "))
  }

  @Test func imagesAreResolvedInTheGivenStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let images = directory.path("images")
    try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
    let run = try Tool.run(["check", "--images", images, file])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("\(file): /video/clips/2/image/_0/imageToken: "))
    #expect(run.err.contains("file:fixture-pixel.png"))
  }
}
