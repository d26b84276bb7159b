import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc inspect FILE`: a summary of a document.
enum InspectCommand: Command {
  static let name = "inspect"
  static let summary = "summarise a document: kinds, clips, durations, layers, tokens"
  static let synopsis = """
    usage: kadr-doc inspect FILE [--json] [--preserving-unknown]

    Opens the document without its images (kinds no codec is registered for are kept and
    listed) and prints its schema; the kinds it uses, plugin kinds too; clips per kind; kadr's
    duration (the plain sum) and the real timeline length; the layers; overlays; audio tracks;
    captions; image tokens; filters. Use - for standard input.
    """
  static let options = [
    CommandOption(["--json"], help: "print the summary as JSON (with the tool's version)"),
    CommandOption(
      ["--preserving-unknown"],
      help: """
        accepted for symmetry with the other commands: inspect always
        keeps and lists kinds no codec is registered for
        """),
  ]
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    let coder = KadrCoder(
      registry: InterchangePlaceholderModule.standardRegistry,
      options: CodingOptions(preservingUnknown: true))
    do {
      let data = try Input.read(file)
      let document = try coder.readJSON(data)
      let opened = try coder.open(document, images: UnresolvedImageStore())
      let summary = DocumentSummary(json: document.json, opened: opened, registry: coder.registry)
      if arguments.has("--json") {
        var json = summary.json
        if case .object(var object) = json {
          object["toolVersion"] = .string(KadrDoc.version)
          json = .object(object)
        }
        console.outJSON(JSONText.compact(json))
      } else {
        console.out(summary.text)
      }
      return ExitCode.ok
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
