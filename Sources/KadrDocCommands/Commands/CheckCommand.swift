import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc check FILE|DIR…`: full validation, every error of every file.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "validate documents (exit 1 if any is invalid)"
  static let synopsis = """
    usage: kadr-doc check FILE|DIR… [--files-from LIST [--null]] [--images DIR] [--preserving-unknown] [--json] [--summary] [--jobs N] [--max-errors N]

    Opens each document as an app would: strict JSON, schema, every kind, every field, every
    enum value, and (with --images) every image token against a file image store in DIR. Every
    error of a file is printed on standard error, one line each, as FILE: /json/pointer: sentence
    (FILE:line:column for malformed JSON); a clip that cannot be read gives its first error and
    checking goes on with the next clip. Timeline warnings (invalid transition chains) and
    content kept under --preserving-unknown are printed too but do not fail the check.
    A directory is searched for *.json documents; a directory without any is an error. In a
    project library's project folders only document.json is a document (kadr-doc library
    check reads the rest).
    Use - for standard input. Files are checked in parallel; output keeps the files' order.
    On a terminal, a progress bar (count, rate, ETA) and a summary line are shown on standard
    error; with --json, standard output is JSON Lines: one object per file (its JSON Schema is
    Sources/kadr-doc/Schemas/check-result.schema.json); a file whose name is not UTF-8 gets
    one too, its name with \\xNN escapes and its exact bytes in hexadecimal (fileNameBytes).
    """
  static let options = [
    CommandOption(
      ["--files-from"], value: "LIST",
      help: "also check the files named in LIST, one per line (- for standard input)"),
    CommandOption(
      ["--null", "-0"], help: "LIST's names end with NUL, not a line feed (find -print0)"),
    CommandOption(
      ["--images"], value: "DIR", help: "resolve image tokens in the file image store at DIR"),
    CommandOption(
      ["--preserving-unknown"],
      help: "accept kinds no codec is registered for (kept verbatim, and listed)"),
    CommandOption(
      ["--json"], help: "print one JSON object per file on standard output (JSON Lines)"),
    CommandOption(
      ["--summary"], help: "print the summary line even when standard error is not a terminal"),
    CommandOption(
      ["--jobs"], value: "N", help: "check N files at a time (default: the number of cores)"),
    CommandOption(
      ["--max-errors"], value: "N",
      help: "report at most N errors per file, then count the rest (default 20)"),
  ]
  static let positionals = 0...Int.max

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    var options = CodingOptions()
    options.preservingUnknown = arguments.has("--preserving-unknown")
    let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry, options: options)
    guard let jobs = Batch.jobs(arguments, command: name, console: console) else {
      return ExitCode.usage
    }
    let maximumErrors: Int
    if let text = arguments.value("--max-errors") {
      guard let value = Int(text), value > 0 else {
        console.err("kadr-doc check: --max-errors needs a positive number, not '\(text)'")
        return ExitCode.usage
      }
      maximumErrors = value
    } else {
      maximumErrors = 20
    }
    // Without --images, tokens are carried through unresolved: the tool checks, converts and
    // re-saves documents without their images at hand. One store serves every job.
    guard
      let requested = ImageStores.requested(
        by: arguments, console: console, otherwise: UnresolvedImageStore()),
      let images = requested
    else { return ExitCode.failure }
    var status = ExitCode.ok
    guard
      let collected = InputFiles.collect(
        arguments, command: name, console: console, status: &status)
    else { return status }
    let files = collected.files
    for entry in collected.unusable {
      console.err("kadr-doc \(name): \(entry.line)")
      // Every file gets its line: the name lossily, and its bytes exactly.
      if arguments.has("--json") {
        console.outJSON(CheckResult.unnamable(entry).json(file: entry.shown))
      }
    }
    if let note = libraryNote(collected.libraryProjects) { console.err(note) }
    var summary = CheckSummary()
    Batch.run(files, jobs: jobs, console: console) { file in
      check(
        file, coder: coder, images: images, maximumErrors: maximumErrors, single: files.count == 1)
    } receive: { file, result in
      summary.add(result)
      for line in result.lines(file: file) { console.err(line) }
      if arguments.has("--json") { console.outJSON(result.json(file: file)) }
    }
    if console.isTerminal || arguments.has("--summary") { console.err(summary.line) }
    return summary.invalid > 0 || !collected.unusable.isEmpty ? ExitCode.failure : ExitCode.ok
  }

  /// What `check` did with the project folders of libraries it met, and where the rest of a
  /// library is checked; `nil` when it met none.
  static func libraryNote(_ projects: [String]) -> String? {
    guard !projects.isEmpty else { return nil }
    // A project folder sits in DIR/projects or DIR/trash; DIR is the library.
    var libraries: [String] = []
    for project in projects {
      let parent = (project as NSString).deletingLastPathComponent
      let root =
        ["projects", "trash"].contains((parent as NSString).lastPathComponent)
        ? (parent as NSString).deletingLastPathComponent : parent
      if !libraries.contains(root) { libraries.append(root) }
    }
    let names = libraries.map { TerminalText.escaped($0, keepingNewlines: false) }
    let which = libraries.count == 1 ? "library \(names[0])" : "libraries"
    return "kadr-doc check: \(Plural.count(projects.count, "project")) of the project \(which): "
      + "checked each document.json; check their metadata (project.json) and autosaves with: "
      + names.map { "kadr-doc library check \($0)" }.joined(separator: "; ")
  }

  /// Checks one file.
  static func check(
    _ file: String, coder: KadrCoder, images: any ImageStore, maximumErrors: Int, single: Bool
  ) -> CheckResult {
    let data: Data
    do {
      data = try Input.read(file)
    } catch {
      return CheckResult(errors: [PersistenceError.wrapping(error)])
    }
    // One large file on a terminal shows its percentage; in a batch, the bar shows the files.
    let progress = single ? Input.openingProgress(of: data, file: file) : nil
    defer { progress?.finish() }
    let validation = coder.validate(
      data, images: images, maximumErrors: maximumErrors, progress: progress?.update)
    var result = CheckResult(
      errors: validation.errors, moreErrors: validation.unreportedErrorCount,
      schema: validation.schema)
    if let opened = validation.opened {
      result.preserved = opened.preserved
      result.warnings = opened.root.layout.issues.map(\.description)
    }
    return result
  }
}
