import Foundation
import Testing

@Suite("kadr-doc usage")
struct UsageTests {
  static let commands = [
    "demo", "check", "inspect", "resave", "migrate", "tokens", "completeness", "timeline", "diff",
    "merge",
  ]

  @Test func overviewListsEveryCommand() throws {
    let run = try Tool.run(["--help"])
    #expect(run.status == 0)
    #expect(run.out.hasPrefix("kadr-doc"))
    for command in Self.commands {
      #expect(run.out.contains("\n  \(command) "), "\(command) is not listed")
    }
    #expect(run.out.contains("Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage error"))
  }

  @Test func noCommandPrintsTheOverviewAsAUsageError() throws {
    let run = try Tool.run([])
    #expect(run.status == 2)
    #expect(run.out.isEmpty)
    #expect(run.err.contains("usage: kadr-doc <command>"))
  }

  @Test(arguments: commands)
  func helpOfEachCommandShowsItsUsage(_ command: String) throws {
    for flag in ["--help", "-h"] {
      let run = try Tool.run([command, flag])
      #expect(run.status == 0)
      #expect(run.out.hasPrefix("usage: kadr-doc \(command)"))
      #expect(run.err.isEmpty)
    }
  }

  @Test func unknownCommandIsAUsageErrorWithASuggestion() throws {
    let unknown = try Tool.run(["frobnicate"])
    #expect(unknown.status == 2)
    #expect(unknown.out.isEmpty)
    #expect(unknown.err.contains("unknown command 'frobnicate'"))
    let typo = try Tool.run(["chek", "x.json"])
    #expect(typo.status == 2)
    #expect(typo.err.contains("Did you mean 'check'?"))
  }

  /// Command lines that do not fit the command's usage; none of them reads its file.
  @Test(arguments: [
    (["check", "--bogus", "a.json"], "unknown option --bogus"),
    (["check", "--json=yes", "a.json"], "unknown option --json"),
    (["check"], "missing argument"),
    (["check", "a.json", "--images"], "--images needs a value"),
    (["tokens", "a.json", "b.json"], "too many arguments"),
    (["inspect"], "missing argument"),
    (["completeness", "a.json"], "too many arguments"),
    (["timeline", "a.json"], "-o OUT.svg is required"),
    (["resave", "a.json", "-o", "b.json", "--in-place"], "either -o OUT or --in-place"),
    (["resave", "-", "--in-place"], "--in-place needs a file"),
    (["migrate", "--output"], "--output needs a value"),
    (["demo", "extra"], "too many arguments"),
  ])
  func badCommandLinesAreUsageErrors(_ arguments: [String], message: String) throws {
    let run = try Tool.run(arguments)
    #expect(run.status == 2)
    #expect(run.out.isEmpty)
    #expect(run.err.contains(message), "stderr: \(run.err)")
  }

  @Test func aMisspelledOptionGetsASuggestion() throws {
    let run = try Tool.run(["check", "--preserve", "a.json"])
    #expect(run.status == 2)
    #expect(run.err.contains("Did you mean --preserving-unknown?"))
  }
}
