import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc import-otio FILE.otio -o OUT.kadr.json`: an OpenTimelineIO timeline as a document.
enum ImportOTIOCommand: Command {
  static let name = "import-otio"
  static let summary = "read an OpenTimelineIO timeline into a document, reporting what is lost"
  static let help = """
    usage: kadr-doc import-otio FILE.otio [-o OUT.kadr.json] [--images DIR] [--strict]

    Reads an OpenTimelineIO timeline (one this tool exported, or one from another tool) and
    writes it as a canonical document. Every OpenTimelineIO feature with no kadr equivalent is
    listed on standard error as FILE: /json/pointer: sentence, under a summary line. Image
    tokens are carried through unchanged; with --images they must resolve in DIR. Files are
    written atomically. Use - for standard input.

    options:
      -o, --output OUT        write to OUT instead of standard output
      --images DIR            resolve image tokens in the file image store at DIR
      --strict                exit 1 (writing nothing) when anything has no kadr equivalent
    """
  static let spec = ArgumentSpec(
    flags: [["--strict"]], options: [["--output", "-o"], ["--images"]], positionals: 1...1)

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    let images = arguments.value("--images").map(ImageStores.fileStore(at:))
    do {
      let imported = try OTIOImporter().importTimeline(from: try Input.read(file), images: images)
      if !imported.report.isEmpty {
        let name = file == "-" ? "<stdin>" : file
        console.err(imported.report.rendered(prefix: "\(name): "))
        if arguments.has("--strict") { return ExitCode.failure }
      }
      let bytes = try KadrCoder().data(for: imported.video, images: imported.imageStore)
      if let output = arguments.value("--output") {
        guard FileOutput.write(bytes, to: output, console: console) else {
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
