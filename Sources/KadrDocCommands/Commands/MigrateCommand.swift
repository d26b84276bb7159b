import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc migrate FILE|DIR…`: bring documents of an older schema to the current one.
enum MigrateCommand: Command {
  static let name = "migrate"
  static let summary = "bring documents of an older schema to the current one"
  static let synopsis = """
    usage: kadr-doc migrate FILE [-o OUT] | migrate FILE|DIR… --in-place [--files-from LIST [--null]] [--preserving-unknown] [--jobs N] [--summary]

    Runs the registered schema migrations, one step at a time, on the raw document and writes
    the result canonically to standard output, to OUT, or (--in-place) over each file, always
    atomically. The migrated document is then opened to check it; a document that does not
    open is not written. Many documents (directories, --files-from) are migrated in parallel,
    and only with --in-place; a file already current and canonical is left untouched.
    Use - for standard input.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT", help: "write to OUT instead of standard output"),
    CommandOption(["--in-place"], help: "replace each file (needed for more than one)"),
    CommandOption(
      ["--files-from"], value: "LIST",
      help: "also migrate the files named in LIST, one per line (- for standard input)"),
    CommandOption(
      ["--null", "-0"], help: "LIST's names end with NUL, not a line feed (find -print0)"),
    CommandOption(
      ["--preserving-unknown"], help: "accept kinds no codec is registered for (kept verbatim)"),
    CommandOption(
      ["--jobs"], value: "N", help: "migrate N files at a time (default: the number of cores)"),
    CommandOption(
      ["--summary"], help: "print the summary line even when standard error is not a terminal"),
  ]
  static let positionals = 0...Int.max

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    var options = CodingOptions()
    options.preservingUnknown = arguments.has("--preserving-unknown")
    let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry, options: options)
    return Rewrite.run(arguments, command: name, console: console) { data in
      let migrated = try coder.migrate(data)
      _ = try coder.open(migrated.data, images: UnresolvedImageStore())
      let current = DocumentEnvelope.currentSchema
      return (
        migrated.data,
        DocumentEnvelope.readsWithoutMigration(migrated.fromSchema)
          ? nil : "migrated from schema \(migrated.fromSchema) to \(current)"
      )
    }
  }
}
