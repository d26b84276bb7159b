import Foundation
import KadrPersistence

extension ProjectStore {
  /// The standard coder (``KadrCoding/coder``); a store with its own registry, options or
  /// migrations returns a coder of them.
  public var projectCoder: KadrCoder { KadrCoding.coder }

  /// Writes a project's last save as a project package: one `.kadrproject` file (a zip) that
  /// holds its document, metadata, document facts, thumbnail and every image it uses, each
  /// stored once by content; with `includingHistory`, also the revisions before the last save
  /// that a store with history keeps.
  ///
  /// The same project gives the same bytes. The package is written to a temporary file beside
  /// `url` and renamed over it, so `url` holds the old file or the whole new one. The format is
  /// documented in the format article; any zip tool can open a package. The project is read
  /// with ``storedProject(_:includingHistory:)`` and its images fetched one at a time, so a
  /// store that keeps its documents as bytes needs memory for about the largest image.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - url: The package to write, usually ending in `.kadrproject`; replaced if it exists.
  ///   - includingHistory: Whether to include the project's earlier revisions (format 2), when
  ///     the store keeps them; `false` by default, for a package to share. A package without
  ///     history is format 1, which every version of kadr with packages reads.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, the store's image errors (a missing
  ///   image is refused), `PersistenceError`, or ``ProjectLibraryError/fileSystem(path:detail:)``
  ///   when the file cannot be written.
  public func export(_ id: ProjectID, to url: URL, includingHistory: Bool = false) throws {
    let stored = try storedProject(id, includingHistory: includingHistory)
    try PackageWriter.write(stored, history: stored.history, coder: projectCoder, to: url)
  }

  /// Adds the project of a project package to the store, in one commit.
  ///
  /// The package is read as untrusted input and checked whole before anything is written: an
  /// unsafe or damaged zip, an image whose bytes do not match its name, a manifest that
  /// disagrees with the zip, or a newer package format, document schema or metadata version is
  /// refused with a ``ProjectPackageError`` naming what is wrong; the store is left as it was.
  /// The project keeps the package's name, dates and metadata (migrated to the app's version);
  /// its images are added through ``importProject(_:id:replacing:)``, so images the store has
  /// are not stored twice.
  ///
  /// - Parameters:
  ///   - url: The package.
  ///   - identity: A copy under a new id (the default), or the package's id with what to do when
  ///     it is taken.
  /// - Returns: The imported project's summary.
  /// - Throws: ``ProjectPackageError``; ``ProjectLibraryError/projectExists(_:)`` for
  ///   ``ImportIdentity/packageID(whenTaken:)`` with ``ImportIdentity/WhenTaken/refuse``; the
  ///   document's `PersistenceError`; or a store error.
  @discardableResult
  public func importPackage(at url: URL, as identity: ImportIdentity = .copy) throws
    -> ProjectSummary<Metadata>
  {
    let package = try PackageReader<Metadata>(
      url, coder: projectCoder, keepingHistory: keepsRevisionHistory)
    defer { package.remove() }
    let project = package.project
    switch identity {
    case .copy:
      return try importProject(project, id: ProjectID(), replacing: false)
    case .packageID(let whenTaken):
      do {
        return try importProject(project, id: project.id, replacing: false)
      } catch ProjectLibraryError.projectExists(let taken) where taken == project.id {
        switch whenTaken {
        case .refuse: throw ProjectLibraryError.projectExists(taken)
        case .duplicate: return try importProject(project, id: ProjectID(), replacing: false)
        case .replace: return try importProject(project, id: taken, replacing: true)
        }
      }
    }
  }

  /// `false`: the store keeps the last save only (see ``keepsRevisionHistory``).
  public var keepsRevisionHistory: Bool { false }

  /// A project's last save without its history: ``storedProject(_:includingHistory:)``.
  ///
  /// - Parameter id: The project.
  /// - Returns: The project's summary, document and images.
  /// - Throws: What ``storedProject(_:includingHistory:)`` throws.
  public func storedProject(_ id: ProjectID) throws -> StoredProject<Metadata> {
    try storedProject(id, includingHistory: false)
  }

  /// A project's last save the slow way, for a store that keeps no document bytes of its own to
  /// implement ``storedProject(_:includingHistory:)`` with: opens the project and saves its
  /// composition again with every image it uses in memory (and no history).
  ///
  /// - Parameter id: The project.
  /// - Returns: The project's summary, document and images.
  /// - Throws: What ``open(_:preservingUnknown:missingImages:)`` throws (a missing image is
  ///   refused), or `PersistenceError`.
  public func storedProjectByOpening(_ id: ProjectID) throws -> StoredProject<Metadata> {
    let project = try open(id, preservingUnknown: true, missingImages: .refuse)
    let held = InMemoryImageStore()
    var coder = projectCoder
    coder.options.preservingUnknown = true
    let saved = try coder.save(project.video, images: held)
    if let token = project.summary.thumbnailToken {
      held.insert(try images.image(for: token), token: token)
    }
    return StoredProject(summary: project.summary, document: saved.data, images: held)
  }

  /// Commits a package's project the slow way, for a store that has no way of its own to
  /// implement ``importProject(_:id:replacing:)`` with: reads every image into memory and
  /// creates the project (or, replacing, saves over it and renames it: two commits).
  ///
  /// - Parameters:
  ///   - package: The package's project.
  ///   - id: The project's id in this store.
  ///   - replacing: Whether to save over the live project `id`.
  /// - Returns: The project's summary.
  /// - Throws: What ``create(name:video:metadata:thumbnail:id:created:modified:)``, or
  ///   replacing, ``save(_:metadata:thumbnail:for:)`` and ``rename(_:to:)`` throw.
  @discardableResult
  public func importProjectByCreating(
    _ package: PackagedProject<Metadata>, id: ProjectID, replacing: Bool
  ) throws -> ProjectSummary<Metadata> {
    let (video, thumbnail) = try package.loaded()
    guard replacing else {
      return try create(
        name: package.name, video: video, metadata: package.metadata, thumbnail: thumbnail,
        id: id, created: package.created, modified: package.modified)
    }
    do {
      // The save is based on what this store last opened of the project.
      _ = try open(id, preservingUnknown: true, missingImages: .placeholder)
    } catch ProjectLibraryError.projectNotFound {
      throw ProjectLibraryError.projectExists(id)
    }
    let saved = try save(
      video, metadata: package.metadata, thumbnail: thumbnail.map { .set($0) } ?? .remove,
      for: id)
    guard saved.name != package.name else { return saved }
    return try rename(id, to: package.name)
  }
}
