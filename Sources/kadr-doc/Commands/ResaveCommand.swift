import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc resave FILE`: decode and re-encode canonically.
enum ResaveCommand: Command {
  static let name = "resave"
  static let summary = "decode and re-encode a document canonically"
  static let help = """
    usage: kadr-doc resave FILE [-o OUT | --in-place] [--preserving-unknown]

    Opens the document without its images (tokens are carried through unchanged) and writes it
    again in canonical form: to standard output, to OUT, or over FILE. Files are written
    atomically: a crash leaves the previous file intact. Use - for standard input.

    options:
      -o, --output OUT        write to OUT instead of standard output
      --in-place              replace FILE
      --preserving-unknown    keep kinds no codec is registered for, verbatim
    """
  static let spec = ArgumentSpec(
    flags: [["--in-place"], ["--preserving-unknown"]], options: [["--output", "-o"]],
    positionals: 1...1)

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    let output = arguments.value("--output")
    let inPlace = arguments.has("--in-place")
    guard !(inPlace && output != nil) else {
      console.err("kadr-doc resave: give either -o OUT or --in-place, not both")
      return ExitCode.usage
    }
    guard !(inPlace && file == "-") else {
      console.err("kadr-doc resave: --in-place needs a file, not standard input")
      return ExitCode.usage
    }
    var options = CodingOptions()
    options.preservingUnknown = arguments.has("--preserving-unknown")
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry, options: options)
    do {
      let opened = try coder.open(try Input.read(file), images: UnresolvedImageStore())
      let bytes = try coder.data(for: opened.root, images: opened.imageStore)
      if let destination = inPlace ? file : output {
        guard FileOutput.write(bytes, to: destination, console: console) else {
          return ExitCode.failure
        }
      } else {
        console.outData(bytes)
      }
      return ExitCode.ok
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
