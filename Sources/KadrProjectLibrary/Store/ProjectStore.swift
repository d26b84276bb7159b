import Foundation
import KadrPersistence

/// What an editor app does with its projects, whatever keeps them: a folder on this machine
/// (``ProjectLibrary``) or a database several machines share (the PostgreSQL store in
/// `Integrations/KadrLibraryPostgres`).
///
/// An app written against this protocol moves between stores by changing the line that makes
/// the store, and every store exports and imports project packages
/// (``export(_:to:includingHistory:)``, ``importPackage(at:as:)``), through
/// ``storedProject(_:)`` and ``importProject(_:id:replacing:)``. The same contract suite
/// (`KadrProjectLibraryTesting`'s `ProjectStoreContract`) runs against every implementation.
///
/// ## Implementation requirements
///
/// - **All or nothing.** Every change is whole or absent after a crash, of this process or of
///   the machine; a failed call leaves the project as it was.
/// - **No silent loss.** A save that would overwrite another client's newer save either merges
///   the two or fails naming the conflict; the folder store, whose clients share one disk and
///   one lock, saves the last explicit save as it is given.
/// - **Values, not code.** Names and metadata are stored as given (any text), never spliced
///   into paths, queries or commands.
/// - **Change stream.** ``changes()`` delivers this store's changes and, soon after, other
///   clients' changes to the same projects.
/// - **Thread safety.** A store is a `Sendable` reference used from any task.
public protocol ProjectStore<Metadata>: AnyObject, Sendable {
  /// The app's metadata type.
  associatedtype Metadata: ProjectMetadata
  /// The image store the projects share.
  associatedtype Images: ImageStore

  /// The image store every project of the store shares.
  var images: Images { get }

  /// The coder of the store's documents (its registry, options and migrations), which
  /// ``export(_:to:includingHistory:)`` and ``importPackage(at:as:)`` write and read packages
  /// with.
  ///
  /// The default is the standard coder; a store made with its own registry returns a coder of
  /// it, so packages keep the plugin kinds the store knows.
  var projectCoder: KadrCoder { get }

  /// A project's last save as the store keeps it, for ``export(_:to:includingHistory:)`` and
  /// ``copyProject(_:to:includingHistory:)``: its document's bytes, a store that resolves their
  /// image tokens and, when asked and kept, its earlier revisions.
  ///
  /// One of the two package hooks, which every store states (there is no default): a store that
  /// keeps its documents as bytes returns them with its ``images``, so an export fetches one
  /// image at a time and never decodes the composition. A store with nothing better can return
  /// ``storedProjectByOpening(_:)``, which opens the project and holds every image in memory.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - includingHistory: Whether to return the revisions before the head
  ///     (``StoredProject/history``, oldest first; each reads its document only when it is
  ///     written). A store without history (``keepsRevisionHistory`` `false`) returns none.
  /// - Returns: The project's summary, document, images and history.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, a metadata error, or a store error.
  func storedProject(_ id: ProjectID, includingHistory: Bool) throws -> StoredProject<Metadata>

  /// Whether the store keeps every save of a project as a revision (the PostgreSQL store does;
  /// the folder library keeps the last save only). The default is `false`.
  ///
  /// A store that keeps history hands it to an export that asks for it (through
  /// ``storedProject(_:includingHistory:)``), and writes a package's history when it imports
  /// the project; a store without history is spared reading a package's.
  var keepsRevisionHistory: Bool { get }

  /// Commits a checked package's project under `id`, for ``importPackage(at:as:)`` and
  /// ``copyProject(_:to:includingHistory:)``, in one commit; a store that keeps history also
  /// writes the package's ``PackagedProject/history`` when it creates the project (a replacing
  /// import saves the head alone).
  ///
  /// The other package hook every store states: a store adds ``PackagedProject/images`` one at
  /// a time, skipping those it has, and commits ``PackagedProject/document(replacingTokens:)``
  /// with its tokens. A store with nothing better can return
  /// ``importProjectByCreating(_:id:replacing:)``, which reads every image into memory and
  /// calls ``create(name:video:metadata:thumbnail:id:created:modified:)`` (or, replacing, a
  /// save and a rename: two commits).
  ///
  /// - Parameters:
  ///   - package: The package's project.
  ///   - id: The project's id in this store.
  ///   - replacing: `false` to create the project, refusing a taken id (in the list or the
  ///     trash) with ``ProjectLibraryError/projectExists(_:)``; `true` to save it over the live
  ///     project `id` as a save does (its document, metadata, thumbnail and name; its history
  ///     and created date stay), refusing a project in the trash with
  ///     ``ProjectLibraryError/projectExists(_:)``.
  /// - Returns: The project's summary.
  /// - Throws: ``ProjectLibraryError``, ``ProjectPackageError``, `PersistenceError`, or a
  ///   store error; nothing is written then.
  @discardableResult
  func importProject(_ package: PackagedProject<Metadata>, id: ProjectID, replacing: Bool)
    throws -> ProjectSummary<Metadata>

