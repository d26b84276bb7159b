import Foundation
import KadrDiff
import KadrPersistence

/// `kadr-doc diff A B`: what changed between two saves.
enum DiffCommand: Command {
  static let name = "diff"
  static let summary = "what changed between two documents (exit 1 if they differ)"
  static let synopsis = """
    usage: kadr-doc diff A B [--json] [--timeline OUT.svg] [--preserving-unknown]

    Compares two documents (.kadr.json, or OpenTimelineIO .otio/.otiod/.otioz imported first)
    as a person would: clips added, removed, moved (by relative order), retimed (duration or
    trim), shifted (only their start moved), modified (field by field, with the values), and
    the same for overlays, audio tracks, captions and the composition's own fields. Clips are
    matched by clip id, else by media URL, in-point and kind. Times are timecodes at B's frame
    rate, with seconds. Kinds with no codec are compared by their JSON. Exit 0 when equal, 1
    when different, 2 on a usage or read error.
    """
  static let options = [
    CommandOption(
      ["--json"], help: "the diff as JSON (schema: Sources/kadr-doc/Schemas/diff.schema.json)"),
    CommandOption(
      ["--timeline"], value: "OUT.svg", help: "draw both timelines with the changes marked"),
    CommandOption(
      ["--preserving-unknown"],
      help: """
        accepted for symmetry with the other commands: diff always
        compares kinds no codec is registered for by their JSON
        """),
  ]
  static let positionals = 2...2

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let files = arguments.positionals
    var documents: [KadrDocument] = []
    for file in files {
      do {
        documents.append(try ProjectInput.document(file))
      } catch {
        console.err(Input.describe(error, file: file))
        return ExitCode.usage
      }
    }
    let diff: CompositionDiff
    do {
      diff = try ProjectInput.differ.diff(from: documents[0], to: documents[1])
    } catch {
      console.err(
        Input.describe(error, file: ProjectInput.culprit(of: documents, in: files) ?? files[1]))
      return ExitCode.usage
    }
    if arguments.has("--json") {
      let encoder = JSONText.encoder()
      guard let data = try? encoder.encode(diff) else {
        console.err("kadr-doc diff: the diff could not be written as JSON")
        return ExitCode.failure
      }
      console.outJSON(String(decoding: data, as: UTF8.self))
    } else {
      console.out(diff.rendered())
    }
    if let output = arguments.value("--timeline") {
      do {
        let videos = try documents.map(ProjectInput.video)
        let picture = DiffTimelineSVG.render(before: videos[0], after: videos[1], diff: diff)
        guard FileOutput.write(Data(picture.utf8), to: output, console: console) else {
          return ExitCode.usage
        }
      } catch {
        console.err(Input.describe(error, file: files[0]))
        return ExitCode.usage
      }
    }
    return diff.isEmpty ? ExitCode.ok : ExitCode.failure
  }
}
