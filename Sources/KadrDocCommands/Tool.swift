import Foundation
import KadrFileSystem
import KadrPersistence

/// Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage error.
enum ExitCode {
  static let ok: Int32 = 0
  static let failure: Int32 = 1
  static let usage: Int32 = 2
}

/// Where a command writes: standard output for data, standard error for errors and progress.
///
/// Human output (``out(_:redactingURLs:)``, ``err(_:)``) goes through ``TerminalText``: control
/// and bidirectional characters from input are shown as `\u{…}` escapes and URL credentials
/// are hidden. JSON and documents (``outJSON(_:)``, ``outData(_:)``) are written as they are.
/// Every write is checked (``StandardStreams``).
struct Console {
  /// A line of human output; `redactingURLs: false` only where the URLs are the data asked for.
  func out(_ text: String, redactingURLs: Bool = true) {
    outData(Data((TerminalText.escaped(text, redactingURLs: redactingURLs) + "\n").utf8))
  }
  /// A line of JSON, unchanged.
  func outJSON(_ text: String) { outData(Data((text + "\n").utf8)) }
  /// Bytes, unchanged: a document, a timeline.
  func outData(_ data: Data) { StandardStreams.write(data, to: StandardStreams.output) }
  /// A message on standard error.
  func err(_ text: String) {
    StandardStreams.write(Data((TerminalText.escaped(text) + "\n").utf8), to: StandardStreams.error)
  }
  var isTerminal: Bool { SystemCall.isTerminal(StandardStreams.error) }
}

/// One subcommand of `kadr-doc`.
protocol Command {
  /// The name typed after `kadr-doc`.
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The usage line and the description, the start of `--help` (the options follow it, from
  /// ``options``).
  static var synopsis: String { get }
  /// The options, each declared once (see ``CommandOption``).
  static var options: [CommandOption] { get }
  /// How many positional arguments the command takes.
  static var positionals: ClosedRange<Int> { get }
  /// Runs the command; returns the exit code.
  static func run(_ arguments: ParsedArguments, console: Console) -> Int32
}

enum KadrDoc {
  /// The package's version, printed by `--version` and carried in `--json` output.
  static let version = "0.3.0"

  static var commands: [any Command.Type] {
    [
      DemoCommand.self, CheckCommand.self, InspectCommand.self, ResaveCommand.self,
      MigrateCommand.self, TokensCommand.self, CompletenessCommand.self, TimelineCommand.self,
      ExportOTIOCommand.self, ImportOTIOCommand.self, ExportFCPXMLCommand.self,
      ImportFCPXMLCommand.self, DiffCommand.self, MergeCommand.self, LibraryCommand.self,
      CompletionsCommand.self,
    ]
  }

  static var overview: String {
    var lines = [
      "kadr-doc — save, open, check and inspect kadr composition documents",
      "",
      "usage: kadr-doc <command> [options]",
      "",
      "commands:",
    ]
    for command in commands {
      lines.append(
        "  " + command.name.padding(toLength: 14, withPad: " ", startingAt: 0) + command.summary)
    }
    lines += [
      "",
      "Run 'kadr-doc help <command>' (or 'kadr-doc <command> --help') for a command's options;",
      "'kadr-doc completions bash|zsh|fish' prints a completion script; --version the version.",
      "Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage error.",
    ]
    return lines.joined(separator: "\n")
  }

