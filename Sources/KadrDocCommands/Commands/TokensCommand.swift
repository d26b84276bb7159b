import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc tokens FILE`: every image token, one per line.
enum TokensCommand: Command {
  static let name = "tokens"
  static let summary = "list every image token of a document"
  static let synopsis = """
    usage: kadr-doc tokens FILE [--json]

    Lists every image token in the document (clips and overlays, at any depth), one per line,
    each once, without building the composition. Use - for standard input.
    """
  static let options = [
    CommandOption(["--json"], help: "print a JSON array instead")
  ]
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
    do {
      let tokens = try coder.imageTokens(in: try Input.read(file))
      if arguments.has("--json") {
        console.outJSON(JSONText.compact(.array(tokens.map { .string($0) })))
      } else {
        // The tokens are the data asked for: printed whole (credentials too), control
        // characters escaped.
        for token in tokens { console.out(token, redactingURLs: false) }
      }
      return ExitCode.ok
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
