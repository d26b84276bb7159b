import Foundation
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
  func outData(_ data: Data) { StandardStreams.write(data, to: STDOUT_FILENO) }
  /// A message on standard error.
  func err(_ text: String) {
    StandardStreams.write(Data((TerminalText.escaped(text) + "\n").utf8), to: STDERR_FILENO)
  }
  var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// One subcommand of `kadr-doc`.
protocol Command {
  /// The name typed after `kadr-doc`.
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The usage line and description shown by `--help`.
  static var help: String { get }
  /// What the command accepts.
  static var spec: ArgumentSpec { get }
  /// Runs the command; returns the exit code.
  static func run(_ arguments: ParsedArguments, console: Console) -> Int32
}

enum KadrDoc {
  static var commands: [any Command.Type] {
    [
      DemoCommand.self, CheckCommand.self, InspectCommand.self, ResaveCommand.self,
      MigrateCommand.self, TokensCommand.self, CompletenessCommand.self, TimelineCommand.self,
      ExportOTIOCommand.self, ImportOTIOCommand.self, LibraryCommand.self,
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
      "Run 'kadr-doc <command> --help' for a command's options.",
      "Exit codes: 0 ok, 1 invalid input or a failed check, 2 usage error.",
    ]
    return lines.joined(separator: "\n")
  }

  static func run(_ arguments: [String], console: Console) -> Int32 {
    guard let name = arguments.first else {
      console.err(overview)
      return ExitCode.usage
    }
    if name == "-h" || name == "--help" || name == "help" {
      console.out(overview)
      return ExitCode.ok
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      let suggestion = commands.map { $0.name }.first { $0.hasPrefix(String(name.prefix(2))) }
      console.err(
        "kadr-doc: unknown command '\(name)'."
          + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " See 'kadr-doc --help'.")
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

  private static func parse(_ arguments: [String], spec: ArgumentSpec) -> Result<
    ParsedArguments, UsageError
  > {
    Result { () throws(UsageError) in try ParsedArguments.parse(arguments, spec: spec) }
  }
}

/// Reading inputs and reporting their errors the same way in every command.
enum Input {
  /// The bytes of `path`, or of standard input for `-`.
  ///
  /// On a terminal, a document large enough to take more than a second to open (over 16 MB)
  /// is announced on standard error first, so the wait is explained.
  static func read(_ path: String) throws -> Data {
    let limit = DocumentLimits.default.maximumDocumentBytes
    let data =
      path == "-"
      ? try DocumentFile.read(descriptor: 0, named: "<stdin>", maximumBytes: limit)
      : try DocumentFile.read(URL(fileURLWithPath: path), maximumBytes: limit)
    if Console().isTerminal, data.count > largeDocumentBytes {
      let megabytes = data.count / 1_000_000
      Console().err("kadr-doc: opening \(path == "-" ? "<stdin>" : path) (\(megabytes) MB)…")
    }
    return data
  }

  /// Documents larger than this take about a second or more to open.
  static let largeDocumentBytes = 16_000_000

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
