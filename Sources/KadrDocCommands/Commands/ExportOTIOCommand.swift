import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc export-otio FILE -o OUT.otio`: a document as an OpenTimelineIO timeline.
enum ExportOTIOCommand: Command {
  static let name = "export-otio"
  static let summary = "write a document as an OpenTimelineIO timeline (.otio)"
  static let synopsis = """
    usage: kadr-doc export-otio FILE [-o OUT.otio] [--images DIR] [--target NAME] [--allowing-loss] [--preserving-unknown]

    Writes the document's composition as an OpenTimelineIO timeline (OUT.otio), or a bundle
    with the media it references (OUT.otioz, a zip; OUT.otiod, a directory): a video track for the main
    chain, one per at(time:) clip and per track (nested tracks as nested stacks), one audio track
    per audio track; transitions, speed and filters as OpenTimelineIO transitions and effects;
    captions and overlays as markers. What OpenTimelineIO has no field for is kept in
    metadata["kadr"], so import-otio restores the document. Without --images, images are
    referenced by their tokens; with it, by their files in DIR. Files are written atomically.
    Use - for standard input.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT.otio",
      help: """
        write to OUT.otio (or a bundle: OUT.otioz, OUT.otiod) instead of
        standard output
        """),
    CommandOption(
      ["--images"], value: "DIR",
      help: """
        resolve image tokens in the file image store at DIR and reference
        the images by their file URLs
        """),
    CommandOption(
      ["--target"], value: "NAME",
      help: """
        the program the timeline is for: openTimelineIO (everything,
        exactly; the default), finalCutProX or cmx3600 (what
        OpenTimelineIO's Final Cut Pro X XML or CMX 3600 EDL adapter converts)
        """),
    CommandOption(
      ["--allowing-loss"],
      help: """
        leave out what the target cannot hold (listed on standard error)
        instead of refusing
        """),
    CommandOption(
      ["--preserving-unknown"],
      help: """
        accept kinds no codec is registered for (exported as placeholders
        that keep their JSON in metadata)
        """),
  ]
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    var target = OTIOExportTarget.openTimelineIO
    if let name = arguments.value("--target") {
      guard let chosen = OTIOExportTarget(rawValue: name) else {
        let names = OTIOExportTarget.allCases.map(\.rawValue)
        console.err(
          "kadr-doc export-otio: unknown target '\(name)'; use one of "
            + names.joined(separator: ", "))
        return ExitCode.usage
      }
      target = chosen
    }
    // Without --images, tokens are carried through unresolved: the tool checks, converts and
    // re-saves documents without their images at hand.
    guard
      let images = ImageStores.requested(
        by: arguments, console: console, otherwise: UnresolvedImageStore())
    else { return ExitCode.failure }
    do {
      let coder = KadrCoder(
        registry: InterchangePlaceholderModule.standardRegistry,
        options: CodingOptions(preservingUnknown: arguments.has("--preserving-unknown")))
      let opened = try Input.open(file, coder: coder, images: images)
      let exporter = OTIOExporter(allowingLoss: arguments.has("--allowing-loss"), target: target)
      if let output = arguments.value("--output"),
        ["otioz", "otiod"].contains(URL(fileURLWithPath: output).pathExtension.lowercased())
      {
        let report = try exporter.writeBundle(
          opened.root, to: URL(fileURLWithPath: output), images: opened.imageStore)
        for loss in report.losses {
          console.err("kadr-doc export-otio: left out: \(loss.describedForUser)")
        }
        // A bundle is sent on: say which local files went into it.
        let total = report.media.reduce(0) { $0 + $1.bytes }
        console.err(
          "kadr-doc export-otio: bundled \(report.media.count) media file"
            + "\(report.media.count == 1 ? "" : "s") (\(total) bytes)")
        for file in report.media {
          console.err(
            "  media/\(TerminalText.escaped(file.name, keepingNewlines: false)) <- "
              + "\(TerminalText.escaped(file.source.path, keepingNewlines: false)) "
              + "(\(file.bytes) bytes)")
        }
        return ExitCode.ok
      }
      let otio = try exporter.export(opened.root, images: opened.imageStore)
      for loss in otio.lossReport.losses {
        console.err("kadr-doc export-otio: left out: \(loss.describedForUser)")
      }
      return FileOutput.deliver(otio.data, to: arguments.value("--output"), console: console)
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
