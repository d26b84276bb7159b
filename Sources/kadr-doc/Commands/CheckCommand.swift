import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc check FILE…`: full validation, one line per error.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "validate documents (exit 1 if any is invalid)"
  static let help = """
    usage: kadr-doc check FILE|DIR… [--images DIR] [--preserving-unknown] [--json]

    Opens each document as an app would: strict JSON, schema, every kind, every field, every
    enum value, and (with --images) every image token against a file image store in DIR. Prints
    one line per error on standard error as FILE: /json/pointer: sentence (FILE:line:column for
    malformed JSON), and timeline warnings (invalid transition chains) that do not fail the check.
    A directory is searched for *.json documents. Use - for standard input. On a terminal, work
    that takes more than a second shows progress on standard error.

    options:
      --images DIR            resolve image tokens in the file image store at DIR
      --preserving-unknown    accept kinds no codec is registered for (kept verbatim)
      --json                  print one JSON object per file on standard output
    """
  static let spec = ArgumentSpec(
    flags: [["--preserving-unknown"], ["--json"]], options: [["--images"]],
    positionals: 1...Int.max)

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    var options = CodingOptions()
    options.preservingUnknown = arguments.has("--preserving-unknown")
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry, options: options)
    // Without --images, tokens are carried through unresolved: the tool checks, converts and
    // re-saves documents without their images at hand.
    var images: (any ImageStore)? = UnresolvedImageStore()
    if let path = arguments.value("--images") {
      guard let store = ImageStores.fileStore(at: path, console: console) else {
        return ExitCode.failure
      }
      images = store
    }
    var failed = false
    let files = InputFiles.expand(arguments.positionals)
    var progress = Progress(total: files.count, console: console)
    for (index, file) in files.enumerated() {
      progress.update(index, item: file)
      let result = check(file, coder: coder, images: images)
      if let error = result.error {
        failed = true
        console.err(Input.describe(error, file: file))
      }
      for warning in result.warnings {
        console.err(TerminalText.escaped("\(file): warning: \(warning)", keepingNewlines: false))
      }
      if arguments.has("--json") { console.outJSON(result.json(file: file)) }
    }
    progress.finish()
    return failed ? ExitCode.failure : ExitCode.ok
  }

  struct Result {
    var error: PersistenceError?
    var warnings: [String] = []
    var schema: Int?

    func json(file: String) -> String {
      var object = JSONObject()
      object["file"] = .string(file)
      object["valid"] = .bool(error == nil)
      if let schema { object["schema"] = .integer(Int64(schema)) }
      if let error {
        object["error"] = .string(error.errorDescription ?? "")
        object["reason"] = .string(error.code)
        object["message"] = .string(error.sentence(for: .commandLine))
        if let fix = error.fix(for: .commandLine) { object["fix"] = .string(fix) }
        if let kind = error.kindID { object["kind"] = .string(kind.rawValue) }
        if let pointer = error.pointer { object["pointer"] = .string(pointer.description) }
        if let position = error.lineAndColumn {
          object["line"] = .integer(Int64(position.line))
          object["column"] = .integer(Int64(position.column))
        }
      }
      object["warnings"] = .array(warnings.map { .string($0) })
      return JSONText.compact(.object(object))
    }
  }

  static func check(_ file: String, coder: KadrCoder, images: (any ImageStore)?) -> Result {
    do {
      let data = try Input.read(file)
      let opened = try coder.open(data, images: images)
      let warnings = opened.root.layout.issues.map(\.description)
      return Result(error: nil, warnings: warnings, schema: opened.schema)
    } catch {
      return Result(error: PersistenceError.wrapping(error))
    }
  }
}
