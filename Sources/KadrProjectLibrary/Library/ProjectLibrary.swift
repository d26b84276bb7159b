import Foundation
import KadrPersistence

/// A directory of projects, as an editor app keeps them: each project's document, the app's
/// metadata, autosaves and recovery, a trash, and one image store shared by every project.
///
/// ```swift
/// let library = try ProjectLibrary<EditorState>(directory: librariesURL)
/// let project = try library.create(name: "Holiday", video: video, metadata: EditorState())
/// library.scheduleSave(edited, metadata: state, for: project.id)   // autosave, debounced
/// try library.save(edited, metadata: state, for: project.id)       // an explicit save
/// let listing = try library.list()   // projects, newest first, and the ones that cannot open
/// ```
///
/// ## Safety
///
/// Every file is written atomically and durably (a temporary file, `fsync`, rename), so a crash
/// leaves the old file or the new one. Opening and listing never write a project. Changes hold
/// an exclusive `flock` on the library's lock file and reads a shared one, so two processes (or
/// two tasks) never interleave a change; the kernel drops the lock of a process that dies.
///
/// A library is a `Sendable` reference: use one from any task.
///
/// The article *Adopting the library in an editor app* walks through what an editor needs:
/// autosave that is the save, a list that knows its documents, adopting existing projects,
/// missing images, deleting for good, and observing the library.
public final class ProjectLibrary<Metadata: ProjectMetadata>: @unchecked Sendable {
  // @unchecked Sendable: every stored property is a constant, the autosave state in a `Locked`
  // box (`Metadata` values in it need not be `Sendable`). Disk changes are serialised by the flock (`LibraryLock`), which also
  // excludes two threads of this process: each holds its own open file description.

  /// The library's directory.
  public let directory: URL
  /// The image store every project of the library shares (`DIR/images`).
  public let images: FileImageStore
  /// How long ``scheduleSave(_:metadata:thumbnail:for:)`` waits for edits to stop before it
  /// writes an autosave.
  public let autosaveDelay: Duration
  /// What an autosave does: write a recovery copy, or save.
  public let autosavePolicy: AutosavePolicy

  let layout: LibraryLayout
  let processLock: LibraryLock
  let registry: CodecRegistry
  let options: CodingOptions
  let migrations: MigrationChain
  let state = Locked(AutosaveState())
  let feed: ChangeFeed
  /// The store saves go through: ``images``, with placeholders of opens with missing images
  /// saving back under their tokens.
  let savingImages: SavingImageStore

  /// How many placeholder images the library keeps for opens with missing images: one per
  /// distinct missing token, however many opens handed it out (for the tests).
  package var keptPlaceholderCount: Int { savingImages.keptPlaceholderCount }

  /// Opens the library in `directory`, creating the directory when it does not exist.
  ///
  /// - Parameters:
  ///   - directory: A file URL.
  ///   - registry: The codecs of the app's documents; `CodecRegistry.standard` by default.
  ///   - options: Loss, unknown content and limits for the documents.
  ///   - migrations: Migrations of documents from older schemas.
  ///   - autosaveDelay: The quiet time before an autosave; half a second by default.
  ///   - autosave: What an autosave does: ``AutosavePolicy/recoveryCopies`` (the default) or
  ///     ``AutosavePolicy/saves``.
  ///   - changeInterval: How often a change stream (``changes()``) looks for changes other
  ///     processes made; one second by default.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the directory cannot be
  ///   created, or `PersistenceError` when its image store cannot.
  public init(
    directory: URL, registry: CodecRegistry = .standard, options: CodingOptions = CodingOptions(),
    migrations: MigrationChain = MigrationChain(), autosaveDelay: Duration = .milliseconds(500),
    autosave: AutosavePolicy = .recoveryCopies, changeInterval: Duration = .seconds(1)
  ) throws {
    self.directory = directory.standardizedFileURL
    layout = LibraryLayout(root: self.directory)
    try LibraryLayout.makeDirectory(layout.root)
    for folder in [layout.projects, layout.trash]
    where !FileManager.default.fileExists(atPath: folder.path) {
      try LibraryLayout.makeDirectory(folder)
    }
    images = try FileImageStore(directory: layout.images)
    savingImages = SavingImageStore(images)
    processLock = LibraryLock(url: layout.lockFile)
    self.registry = registry
    self.options = options
    self.migrations = migrations
    self.autosaveDelay = autosaveDelay
    autosavePolicy = autosave
    feed = ChangeFeed(file: layout.changesFile, interval: changeInterval)
  }

