import Foundation
import KadrPersistence

/// `migrate` and `resave`: one document to standard output or `-o OUT`, or many rewritten in
/// place (`--in-place`), in parallel, each atomically.
enum Rewrite {
  /// What rewriting one file gave.
  struct Outcome: Sendable {
    /// The rewritten bytes, when they go to standard output.
    var bytes: Data?
    /// Lines for standard error: the error, or a note (`migrated from schema 0`).
    var lines: [String] = []
    var failed = false
    var changed = false
  }

  /// Runs `transform` over the command's files; returns the exit code.
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments (`--in-place`, `-o`, `--jobs`, `--files-from`,
  ///     `--summary`).
  ///   - command: The command's name, for messages.
  ///   - transform: The document's new bytes and a note for standard error, from its bytes.
  static func run(
    _ arguments: ParsedArguments, command: String, console: Console,
    transform: @escaping @Sendable (Data) throws -> (bytes: Data, note: String?)
  ) -> Int32 {
    let output = arguments.value("--output")
    let inPlace = arguments.has("--in-place")
    guard !(inPlace && output != nil) else {
      console.err("kadr-doc \(command): give either -o OUT or --in-place, not both")
      return ExitCode.usage
    }
    guard let jobs = Batch.jobs(arguments, command: command, console: console) else {
      return ExitCode.usage
    }
    var status = ExitCode.ok
    guard
      let collected = InputFiles.collect(
        arguments, command: command, console: console, status: &status)
    else { return status }
    let files = collected.files
    for entry in collected.unusable { console.err("kadr-doc \(command): \(entry.line)") }
    guard inPlace || (files.count == 1 && arguments.value("--files-from") == nil) else {
      console.err(
        "kadr-doc \(command): \(files.count) documents given: rewrite them with --in-place, "
          + "or name one document")
      return ExitCode.usage
    }
    guard !(inPlace && files.contains("-")) else {
      console.err("kadr-doc \(command): --in-place needs a file, not standard input")
      return ExitCode.usage
    }
    var failed = 0
    var changed = 0
    Batch.run(files, jobs: jobs, console: console) { file in
      rewrite(file, to: inPlace ? file : output, transform: transform)
    } receive: { file, outcome in
      if let bytes = outcome.bytes { console.outData(bytes) }
      for line in outcome.lines { console.err(line) }
      if outcome.failed { failed += 1 }
      if outcome.changed { changed += 1 }
    }
    if files.count > 1 && (console.isTerminal || arguments.has("--summary")) {
      console.err(
        "\(files.count) \(command == "migrate" ? "migrated" : "re-saved"): \(changed) changed, "
          + "\(files.count - changed - failed) already canonical, \(failed) failed")
    }
    return failed > 0 || !collected.unusable.isEmpty ? ExitCode.failure : ExitCode.ok
  }

  static func rewrite(
    _ file: String, to destination: String?,
    transform: @Sendable (Data) throws -> (bytes: Data, note: String?)
  ) -> Outcome {
    var outcome = Outcome()
    do {
      let original = try Input.read(file)
      let result = try transform(original)
      outcome.changed = result.bytes != original
      if let note = result.note { outcome.lines.append(note) }
      guard let destination else {
        outcome.bytes = result.bytes
        return outcome
      }
      // A file already in canonical form is left alone (no new inode, no new mtime).
      if destination == file && !outcome.changed { return outcome }
      do {
        try AtomicFile.write(result.bytes, to: URL(fileURLWithPath: destination))
      } catch {
        outcome.failed = true
        outcome.lines.append(
          "kadr-doc: cannot write \(destination): \(FileOutput.reason(of: PersistenceError.wrapping(error)))"
        )
      }
    } catch {
      outcome.failed = true
      outcome.lines = [Input.describe(error, file: file)]
    }
    return outcome
  }
}