  /// Creates a project and saves it (see ``ProjectLibrary/create(name:video:metadata:thumbnail:id:created:modified:)``).
  ///
  /// - Parameters:
  ///   - name: The name shown to the user.
  ///   - video: The composition.
  ///   - metadata: The app's metadata.
  ///   - thumbnail: A picture for the project list.
  ///   - id: The project's id; a new one when `nil`.
  ///   - created: When it was created; now when `nil`.
  ///   - modified: When it was last changed; `created` when `nil`.
  /// - Returns: The new project's summary.
  /// - Throws: ``ProjectLibraryError/projectExists(_:)``, `PersistenceError`, or a store error.
  @discardableResult
  func create(
    name: String, video: Video, metadata: Metadata, thumbnail: PlatformImage?, id: ProjectID?,
    created: Date?, modified: Date?
  ) throws -> ProjectSummary<Metadata>

  /// Opens a project's last save.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - preservingUnknown: Keep content of kinds no codec is registered for.
  ///   - missingImages: Refuse a missing image, or open a placeholder for it.
  /// - Returns: The project.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, a metadata error, or the document's
  ///   `PersistenceError`.
  func open(
    _ id: ProjectID, preservingUnknown: Bool, missingImages: MissingImages
  ) throws -> OpenedProject<Metadata>

  /// Saves a project explicitly, based on what this store last opened or saved of it.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - metadata: The app's metadata.
  ///   - thumbnail: Keep, set or remove the thumbnail.
  ///   - id: The project.
  /// - Returns: The saved project's summary.
  /// - Throws: ``ProjectLibraryError``, `PersistenceError`, or a store error (a conflict with
  ///   another client's save, in a store that detects them); nothing is written then.
  @discardableResult
  func save(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) throws -> ProjectSummary<Metadata>

  /// Schedules an autosave of an edited project, written when edits pause.
  ///
  /// - Parameters:
  ///   - video: The composition as edited.
  ///   - metadata: The app's metadata as edited.
  ///   - thumbnail: Keep, set or remove the thumbnail.
  ///   - id: The project.
  func scheduleSave(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange, for id: ProjectID)

  /// Writes every pending autosave now.
  ///
  /// - Throws: What writing an autosave throws; failed edits stay pending.
  func flush() throws

  /// The newest autosave of a project when it is newer than its last save, else `nil`.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - preservingUnknown: Keep content of kinds no codec is registered for.
  /// - Returns: The recovered project, or `nil`.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a metadata error.
  func recover(_ id: ProjectID, preservingUnknown: Bool) throws -> OpenedProject<Metadata>?

  /// Removes a project's autosaves.
  ///
  /// - Parameter id: The project.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a store error.
  func discardAutosave(_ id: ProjectID) throws

  /// The projects, most recently changed first, and the ones that cannot be opened.
  ///
  /// - Returns: The listing.
  /// - Throws: A store error.
  func list() throws -> ProjectListing<Metadata>

  /// Lists the projects as ``list()`` does, and also opens every one with its images, so a
  /// corrupt document, a newer schema, an unknown kind or a missing image is found before the
  /// user opens it.
  ///
  /// The default opens each listed project with ``open(_:)``; a store may check more.
  ///
  /// - Returns: The listing; ``ProjectListing/skipped`` holds every project that does not open.
  /// - Throws: A store error (the store cannot be read); a project that does not open is never
  ///   an error.
  func check() throws -> ProjectListing<Metadata>

  /// Renames a project.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - name: The new name.
  /// - Returns: The renamed project's summary.
  /// - Throws: ``ProjectLibraryError`` or a store error.
  @discardableResult
  func rename(_ id: ProjectID, to name: String) throws -> ProjectSummary<Metadata>

  /// Copies a project's last save under a new id and name.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - name: The copy's name.
  /// - Returns: The copy's summary.
  /// - Throws: ``ProjectLibraryError`` or a store error.
  @discardableResult
  func duplicate(_ id: ProjectID, name: String) throws -> ProjectSummary<Metadata>

  /// Changes a project's metadata in place, atomically.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - change: Edits the metadata; what it throws is rethrown and nothing is written.
  /// - Returns: The project's summary with the new metadata.
  /// - Throws: ``ProjectLibraryError``, a store error, or what `change` throws.
  @discardableResult
  func updateMetadata(
    of id: ProjectID, _ change: (inout Metadata) throws -> Void
  ) throws -> ProjectSummary<Metadata>

