import Foundation
import KadrInterchange
import KadrPersistence

/// `kadr-doc timeline FILE -o OUT.svg`: a picture of the timeline.
enum TimelineCommand: Command {
  static let name = "timeline"
  static let summary = "draw the timeline of a document as SVG"
  static let synopsis = """
    usage: kadr-doc timeline FILE -o OUT.svg [--max-clips N] [--preserving-unknown]

    Draws the document's timeline: a time axis, one lane per layer (the main chain, each
    at(time:) clip, each track, nested tracks inside their parent), clips coloured by kind,
    transitions as the overlaps they make, overlay and caption lanes, and audio lanes with fades
    and volume ramps. Clips of kinds the tool cannot read are drawn as labelled placeholders,
    with a warning. Opens the document without its images. Use - for standard input.
    A picture of a very long document would be too large to view (200,000 clips make about
    60 MB of SVG): past --max-clips, only the first clips of the timeline are drawn, and the
    picture and standard error say so.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT.svg", help: "where to write the picture (required)"),
    CommandOption(
      ["--max-clips"], value: "N",
      help: "draw at most the first N clips of the timeline (default 5000)"),
    CommandOption(
      ["--preserving-unknown"],
      help: """
        accepted for symmetry with the other commands: timeline always
        draws kinds no codec is registered for, as placeholders
        """),
  ]
  static let positionals = 1...1

  /// The most clips drawn by default: about 1.5 MB of SVG, which a browser shows at once.
  static let defaultMaximumClips = 5_000

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    guard let output = arguments.value("--output") else {
      console.err("kadr-doc timeline: -o OUT.svg is required")
      return ExitCode.usage
    }
    var maximum = defaultMaximumClips
    if let text = arguments.value("--max-clips") {
      guard let value = Int(text), value > 0 else {
        console.err("kadr-doc timeline: --max-clips needs a positive number, not '\(text)'")
        return ExitCode.usage
      }
      maximum = value
    }
    do {
      let coder = KadrCoder(
        registry: InterchangePlaceholderModule.standardRegistry,
        options: CodingOptions(preservingUnknown: true))
      var video = try Input.open(file, coder: coder, images: UnresolvedImageStore()).root
      var notes: [String] = []
      if video.clips.count > maximum {
        let note =
          "the timeline has \(video.clips.count) clips; only the first \(maximum) are drawn "
          + "(--max-clips N to change)"
        console.err("kadr-doc timeline: warning: \(note)")
        notes.append("Only the first \(maximum) of \(video.clips.count) clips are drawn.")
        video = Video(
          clips: Array(video.clips.prefix(maximum)), audioTracks: video.audioTracks,
          preset: video.preset, overlays: video.overlays, crop: video.crop,
          quality: video.quality, captions: video.captions)
      }
      let picture = Data(TimelineSVG.render(video, notes: notes).utf8)
      return FileOutput.write(picture, to: output, console: console)
        ? ExitCode.ok : ExitCode.failure
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}
