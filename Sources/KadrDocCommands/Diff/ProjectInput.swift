import Foundation
import KadrDiff
import KadrOTIO
import KadrPersistence

/// The documents `diff` and `merge` compare: a `.kadr.json` as it is, an OpenTimelineIO file
/// (`.otio`, `.otiod`, `.otioz`) imported first, as `import-otio` does.
enum ProjectInput {
  /// The differ both commands use: the tool's registry, unknown kinds kept verbatim.
  static let differ = CompositionDiffer(
    coder: KadrCoder(
      registry: OTIOPlaceholderModule.standardRegistry,
      options: CodingOptions(preservingUnknown: true)))

  /// The document at `path` (`-` for standard input).
  ///
  /// - Throws: ``PersistenceError`` or the importer's error, for `Input.describe`.
  static func document(_ path: String) throws -> KadrDocument {
    let lowered = path.lowercased()
    guard [".otio", ".otiod", ".otioz"].contains(where: { lowered.hasSuffix($0) }) else {
      return try differ.coder.readJSON(try Input.read(path))
    }
    let imported = try OTIOImporter().read(from: URL(fileURLWithPath: path), images: nil)
    return try differ.coder.encode(
      imported.video, allowingLoss: true, images: imported.imageStore)
  }

  /// The composition of a document, its images unresolved.
  static func video(_ document: KadrDocument) throws -> Video {
    try differ.coder.decode(document, images: UnresolvedImageStore())
  }

  /// The first file whose document does not open, to name in an error; `nil` when all open
  /// (the error is then about the comparison itself).
  static func culprit(of documents: [KadrDocument], in files: [String]) -> String? {
    zip(documents, files).first { document, _ in (try? video(document)) == nil }?.1
  }
}