  static func run(_ arguments: [String], console: Console) -> Int32 {
    guard let name = arguments.first else {
      console.err(overview)
      return ExitCode.usage
    }
    if name == "--version" || name == "-V" {
      if arguments.dropFirst().contains("--json") {
        console.outJSON(
          JSONText.compact(
            .object([
              "name": "kadr-doc", "version": .string(version),
              "schema": .integer(Int64(DocumentEnvelope.currentSchema)),
            ])))
      } else {
        console.out("kadr-doc \(version) (documents of schema \(DocumentEnvelope.currentSchema))")
      }
      return ExitCode.ok
    }
    if name == "-h" || name == "--help" || name == "help" {
      guard let topic = arguments.dropFirst().first else {
        console.out(overview)
        return ExitCode.ok
      }
      if topic == "--markdown" {
        console.out(markdownTable, redactingURLs: false)
        return ExitCode.ok
      }
      guard let command = commands.first(where: { $0.name == topic }) else {
        console.err(unknownCommand(topic))
        return ExitCode.usage
      }
      console.out(command.help)
      return ExitCode.ok
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      console.err(unknownCommand(name))
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("-h") || rest.contains("--help") {
      console.out(command.help)
      return ExitCode.ok
    }
    let parsed: ParsedArguments
    switch parse(rest, spec: command.spec) {
    case .success(let arguments):
      parsed = arguments
    case .failure(let error):
      console.err("kadr-doc \(command.name): \(error)")
      console.err(command.help.split(separator: "\n").first.map(String.init) ?? "")
      return ExitCode.usage
    }
    return command.run(parsed, console: console)
  }

  /// The README's table of commands, from each command's usage line and summary
  /// (`kadr-doc help --markdown`; a test keeps the README equal to it).
  static var markdownTable: String {
    var lines = ["| command | what it does |", "|---|---|"]
    for command in commands {
      // The usage is the help's first paragraph (a long one goes on over indented lines).
      let usage = command.help.split(separator: "\n", omittingEmptySubsequences: false)
        .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      // A table cell cannot hold a bare `|`, even inside code.
      let text = usage.replacingOccurrences(of: "usage: kadr-doc ", with: "")
        .replacingOccurrences(of: " kadr-doc ", with: " | ")
        .replacingOccurrences(of: "|", with: "\\|")
      lines.append("| `\(text)` | \(command.summary) |")
    }
    return lines.joined(separator: "\n")
  }

  /// "unknown command 'chek'. Did you mean 'check'?"
  static func unknownCommand(_ name: String) -> String {
    let suggestion = ClosestMatch.of(name, in: commands.map { $0.name })
    return "kadr-doc: unknown command '\(name)'."
      + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " See 'kadr-doc --help'."
  }

  private static func parse(_ arguments: [String], spec: ArgumentSpec) -> Result<
    ParsedArguments, UsageError
  > {
    Result { () throws(UsageError) in try ParsedArguments.parse(arguments, spec: spec) }
  }
}

/// Reading inputs and reporting their errors the same way in every command.
enum Input {
  /// The bytes of `path`, or of standard input for `-`, refused past `limit` bytes (a
  /// document's limit by default) before they are read.
  ///
  /// A document large enough to take more than a second to open is then opened with
  /// ``openingProgress(of:file:)``.
  static func read(
    _ path: String, maximumBytes limit: Int = DocumentLimits.default.maximumDocumentBytes
  ) throws -> Data {
    let data =
      path == "-"
      ? try DocumentFile.read(descriptor: 0, named: "<stdin>", maximumBytes: limit)
      : try DocumentFile.read(URL(fileURLWithPath: path), maximumBytes: limit)
    return data
  }

  /// Reads and opens `file`, showing the percentage on a terminal when it is large.
  static func open(
    _ file: String, coder: KadrCoder, images: (any ImageStore)?
  ) throws -> DecodedDocument<Video> {
    let data = try read(file)
    guard let progress = openingProgress(of: data, file: file) else {
      return try coder.open(data, images: images)
    }
    defer { progress.finish() }
    return try coder.open(data, images: images, progress: progress.update)
  }

  /// Documents larger than this take about a second or more to open.
  static let largeDocumentBytes = 16_000_000

  /// A progress line for opening `data`, when it is large and standard error is a terminal:
  /// `opening FILE (48 MB)… 57%`, redrawn once per percent and cleared at the end; `nil`
  /// otherwise (small documents, scripts, pipes).
  static func openingProgress(of data: Data, file: String) -> OpeningProgress? {
    guard Console().isTerminal, data.count > largeDocumentBytes else { return nil }
    return OpeningProgress(
      label: "opening \(file == "-" ? "<stdin>" : file) (\(data.count / 1_000_000) MB)…")
  }

  /// `FILE: /json/pointer: sentence fix`, `FILE:line:column: …` for malformed JSON, `FILE: …`
  /// for the whole document; the pointer is printed once, and the fix names the tool's flags.
  /// Control characters from the input are escaped: one error, one line.
  static func describe(_ error: any Error, file: String) -> String {
    let error = PersistenceError.wrapping(error)
    let name = TerminalText.escaped(file == "-" ? "<stdin>" : file, keepingNewlines: false)
    let sentence = TerminalText.escaped(
      [error.sentence(for: .commandLine), error.fix(for: .commandLine)].compactMap { $0 }
        .joined(separator: " "), keepingNewlines: false)
    if let position = error.lineAndColumn {
      return "\(name):\(position.line):\(position.column): \(sentence)"
    }
    // A file that cannot be read or written is named by the sentence itself; when it is not
    // FILE (the output, say), FILE is not blamed.
    if case .fileSystem(let path, _) = error.reason {
      let input = URL(fileURLWithPath: file).standardizedFileURL.path
      return "\(path == input || path == file ? name : "kadr-doc"): \(sentence)"
    }
    guard let pointer = error.pointer, !pointer.description.isEmpty else {
      return "\(name): \(sentence)"
    }
    return
      "\(name): \(TerminalText.escaped(pointer.description, keepingNewlines: false)): \(sentence)"
  }
}