  /// A stream of the library's changes: created, saved, autosaved, renamed, trashed, restored,
  /// deleted, by this value and, within `changeInterval`, by other processes (or other values
  /// on the same folder). Each call returns a new stream; it ends when the task reading it is
  /// cancelled.
  ///
  /// ```swift
  /// for await change in library.changes() { listing = try library.list() }
  /// ```
  public func changes() -> AsyncStream<LibraryChange> { feed.changes() }

  /// A stream of background autosaves' outcomes: each written project, and each failure with
  /// its error (the edit stays pending and is retried). Each call returns a new stream.
  public func autosaveEvents() -> AsyncStream<AutosaveEvent> { feed.autosaveEvents() }

  /// The coder of the library's documents: its registry, options and migrations.
  public var projectCoder: KadrCoder { coder() }

  /// The coder of the library's documents, preserving unknown content or not.
  func coder(preservingUnknown: Bool = false) -> KadrCoder {
    var options = self.options
    options.preservingUnknown = options.preservingUnknown || preservingUnknown
    return KadrCoder(registry: registry, options: options, migrations: migrations)
  }

  /// Runs a change holding the exclusive lock.
  func changing<T>(_ body: () throws -> T) throws -> T {
    try processLock.withLock(exclusive: true, body)
  }

  /// Runs a read holding the shared lock.
  func reading<T>(_ body: () throws -> T) throws -> T {
    try processLock.withLock(exclusive: false, body)
  }

  /// The directory of an existing project (a save that a dying process left half committed
  /// is completed first).
  func existingDirectory(of id: ProjectID, inTrash: Bool = false) throws -> URL {
    let url = layout.directory(of: id, inTrash: inTrash)
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: url.path), !inTrash {
      ProjectCommit.finishInterrupted(id.rawValue, in: layout.projects)
    }
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw ProjectLibraryError.projectNotFound(id) }
    return url
  }

  /// The largest autosave slot the library reads: a document and a `project.json` at their
  /// limits, and the slot's header line.
  var maximumSlotBytes: Int {
    options.limits.maximumDocumentBytes + 2 * BoundedRead.maximumMetadataBytes
  }

  /// Reads a project's `project.json`.
  func envelope(in directory: URL) throws -> MetadataEnvelope {
    try envelope(inPath: directory.path)
  }

  /// Reads the `project.json` of the project directory at `directoryPath`.
  func envelope(inPath directoryPath: String) throws -> MetadataEnvelope {
    let file = LibraryLayout.metadataPath(in: directoryPath)
    let data: Data
    do {
      data = try BoundedRead.bytes(atPath: file, limit: BoundedRead.maximumMetadataBytes)
    } catch {
      throw ProjectLibraryError.unreadableMetadata(path: file, detail: error.detail)
    }
    let envelope: MetadataEnvelope
    do {
      envelope = try MetadataEnvelope.decode(data)
    } catch {
      throw ProjectLibraryError.unreadableMetadata(path: file, detail: "\(error)")
    }
    guard envelope.format <= MetadataEnvelope.currentFormat else {
      throw ProjectLibraryError.unreadableMetadata(
        path: file,
        detail: "its format \(envelope.format) is newer than this library's "
          + "\(MetadataEnvelope.currentFormat)")
    }
    return envelope
  }

  /// The summary of the project in `directory`, from its `project.json`.
  func summary(
    id: ProjectID, in directory: URL, envelope: MetadataEnvelope
  ) throws -> ProjectSummary<Metadata> {
    try summary(id: id, inPath: directory.path, envelope: envelope)
  }

  /// The summary of the project directory at `directoryPath`, from its `project.json`.
  func summary(
    id: ProjectID, inPath directoryPath: String, envelope: MetadataEnvelope
  ) throws -> ProjectSummary<Metadata> {
    let metadata = try envelope.metadata(
      Metadata.self, path: LibraryLayout.metadataPath(in: directoryPath))
    let hasAutosave = LibraryLayout.slotPaths(in: directoryPath).contains {
      FileManager.default.fileExists(atPath: $0)
    }
    return ProjectSummary(
      id: id, name: envelope.name, created: envelope.created, modified: envelope.modified,
      thumbnailToken: envelope.thumbnail, metadata: metadata,
      metadataVersion: envelope.metadataVersion, facts: envelope.document,
      revision: envelope.revision, directoryPath: directoryPath, hasAutosave: hasAutosave)
  }
}
