import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc import-otio FILE --all -o DIR`: every timeline of a collection as a document of its
/// own, `DIR/N-NAME.kadr.json` (N the timeline's index, NAME its name made safe for a file
/// name), each with its report; a bundle's media go once to `DIR/BUNDLE.media`, shared by every
/// document. With `--strict`, nothing is written (no document, no media) unless every report
/// is empty.
struct ImportAllTimelines {
  /// The file read, or `-`.
  let file: String
  /// The directory the documents go to (created when missing).
  let directory: String
  /// The importer, set up as the options say (`timeline` is set here for each one).
  var importer: OTIOImporter
  /// The store image tokens must resolve in, when given.
  let images: (any ImageStore)?
  /// The media relinking rule, when given.
  let relinker: OTIOMediaRelinker?
  /// Whether any report makes the command fail, writing nothing.
  let strict: Bool
  /// Whether the reports go to standard output as JSON.
  let json: Bool

  /// One imported timeline, and where its document goes.
  struct Imported: Encodable {
    let index: Int
    let name: String
    let output: String
    let report: OTIOImportReport
  }

  /// Imports every timeline, then writes them all (or, with `--strict` and a loss, nothing at
  /// all: no document and no media).
  ///
  /// The file is read and parsed once for every timeline, and a bundle's media are extracted
  /// once, to `DIR/NAME.media` (NAME the bundle's), which every timeline's clips refer to; they
  /// are extracted only after the reports are known, so a refusal leaves nothing behind.
  func run(console: Console) throws -> Int32 {
    let stdin =
      file == "-"
      ? try ImportUsage.read(
        file, bundleMain: nil, maximumBytes: importer.options.limits.maximumDocumentBytes)
      : nil
    let source = URL(fileURLWithPath: file)
    let mediaDirectory = URL(
      fileURLWithPath: (directory as NSString).appendingPathComponent(
        ImportUsage.fileName(for: source.deletingPathExtension().lastPathComponent) + ".media"),
      isDirectory: true)
    let (content, base) =
      try stdin.map { ($0, URL?.none) }
      ?? importer.content(of: source, mediaDirectory: mediaDirectory)
    let timelines = try importer.importEveryTimeline(
      from: content, images: images, relativeTo: base)
    let names = ImportUsage.documentNames(
      timelines.map { ($0.entry.index, $0.entry.name) }, fallback: "timeline")
    guard prepareDirectory(console: console) else { return ExitCode.failure }
    var documents: [(Imported, Data)] = []
    for ((timeline, found), name) in zip(timelines, names) {
      var imported = found
      let output = (directory as NSString).appendingPathComponent(name + ".kadr.json")
      if let relinker {
        let (video, count) = relinker.relink(imported.video)
        console.err(
          "\(file) #\(timeline.index): relinked \(count) media URL\(count == 1 ? "" : "s")")
        imported = OTIOImport(
          video: video, report: imported.report, imageStore: imported.imageStore,
          unresolvedTokens: imported.unresolvedTokens)
      }
      if !json, !imported.report.isEmpty {
        let name = file == "-" ? "<stdin>" : file
        console.err(imported.report.rendered(prefix: "\(name) #\(timeline.index): "))
      }
      let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
      let bytes = try coder.data(for: imported.video, images: imported.imageStore)
      documents.append(
        (
          Imported(
            index: timeline.index, name: timeline.name, output: output, report: imported.report),
          bytes
        ))
    }
    if json {
      let encoder = JSONText.encoder()
      console.outData(try encoder.encode(documents.map(\.0)))
      console.out("")
    }
    if strict, documents.contains(where: { !$0.0.report.isEmpty }) { return ExitCode.failure }
    if stdin == nil { try importer.extractBundleMedia(of: source, to: mediaDirectory) }
    for (imported, bytes) in documents {
      guard FileOutput.write(bytes, to: imported.output, console: console) else {
        return ExitCode.failure
      }
      if !json {
        let name = TerminalText.escaped(imported.name, keepingNewlines: false)
        console.err("\(file) #\(imported.index) “\(name)”: wrote \(imported.output)")
      }
    }
    return ExitCode.ok
  }

  /// Creates the directory when it is missing; says why when it cannot be used.
  private func prepareDirectory(console: Console) -> Bool {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        console.err(
          "kadr-doc import-otio: \(directory) is not a directory; --all writes one document per "
            + "timeline into the directory -o names")
        return false
      }
      return true
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      return true
    } catch {
      console.err("kadr-doc import-otio: cannot create \(directory): \(error.localizedDescription)")
      return false
    }
  }
}
