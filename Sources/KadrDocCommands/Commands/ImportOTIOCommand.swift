import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc import-otio FILE.otio -o OUT.kadr.json`: an OpenTimelineIO timeline as a document.
enum ImportOTIOCommand: Command {
  static let name = "import-otio"
  static let summary = "read an OpenTimelineIO timeline into a document, reporting what is lost"
  static let synopsis = """
    usage: kadr-doc import-otio FILE [-o OUT.kadr.json] [--images DIR] [--media-root DIR]
                                [--relink OLD=NEW] [--timeline N|NAME | --all] [--list] [--strict]
                                [--json]

    Reads an OpenTimelineIO timeline (an .otio file, an .otiod directory or an .otioz bundle;
    one this tool exported, or one from another tool) and writes it as a canonical document.
    What has no kadr equivalent is listed on standard error, one line per kind with a count and
    the first JSON pointers. Image tokens are carried through unchanged; with --images they
    must resolve in DIR. Files are written atomically. Use - for standard input.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT", help: "write to OUT instead of standard output"),
    CommandOption(
      ["--images"], value: "DIR", help: "resolve image tokens in the file image store at DIR"),
    CommandOption(
      ["--media-root"], value: "DIR",
      help: "resolve relative media paths against DIR, not the file's directory"),
    CommandOption(
      ["--relink"], value: "OLD=NEW",
      help: """
        media whose URL or path starts with OLD get NEW instead (offline
        clips with a known location become video clips again; an
        offline audio track relinks as kadr-offline:NAME=FILE)
        """),
    CommandOption(
      ["--timeline"], value: "N|NAME",
      help: "the timeline of a collection to import (its index or name)"),
    CommandOption(
      ["--all"],
      help: """
        import every timeline of a collection into the directory -o
        names, one document each (N-NAME.kadr.json, N its index); a
        bundle's media are extracted once, to BUNDLE.media there
        """),
    CommandOption(["--list"], help: "list the file's timelines (index, name) and stop"),
    CommandOption(
      ["--strict"], help: "exit 1 (writing nothing) when anything has no kadr equivalent"),
    CommandOption(
      ["--json"], help: "the report as JSON with every item, on standard output (needs -o)"),
  ]
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    var images: (any ImageStore)?
    if let exit = ImportUsage.refusal(
      arguments, command: name, selector: "--timeline", unit: "timeline", images: &images,
      console: console)
    {
      return exit
    }
    var importer = OTIOImporter()
    if let root = arguments.value("--media-root") {
      importer.mediaRoot = URL(fileURLWithPath: root, isDirectory: true)
    }
    if let choice = arguments.value("--timeline") {
      importer.timeline = Int(choice).map(OTIOTimelineSelection.index) ?? .named(choice)
    }
    var relinker: OTIOMediaRelinker?
    if let rule = arguments.value("--relink") {
      guard let rule = relinkRule(rule) else {
        console.err("kadr-doc import-otio: --relink takes OLD=NEW (two paths or URLs)")
        return ExitCode.usage
      }
      relinker = OTIOMediaRelinker(rules: [rule])
    }
    do {
      if arguments.has("--list") { return try list(file, importer: importer, console: console) }
      if arguments.has("--all"), let directory = arguments.value("--output") {
        return try ImportAllTimelines(
          file: file, directory: directory, importer: importer, images: images,
          relinker: relinker, strict: arguments.has("--strict"), json: arguments.has("--json")
        ).run(console: console)
      }
      var imported: OTIOImport
      // A bundle's media go to OUT.media, extracted only once the document is to be written
      // (a --strict refusal leaves nothing behind).
      var extractMedia: (() throws -> Void)?
      if file == "-" {
        let data = try ImportUsage.read(
          file, bundleMain: nil, maximumBytes: importer.options.limits.maximumDocumentBytes)
        imported = try importer.importTimeline(from: data, images: images)
      } else if let output = arguments.value("--output") {
        let source = URL(fileURLWithPath: file)
        let media = URL(fileURLWithPath: output + ".media", isDirectory: true)
        let (content, base) = try importer.content(of: source, mediaDirectory: media)
        imported = try importer.importTimeline(from: content, images: images, relativeTo: base)
        extractMedia = { [importer] in try importer.extractBundleMedia(of: source, to: media) }
      } else {
        imported = try importer.read(from: URL(fileURLWithPath: file), images: images)
      }
      if let relinker {
        let (video, count) = relinker.relink(imported.video)
        console.err("\(file): relinked \(count) media URL\(count == 1 ? "" : "s")")
        imported = OTIOImport(
          video: video, report: imported.report, imageStore: imported.imageStore,
          unresolvedTokens: imported.unresolvedTokens)
      }
      if arguments.has("--json") {
        console.outData(try JSONText.encoder().encode(imported.report))
        console.out("")
      } else if !imported.report.isEmpty {
        let name = file == "-" ? "<stdin>" : file
        console.err(imported.report.rendered(prefix: "\(name): "))
      }
      if arguments.has("--strict"), !imported.report.isEmpty { return ExitCode.failure }
      let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
      let bytes = try coder.data(for: imported.video, images: imported.imageStore)
      try extractMedia?()
      return FileOutput.deliver(bytes, to: arguments.value("--output"), console: console)
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }

  /// `OLD=NEW`: paths become file URLs (directories keep a trailing slash).
  static func relinkRule(_ text: String) -> OTIOMediaRelinker.Rule? {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    let parts = [String(text[..<equals]), String(text[text.index(after: equals)...])]
    let urls = parts.compactMap { part -> URL? in
      guard !part.isEmpty else { return nil }
      if part.contains("://") || part.hasPrefix(OfflineAudio.scheme + ":") {
        return URL(string: part)
      }
      return URL(fileURLWithPath: part, isDirectory: part.hasSuffix("/"))
    }
    guard urls.count == 2 else { return nil }
    return OTIOMediaRelinker.Rule(from: urls[0], to: urls[1])
  }

  private static func list(_ file: String, importer: OTIOImporter, console: Console) throws
    -> Int32
  {
    let timelines =
      file == "-"
      ? try importer.timelines(
        in: try ImportUsage.read(
          file, bundleMain: nil, maximumBytes: importer.options.limits.maximumDocumentBytes))
      : try importer.timelines(at: URL(fileURLWithPath: file))
    // The name comes from the file: escaped; the tab between the columns is the tool's own.
    for timeline in timelines {
      let name = TerminalText.escaped(timeline.name, keepingNewlines: false)
      console.outData(Data("\(timeline.index)\t\(name)\n".utf8))
    }
    return ExitCode.ok
  }
}
