import Foundation
import Testing

@Suite("kadr-doc merge")
struct MergeCommandTests {
  static let trimmed = DiffCommandTests.trimmed
  static let retitled = Fixtures.broad(
    replacing: #""text":"Chapter One""#, with: #""text":"Chapter Two""#)

  @Test func editsOfBothSidesAreCombined() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let base = try directory.write(Fixtures.broad, to: "base.kadr.json")
    let ours = try directory.write(Self.trimmed, to: "ours.kadr.json")
    let theirs = try directory.write(Self.retitled, to: "theirs.kadr.json")
    let run = try Tool.run(["merge", base, ours, theirs, "-o", ours])
    #expect(run.status == 0, "\(run.err)")
    let merged = try String(contentsOfFile: ours, encoding: .utf8)
    #expect(merged.contains(#""text":"Chapter Two""#))
    #expect(merged.contains(#"{"timescale":30,"value":120}"#))
  }

  @Test func conflictIsReportedWithItsPointerAndKeptAsOurs() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let base = try directory.write(Fixtures.broad, to: "base.kadr.json")
    let ours = try directory.write(Self.retitled, to: "ours.kadr.json")
    let theirs = try directory.write(
      Fixtures.broad(replacing: #""text":"Chapter One""#, with: #""text":"Part One""#),
      to: "theirs.kadr.json")
    let output = directory.path("out.kadr.json")
    let run = try Tool.run(["merge", base, ours, theirs, "-o", output])
    #expect(run.status == 1)
    #expect(run.err.contains("/video/clips/3/title/_0/text"))
    // Both sides (and the base) are printed, so the person resolving sees what they choose.
    #expect(
      run.err.contains(
        "clip “title”, text: yours “Chapter Two”, theirs “Part One” (was “Chapter One”); "
          + "kept yours"), "\(run.err)")
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("Chapter Two"))
    let preferringTheirs = try Tool.run(["merge", base, ours, theirs, "-o", output, "--theirs"])
    #expect(preferringTheirs.status == 1)
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("Part One"))
    let json = try Tool.run(["merge", base, ours, theirs, "-o", output, "--json"])
    let conflicts = try #require(
      try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["pointer"] as? String == "/video/clips/3/title/_0/text")
    #expect(conflicts.first?["kind"] as? String == "bothChanged")
    #expect(conflicts.first?["theirs"] as? String == "Part One")
    #expect(conflicts.first?["ours"] as? String == "Chapter Two")
  }

  @Test func missingOutputIsAUsageError() throws {
    let run = try Tool.run(["merge", "a", "b", "c"])
    #expect(run.status == 2)
  }

  @Test func worksAsAGitMergeDriver() throws {
    let binary = try #require(Tool.executable, "kadr-doc is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    func git(_ arguments: String...) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", directory.url.path] + arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    #expect(try git("init", "-q", "-b", "main") == 0)
    _ = try git("config", "user.name", "Test")
    _ = try git("config", "user.email", "test@example.com")
    _ = try git("config", "commit.gpgsign", "false")
    _ = try git("config", "merge.kadr.driver", "\(binary.path) merge %O %A %B -o %A")
    _ = try directory.write("*.kadr.json merge=kadr\n", to: ".gitattributes")
    _ = try directory.write(Fixtures.broad, to: "project.kadr.json")
    _ = try git("add", ".")
    #expect(try git("commit", "-q", "-m", "base") == 0)
    _ = try git("checkout", "-q", "-b", "title")
    _ = try directory.write(Self.retitled, to: "project.kadr.json")
    #expect(try git("commit", "-q", "-am", "retitle") == 0)
    _ = try git("checkout", "-q", "main")
    _ = try directory.write(Self.trimmed, to: "project.kadr.json")
    #expect(try git("commit", "-q", "-am", "trim") == 0)
    #expect(try git("merge", "-q", "--no-edit", "title") == 0)
    let merged = try String(contentsOfFile: directory.path("project.kadr.json"), encoding: .utf8)
    #expect(merged.contains(#""text":"Chapter Two""#))
    #expect(merged.contains(#"{"timescale":30,"value":120}"#))
    #expect(!merged.contains("<<<<<<<"))
  }
}
