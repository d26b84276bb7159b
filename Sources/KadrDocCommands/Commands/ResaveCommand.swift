import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc resave FILE|DIR…`: decode and re-encode canonically.
enum ResaveCommand: Command {
  static let name = "resave"
  static let summary = "decode and re-encode documents canonically"
  static let help = """
    usage: kadr-doc resave FILE [-o OUT] | resave FILE|DIR… --in-place [--files-from LIST [--null]] [--preserving-unknown] [--jobs N] [--summary]

    Opens each document without its images (tokens are carried through unchanged) and writes it
    again in canonical form: to standard output, to OUT, or (--in-place) over the file. Files are
    written atomically: a crash leaves the previous file intact. Many documents (directories,
    --files-from) are re-saved in parallel, and only with --in-place; a file already canonical is
    left untouched. Use - for standard input.

    options:
      -o, --output OUT        write to OUT instead of standard output
      --in-place              replace each file (needed for more than one)
      --files-from LIST       also re-save the files named in LIST, one per line (- for standard input)
      -0, --null              LIST's names end with NUL, not a line feed (find -print0)
      --preserving-unknown    keep kinds no codec is registered for, verbatim
      --jobs N                re-save N files at a time (default: the number of cores)
      --summary               print the summary line even when standard error is not a terminal
    """
  static let spec = ArgumentSpec(
    flags: [["--in-place"], ["--preserving-unknown"], ["--summary"], ["--null", "-0"]],
    options: [["--output", "-o"], ["--files-from"], ["--jobs"]], positionals: 0...Int.max)

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
