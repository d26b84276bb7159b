import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Creates a project and saves it, or adopts one an app already had under its own id and
  /// dates.
  ///
  /// The project's directory appears complete or not at all: it is written under a hidden name
  /// and renamed to its id last.
  ///
  /// ```swift
  /// // Moving an app's own projects into the library, keeping their ids and dates:
  /// try library.create(
  ///   name: old.title, video: old.video, metadata: old.state,
  ///   id: ProjectID(old.uuid), created: old.created, modified: old.modified)
  /// ```
  /// - Parameters:
  ///   - name: The name shown to the user.
  ///   - video: The composition; its images are saved in the library's store.
  ///   - metadata: The app's metadata.
  ///   - thumbnail: A picture for the project list, saved in the library's store; none by
  ///     default.
  ///   - id: The project's id; a new one by default. An app adopting its projects passes the
  ///     ids it already keeps (``ProjectID/init(_:)`` from a `UUID`).
  ///   - created: When the project was created; now by default.
  ///   - modified: When it was last changed; `created` by default.
  /// - Returns: The new project's summary.
  /// - Throws: ``ProjectLibraryError/projectExists(_:)`` when `id` is taken (in the library or
  ///   its trash), `PersistenceError` when the composition cannot be saved (a loss, say), or
  ///   ``ProjectLibraryError/fileSystem(path:detail:)``.
  @discardableResult
  public func create(
    name: String, video: Video, metadata: Metadata, thumbnail: PlatformImage? = nil,
    id: ProjectID? = nil, created: Date? = nil, modified: Date? = nil
  ) throws -> ProjectSummary<Metadata> {
    try changing {
      let id = id ?? ProjectID()
      for inTrash in [false, true] where (try? existingDirectory(of: id, inTrash: inTrash)) != nil {
        throw ProjectLibraryError.projectExists(id)
      }
      let created = created ?? Date()
      let modified = modified ?? created
      let saved = try coder().save(video, images: savingImages)
      let envelope = try MetadataEnvelope(
        name: name, created: created, modified: modified, saved: modified,
        thumbnail: try thumbnail.map(images.token(for:)), metadata: metadata,
        document: DocumentFacts(video: video, saved: saved))
      let summary = try install(id: id, document: saved.data, envelope: envelope)
      saw(id, revision: envelope.revision)
      feed.record(.created, id)
      return summary
    }
  }

  /// Opens a project's last explicit save; nothing on disk is written.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - preservingUnknown: Keep content of kinds no codec is registered for verbatim instead
  ///     of refusing the document; saving it again writes that content back unchanged.
  ///   - missingImages: What to do with an image the library's store does not have: refuse to
  ///     open (the default), or open with a placeholder, listed in
  ///     ``OpenedProject/unresolvedImageTokens`` and saved back under its token.
  /// - Returns: The project.
  /// - Throws: ``ProjectLibraryError`` (not found, metadata newer or unreadable) or the
  ///   document's `PersistenceError`.
  public func open(
    _ id: ProjectID, preservingUnknown: Bool = false, missingImages: MissingImages = .refuse
  ) throws -> OpenedProject<Metadata> {
    try reading {
      let directory = try existingDirectory(of: id)
      let envelope = try envelope(in: directory)
      let summary = try self.summary(id: id, in: directory, envelope: envelope)
      let data = try readDocument(in: directory)
      let coder = coder(preservingUnknown: preservingUnknown)
      let opened: DecodedDocument<Video>
      var unresolved: [String] = []
      switch missingImages {
      case .refuse:
        opened = try coder.open(data, images: images)
      case .placeholder:
        let store = savingImages.fallback()
        opened = try coder.open(data, images: store)
        unresolved = store.unresolvedTokens
      }
      saw(id, revision: envelope.revision)
      return OpenedProject(
        summary: summary, video: opened.root, preserved: opened.preserved,
        origin: .savedDocument, unresolvedImageTokens: unresolved)
    }
  }

  /// Saves a project explicitly: its document and metadata are replaced, and its autosaves
  /// (now older) are removed, all in one step.
  ///
  /// The save is all or nothing: the new document and `project.json` are written and flushed in
  /// a new folder that then takes the project folder's place in one system call (the two
  /// folders are exchanged). A crash, a full disk or an error at any point leaves the previous
  /// save whole, with its autosaves, or the new one whole, without them.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - metadata: The app's metadata.
  ///   - thumbnail: Keep the thumbnail (the default), set a new one, or remove it.
  ///   - id: The project.
  /// - Returns: The saved project's summary.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``,
  ///   ``ProjectLibraryError/newerMetadataVersion(found:supported:)`` (a newer app's project is
  ///   never overwritten), `PersistenceError`, or a file-system error; on any error the
  ///   previous save is unchanged.
  @discardableResult
  public func save(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID
  ) throws -> ProjectSummary<Metadata> {
    dropPending(id)
    return try changing {
      let summary = try commitSave(video, metadata: metadata, thumbnail: thumbnail, for: id)
      feed.record(.saved, id)
      return summary
    }
  }

  /// Replaces a project's document and metadata in one commit; called holding the exclusive
  /// lock, by an explicit save and by an autosave that saves.
  func commitSave(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) throws -> ProjectSummary<Metadata> {
    let directory = try existingDirectory(of: id)
    let old = try envelope(in: directory)
    let thumbnailToken: String?
    switch thumbnail {
    case .keep: thumbnailToken = old.thumbnail
    case .set(let image): thumbnailToken = try images.token(for: image)
    case .remove: thumbnailToken = nil
    }
    let saved = try coder().save(video, images: savingImages)
    return try commitSave(
      saved, facts: DocumentFacts(video: video, saved: saved), metadata: metadata,
      thumbnail: thumbnailToken, name: old.name, in: directory, id: id)
  }

  /// Replaces the document, metadata, thumbnail and name of the project in `directory` in one
  /// commit, as the next revision; called holding the exclusive lock.
  func commitSave(
    _ saved: SavedDocument, facts: DocumentFacts, metadata: Metadata, thumbnail: String?,
    name: String, in directory: URL, id: ProjectID
  ) throws -> ProjectSummary<Metadata> {
    let old = try envelope(in: directory)
    _ = try old.metadata(Metadata.self, path: LibraryLayout.metadataPath(in: directory.path))
    let now = Date()
    let envelope = try MetadataEnvelope(
      name: name, revision: old.revision + 1, created: old.created, modified: now,
      saved: now, thumbnail: thumbnail, metadata: metadata, document: facts)
    let metadataBytes = try envelope.encoded()
    try ProjectCommit.replace(directory, document: saved.data, metadata: metadataBytes)
    saw(id, revision: envelope.revision)
    return try summary(id: id, in: directory, envelope: MetadataEnvelope.decode(metadataBytes))
  }

  /// Copies a project under a new id and name. The copy shares the library's images (no image
  /// is copied) and starts from the last explicit save, byte for byte.
  ///
  /// - Parameters:
  ///   - id: The project to copy.
  ///   - name: The copy's name.
  /// - Returns: The copy's summary.
  /// - Throws: ``ProjectLibraryError``.
  @discardableResult
  public func duplicate(_ id: ProjectID, name: String) throws -> ProjectSummary<Metadata> {
    try changing {
      let directory = try existingDirectory(of: id)
      var envelope = try envelope(in: directory)
      _ = try envelope.metadata(Metadata.self, path: LibraryLayout.metadataPath(in: directory.path))
      let document = try readDocument(in: directory)
      envelope.name = name
      envelope.revision = 0
      envelope.created = Date()
      envelope.modified = envelope.created
      envelope.saved = envelope.created
      let copy = ProjectID()
      let summary = try install(id: copy, document: document, envelope: envelope)
      feed.record(.created, copy)
      return summary
    }
  }

  /// Renames a project; its document is not touched.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - name: The new name.
  /// - Returns: The renamed project's summary.
  /// - Throws: ``ProjectLibraryError``.
  @discardableResult
  public func rename(_ id: ProjectID, to name: String) throws -> ProjectSummary<Metadata> {
    try changing {
      let directory = try existingDirectory(of: id)
      var envelope = try envelope(in: directory)
      envelope.name = name
      envelope.modified = Date()
      _ = try envelope.metadata(Metadata.self, path: LibraryLayout.metadataPath(in: directory.path))
      let summary = try summary(id: id, in: directory, envelope: write(envelope, in: directory))
      feed.record(.renamed, id)
      return summary
    }
  }

  /// Changes a project's metadata in place, holding the library's lock from the read to the
  /// write, so two processes updating it at once lose neither change.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - change: Edits the metadata; what it throws is rethrown and nothing is written.
  /// - Returns: The project's summary with the new metadata.
  /// - Throws: ``ProjectLibraryError`` or what `change` throws.
  @discardableResult
  public func updateMetadata(
    of id: ProjectID, _ change: (inout Metadata) throws -> Void
  ) throws -> ProjectSummary<Metadata> {
    try changing {
      let directory = try existingDirectory(of: id)
      let old = try envelope(in: directory)
      var metadata = try old.metadata(
        Metadata.self, path: LibraryLayout.metadataPath(in: directory.path))
      try change(&metadata)
      let envelope = try MetadataEnvelope(
        name: old.name, revision: old.revision, created: old.created, modified: Date(),
        saved: old.saved, thumbnail: old.thumbnail, metadata: metadata, document: old.document)
      let summary = try summary(id: id, in: directory, envelope: write(envelope, in: directory))
      feed.record(.metadataChanged, id)
      return summary
    }
  }

  /// Writes a new project directory under a hidden name, then renames it to its id.
  func install(
    id: ProjectID, document: Data, envelope: MetadataEnvelope
  ) throws -> ProjectSummary<Metadata> {
    let staging = layout.projects.appendingPathComponent(LibraryLayout.newPrefix + id.rawValue)
    try LibraryLayout.makeDirectory(staging)
    do {
      try LibraryFile.write(document, to: LibraryLayout.document(in: staging))
      let written = try write(envelope, in: staging)
      let directory = layout.directory(of: id)
      try LibraryLayout.move(staging, to: directory)
      return try summary(id: id, in: directory, envelope: written)
    } catch {
      try? FileManager.default.removeItem(at: staging)
      throw error
    }
  }

  /// Writes a project's `project.json` and returns the envelope as it reads back (dates as
  /// precise as the file holds them, so a summary equals the one listed later).
  func write(_ envelope: MetadataEnvelope, in directory: URL) throws -> MetadataEnvelope {
    let data = try envelope.encoded()
    try LibraryFile.write(data, to: LibraryLayout.metadata(in: directory))
    return try MetadataEnvelope.decode(data)
  }

  /// The bytes of the document of the last explicit save.
  func readDocument(in directory: URL) throws -> Data {
    try LibraryLayout.read(
      LibraryLayout.document(in: directory), limit: options.limits.maximumDocumentBytes)
  }
}
