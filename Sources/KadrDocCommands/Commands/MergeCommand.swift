import Foundation
import KadrDiff
import KadrPersistence

/// `kadr-doc merge BASE OURS THEIRS -o OUT`: a three-way merge, usable as a git merge driver.
enum MergeCommand: Command {
  static let name = "merge"
  static let summary = "three-way merge of documents (a git merge driver; exit 1 on conflict)"
  static let synopsis = """
    usage: kadr-doc merge BASE OURS THEIRS -o OUT [--theirs] [--json] [--preserving-unknown]

    Combines the changes OURS and THEIRS made to BASE: clips, overlays, audio tracks and
    captions matched by identity (as diff does), their fields merged one by one, additions
    placed after what they follow. Where both sides changed the same field differently, or one
    deleted what the other changed, the conflict is listed on standard error with its JSON
    pointer and OURS is kept (THEIRS with --theirs). The result is opened before it is written
    (atomically) to OUT, which may be OURS. Exit 0 when clean, 1 on conflict, 2 on a usage or
    read error. As a git merge driver:

      git config merge.kadr.driver "kadr-doc merge %O %A %B -o %A"
      echo '*.kadr.json merge=kadr' >> .gitattributes
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT", help: "where to write the merged document (required)"),
    CommandOption(["--theirs"], help: "resolve conflicts to THEIRS instead of OURS"),
    CommandOption(["--json"], help: "the conflicts as one JSON array on standard output"),
    CommandOption(
      ["--preserving-unknown"],
      help: """
        accepted for symmetry with the other commands: merge always
        keeps kinds no codec is registered for, verbatim
        """),
  ]
  static let positionals = 3...3

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    guard let output = arguments.value("--output") else {
      console.err("kadr-doc merge: -o OUT is required")
      return ExitCode.usage
    }
    var documents: [KadrDocument] = []
    for file in arguments.positionals {
      do {
        documents.append(try ProjectInput.document(file))
      } catch {
        console.err(Input.describe(error, file: file))
        return ExitCode.usage
      }
    }
    let result: MergeResult
    do {
      result = try ProjectInput.differ.merge(
        base: documents[0], ours: documents[1], theirs: documents[2],
        preferring: arguments.has("--theirs") ? .theirs : .ours)
    } catch {
      let file = ProjectInput.culprit(of: documents, in: arguments.positionals) ?? output
      console.err(Input.describe(error, file: file))
      return ExitCode.usage
    }
    for conflict in result.conflicts { console.err("kadr-doc merge: \(conflict)") }
    if arguments.has("--json") {
      let encoder = JSONText.encoder()
      if let data = try? encoder.encode(result.conflicts) {
        console.outJSON(String(decoding: data, as: UTF8.self))
      }
    }
    do {
      try ProjectInput.differ.coder.write(
        result.video, to: URL(fileURLWithPath: output), allowingLoss: false,
        images: result.imageStore)
    } catch {
      console.err("kadr-doc: cannot write \(output): \(PersistenceError.sentence(for: error))")
      return ExitCode.usage
    }
    return result.isClean ? ExitCode.ok : ExitCode.failure
  }
}
