import Foundation
import KadrPersistence

/// `kadr-doc demo`: the package's main job, end to end.
enum DemoCommand: Command {
  static let name = "demo"
  static let summary = "build, save, reopen and verify a showcase project; draw its timeline"
  static let synopsis = """
    usage: kadr-doc demo [--output DIR]

    Builds a showcase composition that uses every built-in kind, saves it to
    DIR/showcase.kadr.json with its images in a file image store at DIR/images, reopens it,
    verifies that the reopened composition equals the original by deep reflection and that
    saving it again gives the same bytes, prints its summary and loss report, and writes
    DIR/timeline.svg. Exit 1 if any verification fails.
    """
  static let options = [
    CommandOption(["--output", "-o"], value: "DIR", help: "where to write (default: ./kadr-demo)")
  ]
  static let positionals = 0...0

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let directory = URL(fileURLWithPath: arguments.value("--output") ?? "kadr-demo")
    do {
      return try demo(in: directory, console: console)
    } catch let error as PersistenceError {
      console.err(Input.describe(error, file: directory.path))
    } catch {
      console.err(
        "kadr-doc demo: \((error as? PersistenceError)?.debugDescription ?? error.localizedDescription)"
      )
    }
    return ExitCode.failure
  }

  static func demo(in directory: URL, console: Console) throws -> Int32 {
    let document = directory.appendingPathComponent("showcase.kadr.json")
    let imagesDirectory = directory.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: imagesDirectory, withIntermediateDirectories: true)
    let store = try FileImageStore(directory: imagesDirectory)
    let coder = KadrCoder()

    let video = Showcase.composition()
    let report = LossReport(losses: coder.lossyContent(in: video, images: store))
    try coder.write(video, to: document, images: store)
    let saved = try Data(contentsOf: document)
    console.out("saved      \(Self.shown(document)) (\(saved.count) bytes)")

    let opened = try coder.open(saved, images: store)
    let differences = ReflectionDiff.differences(video, opened.root)
    let resaved = try coder.data(for: opened.root, images: store)
    var ok = true
    if differences.isEmpty {
      console.out("reopened   equal to the original by deep reflection")
    } else {
      ok = false
      console.err("demo: the reopened composition differs from the original:")
      for difference in differences { console.err("  \(difference)") }
    }
    if resaved == saved {
      console.out("resaved    byte-identical")
    } else {
      ok = false
      console.err("demo: saving the reopened composition gave different bytes")
    }

    let tokens = try coder.imageTokens(in: saved)
    let removed = try store.prunedTokens(keeping: Set(tokens))
    console.out(
      "images     \(tokens.count) in \(Self.shown(imagesDirectory))"
        + (removed.isEmpty ? "" : " (pruned \(removed.count) orphan(s))"))

    let timeline = directory.appendingPathComponent("timeline.svg")
    guard
      FileOutput.write(
        Data(TimelineSVG.render(opened.root).utf8), to: timeline.path, console: console)
    else { return ExitCode.failure }
    console.out("timeline   \(Self.shown(timeline))")

    console.out("")
    let json = try coder.readJSON(saved).json
    console.out(DocumentSummary(json: json, opened: opened, registry: coder.registry).text)
    console.out("")
    console.out(report.rendered())
    console.out("")
    let file = Self.shown(document)
    console.out("next: open \(Self.shown(timeline)) in a browser to see the cut")
    console.out("      swift run kadr-doc check --images \(Self.shown(imagesDirectory)) \(file)")
    console.out("      swift run kadr-doc inspect \(file) --json")
    console.out(
      "      swift run kadr-doc export-otio \(file) -o \(Self.shown(directory))/showcase.otio")
    return ok ? ExitCode.ok : ExitCode.failure
  }

  /// A path as the user would type it: relative to the current directory when it is inside it.
  static func shown(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    let prefix = current.hasSuffix("/") ? current : current + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
