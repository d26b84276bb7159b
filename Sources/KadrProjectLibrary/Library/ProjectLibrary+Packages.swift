import Foundation
import KadrPersistence

/// The folder library's project packages: its documents' tokens are already the package's
/// (`file:<sha256>.<ext>` of a `FileImageStore`), so it hands out its document as saved (whose
/// image files an export zips as they are), adopts the package's image files as they are, and
/// never holds more than one image in memory.
///
/// `kadr-bench --packages` (a 1,005-clip project with 204 images, a 52 MB package, release
/// build, 2 cores, 2026-12-05): export 0.30–0.40 s, import 0.71–0.82 s, each needing 3–5 MB
/// beyond what it started with; through `open` and `create` each needed about 58 MB.
extension ProjectLibrary {
  /// The last explicit save, as saved, with the library's image store (the library keeps no
  /// history, so none is returned); see ``ProjectStore/storedProject(_:includingHistory:)``.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - includingHistory: Ignored: the library keeps the last save only.
  /// - Returns: Its summary, document and image store.
  /// - Throws: ``ProjectLibraryError`` (not found, metadata newer or unreadable).
  public func storedProject(_ id: ProjectID, includingHistory: Bool) throws
    -> StoredProject<Metadata>
  {
    try reading {
      let directory = try existingDirectory(of: id)
      let envelope = try envelope(in: directory)
      return StoredProject(
        summary: try summary(id: id, in: directory, envelope: envelope),
        document: try readDocument(in: directory), images: images)
    }
  }

  /// Commits a package's last save (the library keeps no history; a package's earlier
  /// revisions are left out): each image file it uses is added to the library's store (one in
  /// memory at a time; one the store has is not written again), then the project is created
  /// as ``create(name:video:metadata:thumbnail:id:created:modified:)`` creates it, or saved
  /// over the live project `id`, name included, in one commit as a save commits; see
  /// ``ProjectStore/importProject(_:id:replacing:)``.
  ///
  /// - Parameters:
  ///   - package: The package's project.
  ///   - id: The project's id in the library.
  ///   - replacing: Whether to save over the live project `id`.
  /// - Returns: The project's summary.
  /// - Throws: ``ProjectLibraryError/projectExists(_:)``, ``ProjectPackageError``,
  ///   ``ProjectLibraryError``, or `PersistenceError`; the project is as it was then.
  @discardableResult
  public func importProject(
    _ package: PackagedProject<Metadata>, id: ProjectID, replacing: Bool
  ) throws -> ProjectSummary<Metadata> {
    if replacing { dropPending(id) }
    return try changing {
      let existing = try? existingDirectory(of: id)
      if replacing {
        guard existing != nil else { throw ProjectLibraryError.projectExists(id) }
      } else {
        for inTrash in [false, true]
        where (try? existingDirectory(of: id, inTrash: inTrash)) != nil {
          throw ProjectLibraryError.projectExists(id)
        }
      }
      var tokens: [String: String] = [:]
      // The last save's images: the library keeps no history.
      for image in package.images where package.headTokens.contains(image.token) {
        let token = try images.adoptImage(at: image.file)
        guard token == image.token else {
          throw ProjectPackageError(
            .imageMismatch(PackageManifest.Entry.imagesFolder + image.file.lastPathComponent),
            path: image.packagePath)
        }
        tokens[image.token] = token
      }
      let (saved, facts) = try package.document(replacingTokens: tokens)
      if let existing {
        let summary = try commitSave(
          saved, facts: facts, metadata: package.metadata,
          thumbnail: package.thumbnailToken, name: package.name, in: existing, id: id)
        feed.record(.saved, id)
        return summary
      }
      let envelope = try MetadataEnvelope(
        name: package.name, created: package.created, modified: package.modified,
        saved: package.modified, thumbnail: package.thumbnailToken, metadata: package.metadata,
        document: facts)
      let summary = try install(id: id, document: saved.data, envelope: envelope)
      saw(id, revision: envelope.revision)
      feed.record(.created, id)
      return summary
    }
  }
}
