import Foundation
import KadrPersistence

/// The folder library's project packages: its documents' tokens are already the package's
/// (`file:<sha256>.<ext>` of a `FileImageStore`), so it zips and unzips its files as they are
/// and never holds more than one image in memory.
///
/// `kadr-bench --packages` (a 1,005-clip project with 200 images, a 52 MB package): through
/// `open` and `create` each direction needed about 58 MB beyond what it returned; this path
/// needs under 5 MB (export 0.45 s, import 2.5 s, release build, 2 cores).
extension ProjectLibrary {
  /// Writes the package of a project from its files; see ``ProjectStore/export(_:to:)``.
  ///
  /// Holding the shared lock, so no image collection removes a file while it is zipped.
  func exportFiles(_ id: ProjectID, to url: URL) throws {
    try reading {
      let directory = try existingDirectory(of: id)
      let envelope = try envelope(in: directory)
      if Metadata.isNewer(envelope.metadataVersion) {
        throw ProjectLibraryError.newerMetadataVersion(
          found: envelope.metadataVersion, supported: Metadata.version)
      }
      let document = try readDocument(in: directory)
      let coder = coder(preservingUnknown: true)
      let parsed = try coder.readJSON(document)
      var files: [String: URL] = [:]
      for token in coder.imageTokens(in: parsed) + [envelope.thumbnail].compactMap({ $0 }) {
        guard let file = images.url(for: token),
          FileManager.default.fileExists(atPath: file.path)
        else { throw PersistenceError.imageUnresolvable(token: token) }
        files[token] = file
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let header = PackageWriter.Header(
        id: id, name: envelope.name, created: envelope.created, modified: envelope.modified,
        metadataVersion: envelope.metadataVersion, metadata: try encoder.encode(envelope.app))
      let staged = PackageWriter.Staged(
        document: document, schema: parsed.schema ?? KadrDocument.currentSchema,
        facts: envelope.document, thumbnail: envelope.thumbnail, images: files)
      try PackageWriter.write(header, staged, to: url)
    }
  }

  /// Creates the project of a package read without its images: each image file is added to
  /// the library's store (one in memory at a time; one the store has is not written again),
  /// then the project is committed as ``create(name:video:metadata:thumbnail:id:created:modified:)``
  /// commits it.
  func createFiles(_ package: PackageReader<Metadata>, id: ProjectID) throws
    -> ProjectSummary<Metadata>
  {
    guard let placeholders = package.placeholders else {
      preconditionFailure("createFiles takes a package read without its images")
    }
    let manifest = package.manifest
    return try changing {
      for inTrash in [false, true] where (try? existingDirectory(of: id, inTrash: inTrash)) != nil {
        throw ProjectLibraryError.projectExists(id)
      }
      for image in manifest.images {
        let token = try images.adoptImage(at: package.file(of: image))
        guard
          PackageManifest.Entry.imagesFolder + token.dropFirst(FileImageStore.scheme.count + 1)
            == image.name
        else { throw ProjectPackageError(.imageMismatch(image.name), path: package.path) }
      }
      let saved = try coder().save(package.video, images: placeholders)
      let modified = Date(timeIntervalSince1970: manifest.modified)
      let envelope = try MetadataEnvelope(
        name: manifest.name, created: Date(timeIntervalSince1970: manifest.created),
        modified: modified, saved: modified, thumbnail: manifest.thumbnail,
        metadata: package.metadata, document: DocumentFacts(video: package.video, saved: saved))
      let summary = try install(id: id, document: saved.data, envelope: envelope)
      saw(id, revision: envelope.revision)
      feed.record(.created, id)
      return summary
    }
  }
}
