import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc export-otio FILE -o OUT.otio`: a document as an OpenTimelineIO timeline.
enum ExportOTIOCommand: Command {
  static let name = "export-otio"
  static let summary = "write a document as an OpenTimelineIO timeline (.otio)"
  static let help = """
    usage: kadr-doc export-otio FILE [-o OUT.otio] [--images DIR] [--preserving-unknown]

    Writes the document's composition as an OpenTimelineIO timeline: a video track for the main
    chain, one per at(time:) clip and per track (nested tracks as nested stacks), one audio track
    per audio track; transitions, speed and filters as OpenTimelineIO transitions and effects;
    captions and overlays as markers. What OpenTimelineIO has no field for is kept in
    metadata["kadr"], so import-otio restores the document. Without --images, images are
    referenced by their tokens; with it, by their files in DIR. Files are written atomically.
    Use - for standard input.

    options:
      -o, --output OUT.otio   write to OUT.otio instead of standard output
      --images DIR            resolve image tokens in the file image store at DIR and reference
                              the images by their file URLs
      --preserving-unknown    accept kinds no codec is registered for (exported as placeholders
                              that keep their JSON in metadata)
    """
  static let spec = ArgumentSpec(
    flags: [["--preserving-unknown"]], options: [["--output", "-o"], ["--images"]],
    positionals: 1...1)

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    // Without --images, tokens are carried through unresolved: the tool checks, converts and
    // re-saves documents without their images at hand.
    var images: (any ImageStore)? = UnresolvedImageStore()
    if let path = arguments.value("--images") {
      guard let store = ImageStores.fileStore(at: path, console: console) else {
        return ExitCode.failure
      }
      images = store
    }
    do {
      let coder = KadrCoder(
        registry: OTIOPlaceholderModule.standardRegistry,
        options: CodingOptions(preservingUnknown: arguments.has("--preserving-unknown")))
      let opened = try Input.open(file, coder: coder, images: images)
      let otio = try OTIOExporter().export(opened.root, images: opened.imageStore)
      if let output = arguments.value("--output") {
        guard FileOutput.write(otio.data, to: output, console: console) else {
          return ExitCode.failure
        }
      } else {
        console.outData(otio.data)
      }
      return ExitCode.ok
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
