import Foundation
import KadrPersistence

extension ProjectStore {
  /// The standard coder (``KadrCoding/coder``); a store with its own registry, options or
  /// migrations returns a coder of them.
  public var projectCoder: KadrCoder { KadrCoding.coder }

  /// Writes a project's last save as a project package: one `.kadrproject` file (a zip) that
  /// holds its document, metadata, document facts, thumbnail and every image it uses, each
  /// stored once by content.
  ///
  /// The same project gives the same bytes. The package is written to a temporary file beside
  /// `url` and renamed over it, so `url` holds the old file or the whole new one. The format is
  /// documented in the format article; any zip tool can open a package.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - url: The package to write, usually ending in `.kadrproject`; replaced if it exists.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, the project's open errors (a missing
  ///   image is refused), `PersistenceError`, or ``ProjectLibraryError/fileSystem(path:detail:)``
  ///   when the file cannot be written.
  public func export(_ id: ProjectID, to url: URL) throws {
    // The folder library zips its files as they are, one image in memory at a time.
    if let library = self as? ProjectLibrary<Metadata> {
      return try library.exportFiles(id, to: url)
    }
    let project = try open(id, preservingUnknown: true, missingImages: .refuse)
    let summary = project.summary
    let thumbnail = try summary.thumbnailToken.map { try images.image(for: $0) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var coder = projectCoder
    coder.documentCoder.options.preservingUnknown = true
    let header = PackageWriter.Header(
      id: summary.id, name: summary.name, created: summary.created, modified: summary.modified,
      // Opened metadata is the app's current version; a tool's opaque metadata keeps its own.
      metadataVersion: max(Metadata.version, summary.metadataVersion),
      metadata: try encoder.encode(summary.metadata))
    try PackageWriter.write(
      header, video: project.video, thumbnail: thumbnail, coder: coder, to: url)
  }

  /// Adds the project of a project package to the store, in one commit.
  ///
  /// The package is read as untrusted input and checked whole before anything is written: an
  /// unsafe or damaged zip, an image whose bytes do not match its name, a manifest that
  /// disagrees with the zip, or a newer package format, document schema or metadata version is
  /// refused with a ``ProjectPackageError`` naming what is wrong; the store is left as it was.
  /// The project keeps the package's name, dates and metadata (migrated to the app's version);
  /// its images are saved through the store's image store, so images the store has are not
  /// stored twice.
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
    // The folder library takes the image files as they are, one image in memory at a time.
    let library = self as? ProjectLibrary<Metadata>
    let package = try PackageReader<Metadata>(
      url, coder: projectCoder, loadingImages: library == nil)
    defer { package.remove() }
    let manifest = package.manifest
    func create(_ id: ProjectID?) throws -> ProjectSummary<Metadata> {
      if let library { return try library.createFiles(package, id: id ?? ProjectID()) }
      return try self.create(
        name: manifest.name, video: package.video, metadata: package.metadata,
        thumbnail: package.thumbnail, id: id,
        created: Date(timeIntervalSince1970: manifest.created),
        modified: Date(timeIntervalSince1970: manifest.modified))
    }
    switch identity {
    case .copy:
      return try create(nil)
    case .packageID(let whenTaken):
      do {
        return try create(manifest.id)
      } catch ProjectLibraryError.projectExists(let taken) where taken == manifest.id {
        switch whenTaken {
        case .refuse: throw ProjectLibraryError.projectExists(taken)
        case .duplicate: return try create(nil)
        case .replace:
          guard library != nil else { return try replace(taken, with: package) }
          // A save takes a composition with its images.
          let loaded = try PackageReader<Metadata>(url, coder: projectCoder)
          defer { loaded.remove() }
          return try replace(taken, with: loaded)
        }
      }
    }
  }

  /// Saves a package's project over the project `id`; a project in the trash is not replaced.
  private func replace(_ id: ProjectID, with package: PackageReader<Metadata>) throws
    -> ProjectSummary<Metadata>
  {
    do {
      // The save is based on what this store last opened of the project.
      _ = try open(id, preservingUnknown: true, missingImages: .placeholder)
    } catch ProjectLibraryError.projectNotFound {
      throw ProjectLibraryError.projectExists(id)
    }
    let saved = try save(
      package.video, metadata: package.metadata,
      thumbnail: package.thumbnail.map { .set($0) } ?? .remove, for: id)
    guard saved.name != package.manifest.name else { return saved }
    return try rename(id, to: package.manifest.name)
  }
}
