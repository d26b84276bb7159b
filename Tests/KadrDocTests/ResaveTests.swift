import Foundation
import Testing

@Suite("kadr-doc resave, migrate and tokens")
struct ResaveTests {
  /// The fixture with the same content but not canonical: spaces, line breaks, keys out of
  /// order at the top.
  static let untidy =
    String(
      Fixtures.broad(replacing: #"{"schema":1,"video":{"#, with: "{\n  \"video\" : {")
        .dropLast()) + ",\n  \"schema\" : 1\n}\n"

  @Test func resaveToStandardOutputGivesTheCanonicalBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let run = try Tool.run(["resave", file])
    #expect(run.status == 0)
    #expect(run.err.isEmpty)
    #expect(run.stdout == Fixtures.broadData)
  }

  @Test func resaveCanonicalisesAnUntidyDocument() throws {
    #expect(Data(Self.untidy.utf8) != Fixtures.broadData)
    let run = try Tool.run(["resave", "-"], stdin: Data(Self.untidy.utf8))
    #expect(run.status == 0)
    #expect(run.stdout == Fixtures.broadData)
  }

  @Test func resaveWritesToAnOutputFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.untidy, to: "untidy.json")
    let output = directory.path("out.kadr.json")
    let run = try Tool.run(["resave", file, "-o", output])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Fixtures.broadData)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(Self.untidy.utf8))
  }

  @Test func anUnwritableOutputIsNamedAndTheInputIsNotBlamed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.untidy, to: "untidy.json")
    let output = directory.path("no-such-directory/out.json")
    let run = try Tool.run(["resave", file, "-o", output])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("kadr-doc: "), "\(run.err)")
    #expect(run.err.contains("no-such-directory"), "\(run.err)")
    #expect(!run.err.hasPrefix(file), "\(run.err)")
  }

  @Test func resaveInPlaceReplacesTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.untidy, to: "untidy.json")
    let run = try Tool.run(["resave", "--in-place", file])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Fixtures.broadData)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers == ["untidy.json"], "a temporary file was left behind")
  }

  @Test func resaveLeavesAnInvalidFileUntouched() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let broken = String(Fixtures.broad.dropLast(3))
    let file = try directory.write(broken, to: "broken.json")
    let run = try Tool.run(["resave", "--in-place", file])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("\(file):1:"), "stderr: \(run.err)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == broken)
  }

  @Test func migrateOfACurrentDocumentGivesItsCanonicalBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.untidy, to: "untidy.json")
    let run = try Tool.run(["migrate", file])
    #expect(run.status == 0)
    #expect(run.err.isEmpty, "nothing to say: the document is already current")
    #expect(run.stdout == Fixtures.broadData)

    let output = directory.path("migrated.json")
    let written = try Tool.run(["migrate", file, "-o", output])
    #expect(written.status == 0)
    #expect(written.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Fixtures.broadData)
  }

  @Test func migrateRefusesASchemaWithNoMigration() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(
      Fixtures.broad(replacing: #"{"schema":1,"#, with: #"{"schema":0,"#), to: "old.json")
    let run = try Tool.run(["migrate", file])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.err.hasPrefix("\(file): "))
    #expect(run.err.contains("schema 0"))
  }

  @Test func tokensListsEachImageTokenOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let run = try Tool.run(["tokens", file])
    #expect(run.status == 0)
    #expect(run.err.isEmpty)
    #expect(run.outLines == ["file:fixture-pixel.png"])

    let json = try Tool.run(["tokens", "--json", "-"], stdin: Fixtures.broadData)
    #expect(json.status == 0)
    let tokens = try JSONSerialization.jsonObject(with: json.stdout) as? [String]
    #expect(tokens == ["file:fixture-pixel.png"])
  }

  @Test func tokensOfMalformedJSONIsInvalidInput() throws {
    let run = try Tool.run(["tokens", "-"], stdin: Data("{\"schema\":".utf8))
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.err.hasPrefix("<stdin>:1:"))
  }
}
