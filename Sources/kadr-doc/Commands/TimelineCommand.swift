import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc timeline FILE -o OUT.svg`: a picture of the timeline.
enum TimelineCommand: Command {
  static let name = "timeline"
  static let summary = "draw the timeline of a document as SVG"
  static let help = """
    usage: kadr-doc timeline FILE -o OUT.svg

    Draws the document's timeline: a time axis, one lane per layer (the main chain, each
    at(time:) clip, each track, nested tracks inside their parent), clips coloured by kind,
    transitions as the overlaps they make, overlay and caption lanes, and audio lanes with fades
    and volume ramps. Opens the document without its images. Use - for standard input.

    options:
      -o, --output OUT.svg    where to write the picture (required)
    """
  static let spec = ArgumentSpec(options: [["--output", "-o"]], positionals: 1...1)

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    guard let output = arguments.value("--output") else {
      console.err("kadr-doc timeline: -o OUT.svg is required")
      return ExitCode.usage
    }
    do {
      let coder = KadrCoder(
        registry: OTIOPlaceholderModule.standardRegistry,
        options: CodingOptions(preservingUnknown: true))
      let video = try coder.video(from: try Input.read(file), images: UnresolvedImageStore())
      let picture = Data(TimelineSVG.render(video).utf8)
      return FileOutput.write(picture, to: output, console: console)
        ? ExitCode.ok : ExitCode.failure
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
