import Foundation
import Testing

@testable import KadrDocCommands

@Suite("kadr-doc help, version, completions and the README's table")
struct HelpTests {
  static let commandNames = KadrDoc.commands.map { $0.name }

  /// Each option is declared once; its help lines are printed beside its spellings, every
  /// declaration has help, and the usage lines name no option the command does not declare.
  @Test(arguments: commandNames)
  func helpPrintsEachDeclaredOptionAndTheUsageNamesNoOther(_ name: String) throws {
    let command = try #require(KadrDoc.commands.first { $0.name == name })
    let help = command.help
    for option in command.options {
      #expect(!option.help.joined().isEmpty, "\(option.names) has no help")
      let line = "  " + option.declaration
      #expect(
        help.split(separator: "\n").contains { $0.hasPrefix(line + " ") },
        "\(option.names) is not listed in the help")
      #expect(option.names.first?.hasPrefix("--") == true, "\(option.names): long name first")
    }
    let declared = Set(command.options.flatMap(\.names))
    #expect(declared.count == command.options.flatMap(\.names).count, "a spelling twice")
    let usage = command.synopsis.components(separatedBy: "\n\n")[0]
    let named = usage.split(whereSeparator: { " []|".contains($0) }).filter {
      $0.hasPrefix("-") && $0.count > 1
    }
    for spelling in named {
      #expect(declared.contains(String(spelling)), "usage names \(spelling), not declared")
    }
    // Parsing accepts every declared spelling, with a value where one is declared.
    for option in command.options {
      for spelling in option.names {
        let arguments = option.value == nil ? [spelling] : [spelling, "x"]
        let positionals = Array(repeating: "p", count: command.positionals.lowerBound)
        #expect(throws: Never.self) {
          _ = try ParsedArguments.parse(positionals + arguments, spec: command.spec)
        }
      }
    }
  }

  @Test(arguments: commandNames)
  func helpCommandPrintsTheCommandsHelp(_ name: String) throws {
    let run = try Tool.run(["help", name])
    #expect(run.status == 0)
    #expect(run.out.hasPrefix("usage: kadr-doc \(name)"))
  }

  @Test func helpOfAnUnknownCommandSuggestsTheNearestOne() throws {
    let unknown = try Tool.run(["help", "chek"])
    #expect(unknown.status == 2)
    #expect(unknown.err.contains("Did you mean 'check'?"))
  }

  @Test func versionIsPrintedAsTextAndAsJSON() throws {
    let text = try Tool.run(["--version"])
    #expect(text.status == 0)
    #expect(text.out == "kadr-doc \(KadrDoc.version) (documents of schema 1)\n")
    let json = try Tool.run(["--version", "--json"])
    let object = try JSONOutput.object(json.stdout)
    #expect(object["version"] as? String == KadrDoc.version)
    #expect(object["schema"] as? Int == 1)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsNameEveryCommandAndOption(_ shell: String) throws {
    let run = try Tool.run(["completions", shell])
    #expect(run.status == 0)
    for command in KadrDoc.commands {
      #expect(run.out.contains(command.name), "\(command.name) missing from \(shell)")
      for option in command.options {
        let long = option.names[0]
        let spelled = shell == "fish" ? "-l \(long.dropFirst(2))" : long
        #expect(run.out.contains(spelled), "\(long) of \(command.name) missing from \(shell)")
      }
    }
  }

  @Test func theBashScriptIsValidBashAndCompletesCommandsAndOptions() throws {
    let script = try Tool.run(["completions", "bash"])
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(script.out, to: "kadr-doc.bash")
    let probe = """
      source \(file)
      COMP_WORDS=(kadr-doc ch); COMP_CWORD=1; _kadr_doc; echo "${COMPREPLY[*]}"
      COMP_WORDS=(kadr-doc check --pre); COMP_CWORD=2; _kadr_doc; echo "${COMPREPLY[*]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", probe]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output == "check\n--preserving-unknown\n", "\(output)")
    #expect(try Tool.run(["completions", "tcsh"]).status == 2)
  }

  /// The README's table of commands is the one the tool prints from its own help.
  @Test func theReadmeTableIsTheOneGeneratedFromTheHelp() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "README.md"), encoding: .utf8)
    #expect(
      readme.contains(KadrDoc.markdownTable + "\n\n"),
      """
      README.md's command table differs from the tool's help: replace it with the output of \
      swift run kadr-doc help --markdown
      """)
    for command in KadrDoc.commands {
      #expect(KadrDoc.markdownTable.contains("| `\(command.name)"))
    }
  }
}
