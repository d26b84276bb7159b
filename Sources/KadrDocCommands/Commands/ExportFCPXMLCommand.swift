import Foundation
import KadrFCPXML
import KadrInterchange
import KadrPersistence

/// `kadr-doc export-fcpxml FILE -o OUT.fcpxml`: a document as a Final Cut Pro XML timeline.
enum ExportFCPXMLCommand: Command {
  static let name = "export-fcpxml"
  static let summary = "write a document as a Final Cut Pro timeline (FCPXML 1.10)"
  static let synopsis = """
    usage: kadr-doc export-fcpxml FILE [-o OUT.fcpxml] [--images DIR] [--stills DIR] [--project NAME] [--allowing-loss]

    Writes the document's composition as a Final Cut Pro XML document (FCPXML 1.10, which Final
    Cut Pro 10.6 and later import with File > Import > XML): one event and one project whose
    spine holds the main chain (video clips with their trims, stills, titles, gaps, and
    transitions as Final Cut Pro's Cross Dissolve, Fade To Color and Slide), with at(time:)
    clips, tracks, audio tracks and captions connected to it.
    Times are exact fractions on frames of the preset's rate. What FCPXML cannot hold and the
    picture or sound would show (filters, overlays, ducking, ...) is refused, each
    listed on standard error; --allowing-loss writes the rest. What nobody sees or hears (a
    preset's name, an export quality, a time moved to the nearest frame) is written and listed
    on standard error as a note. Files are written atomically. Use - for standard input.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT.fcpxml",
      help: "write to OUT.fcpxml instead of standard output"),
    CommandOption(
      ["--images"], value: "DIR",
      help: """
        resolve image tokens in the file image store at DIR and reference
        stills by their file URLs (without it, stills are a loss)
        """),
    CommandOption(
      ["--stills"], value: "DIR",
      help: """
        copy each still into the new folder DIR under its name (Beach.png)
        and point the timeline at the copies, so Final Cut Pro shows and
        relinks them by name; needs --images and -o
        """),
    CommandOption(
      ["--project"], value: "NAME",
      help: """
        the project's name; kadr by default (the event keeps its name,
        kadr)
        """),
    CommandOption(
      ["--allowing-loss"],
      help: """
        leave out what FCPXML cannot hold (listed on standard error)
        instead of refusing
        """),
  ]
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    guard
      let images = ImageStores.requested(
        by: arguments, console: console, otherwise: UnresolvedImageStore())
    else { return ExitCode.failure }
    do {
      let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
      let opened = try Input.open(file, coder: coder, images: images)
      // --project names the project only: the event keeps the exporter's own name.
      var exporter = FCPXMLExporter(allowingLoss: arguments.has("--allowing-loss"))
      if let name = arguments.value("--project") { exporter.projectName = name }
      // Stills need a store that can name their images: only a real one (--images) can.
      let stillStore = arguments.value("--images") == nil ? nil : opened.imageStore
      let stills = arguments.value("--stills")
      if let stills {
        guard stillStore != nil, arguments.value("--output") != nil else {
          console.err(
            "kadr-doc export-fcpxml: --stills copies the stills' pictures, so it needs the "
              + "images (--images DIR) and a file to write (-o OUT.fcpxml)")
          return ExitCode.usage
        }
        exporter.stillsFolder = URL(fileURLWithPath: stills).standardizedFileURL
      }
      let document: FCPXMLFile
      do {
        document = try exporter.export(opened.root, images: stillStore)
      } catch PersistenceError.lossyContent(let losses) {
        for loss in losses {
          console.err("kadr-doc export-fcpxml: cannot hold: \(loss.describedForUser)")
        }
        console.err(
          "kadr-doc export-fcpxml: FCPXML cannot hold \(losses.count) item"
            + "\(losses.count == 1 ? "" : "s") of \(file == "-" ? "<stdin>" : file); "
            + "nothing was written. Use --allowing-loss to write the rest.")
        return ExitCode.failure
      }
      for loss in document.lossReport.losses {
        console.err("kadr-doc export-fcpxml: left out: \(loss.describedForUser)")
      }
      for note in document.notes {
        console.err("kadr-doc export-fcpxml: note: \(note.describedForUser)")
      }
      if let stills, let output = arguments.value("--output") {
        // The folder first, then the document that points into it; neither is left on error.
        try exporter.write(opened.root, to: URL(fileURLWithPath: output), images: stillStore)
        console.err("kadr-doc export-fcpxml: stills copied into \(stills)")
        return ExitCode.ok
      }
      return FileOutput.deliver(document.data, to: arguments.value("--output"), console: console)
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
