import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc resave FILE|DIR…`: decode and re-encode canonically.
enum ResaveCommand: Command {
  static let name = "resave"
  static let summary = "decode and re-encode documents canonically"
  static let synopsis = """
    usage: kadr-doc resave FILE [-o OUT] | resave FILE|DIR… --in-place [--files-from LIST [--null]] [--preserving-unknown] [--jobs N] [--summary]

    Opens each document without its images (tokens are carried through unchanged) and writes it
    again in canonical form: to standard output, to OUT, or (--in-place) over the file. Files are
    written atomically: a crash leaves the previous file intact. Many documents (directories,
    --files-from) are re-saved in parallel, and only with --in-place; a file already canonical is
    left untouched. Use - for standard input.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT", help: "write to OUT instead of standard output"),
    CommandOption(["--in-place"], help: "replace each file (needed for more than one)"),
    CommandOption(
      ["--files-from"], value: "LIST",
      help: "also re-save the files named in LIST, one per line (- for standard input)"),
    CommandOption(
      ["--null", "-0"], help: "LIST's names end with NUL, not a line feed (find -print0)"),
    CommandOption(
      ["--preserving-unknown"], help: "keep kinds no codec is registered for, verbatim"),
    CommandOption(
      ["--jobs"], value: "N", help: "re-save N files at a time (default: the number of cores)"),
    CommandOption(
      ["--summary"], help: "print the summary line even when standard error is not a terminal"),
  ]
  static let positionals = 0...Int.max

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    var options = CodingOptions()
    options.preservingUnknown = arguments.has("--preserving-unknown")
    let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry, options: options)
    return Rewrite.run(arguments, command: name, console: console) { data in
      let opened = try coder.open(data, images: UnresolvedImageStore())
      return (try coder.data(for: opened.root, images: opened.imageStore), nil)
    }
  }
}