  /// Moves a project to the trash.
  ///
  /// - Parameter id: The project.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a store error.
  func delete(_ id: ProjectID) throws

  /// Brings a project back from the trash.
  ///
  /// - Parameter id: The trashed project.
  /// - Returns: Its summary.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a store error.
  @discardableResult
  func restore(_ id: ProjectID) throws -> ProjectSummary<Metadata>

  /// The projects in the trash.
  ///
  /// - Returns: The trash's listing.
  /// - Throws: A store error.
  func trashed() throws -> ProjectListing<Metadata>

  /// Deletes every project in the trash for good.
  ///
  /// - Returns: How many projects were deleted.
  /// - Throws: A store error.
  @discardableResult
  func emptyTrash() throws -> Int

  /// Deletes a project for good, from the library or its trash.
  ///
  /// - Parameter id: The project.
  /// - Returns: The image tokens only it used, which image collection may now remove.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a store error.
  @discardableResult
  func deletePermanently(_ id: ProjectID) throws -> [String]

  /// Removes the stored images nothing refers to.
  ///
  /// - Parameter dryRun: Only say what would be removed.
  /// - Returns: What was (or would be) removed and what is kept.
  /// - Throws: A store error; nothing is removed then.
  @discardableResult
  func collectImages(dryRun: Bool) throws -> ImageCollection

  /// A stream of the store's changes, this client's and other clients'.
  ///
  /// - Returns: A new stream; it ends when the task reading it is cancelled.
  func changes() -> AsyncStream<LibraryChange>
}

extension ProjectLibrary: ProjectStore {}

extension ProjectStore {
  /// Lists the projects and opens each, moving those that do not open to the skipped (see
  /// ``check()``).
  ///
  /// - Returns: The listing.
  /// - Throws: What ``list()`` throws.
  public func check() throws -> ProjectListing<Metadata> {
    let listing = try list()
    var projects: [ProjectSummary<Metadata>] = []
    var skipped = listing.skipped
    for project in listing.projects {
      do {
        _ = try open(project.id)
        projects.append(project)
      } catch {
        // A store without files names the project by a URL of its id.
        let file =
          project.documentURL ?? URL(string: "kadr-project:\(project.id.rawValue)")
          ?? URL(fileURLWithPath: "/")
        skipped.append(
          SkippedProject(id: project.id, name: project.name, file: file, openError: error))
      }
    }
    return ProjectListing(projects: projects, skipped: skipped.sorted { $0.id < $1.id })
  }

  /// Creates a project now, under a new id (see
  /// ``create(name:video:metadata:thumbnail:id:created:modified:)``).
  ///
  /// - Parameters:
  ///   - name: The name shown to the user.
  ///   - video: The composition.
  ///   - metadata: The app's metadata.
  /// - Returns: The new project's summary.
  /// - Throws: What the full call throws.
  @discardableResult
  public func create(name: String, video: Video, metadata: Metadata) throws
    -> ProjectSummary<Metadata>
  {
    try create(
      name: name, video: video, metadata: metadata, thumbnail: nil, id: nil, created: nil,
      modified: nil)
  }

  /// Opens a project's last save, refusing unknown kinds and missing images.
  ///
  /// - Parameter id: The project.
  /// - Returns: The project.
  /// - Throws: What ``open(_:preservingUnknown:missingImages:)`` throws.
  public func open(_ id: ProjectID) throws -> OpenedProject<Metadata> {
    try open(id, preservingUnknown: false, missingImages: .refuse)
  }

  /// Saves a project explicitly, keeping its thumbnail.
  ///
  /// - Parameters:
  ///   - video: The composition.
  ///   - metadata: The app's metadata.
  ///   - id: The project.
  /// - Returns: The saved project's summary.
  /// - Throws: What ``save(_:metadata:thumbnail:for:)`` throws.
  @discardableResult
  public func save(_ video: Video, metadata: Metadata, for id: ProjectID) throws
    -> ProjectSummary<Metadata>
  {
    try save(video, metadata: metadata, thumbnail: .keep, for: id)
  }

  /// Schedules an autosave, keeping the thumbnail.
  ///
  /// - Parameters:
  ///   - video: The composition as edited.
  ///   - metadata: The app's metadata as edited.
  ///   - id: The project.
  public func scheduleSave(_ video: Video, metadata: Metadata, for id: ProjectID) {
    scheduleSave(video, metadata: metadata, thumbnail: .keep, for: id)
  }

  /// The newest autosave newer than the last save, refusing unknown kinds.
  ///
  /// - Parameter id: The project.
  /// - Returns: The recovered project, or `nil`.
  /// - Throws: What ``recover(_:preservingUnknown:)`` throws.
  public func recover(_ id: ProjectID) throws -> OpenedProject<Metadata>? {
    try recover(id, preservingUnknown: false)
  }
}
