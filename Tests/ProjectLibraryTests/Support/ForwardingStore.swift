import Foundation
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting

/// A third party's store in miniature: every call goes to a folder library, and it implements
/// the package hooks (`storedProject`, `importProject`) by forwarding them too, counting the
/// calls of `open` and `create`, which a streaming export or import must not make. It can also
/// pretend to keep a history (``history``), and keeps the last package it imported.
final class ForwardingStore: ProjectStore, @unchecked Sendable {
  // @unchecked Sendable: the variables are read and written only under `lock`.
  let library: ProjectLibrary<ContractMetadata>
  private let lock = NSLock()
  private var opensAndCreates = 0
  private var revisions: [StoredRevision<ContractMetadata>] = []
  private var imported: PackagedProject<ContractMetadata>?
  private var importedHistory: [Data] = []
  private var importedFacts: [DocumentFacts] = []
  private var keepsHistory = false
  private var headOverride: Int?

  init(library: ProjectLibrary<ContractMetadata>) { self.library = library }

  /// How many times `open` or `create` was called.
  var openedOrCreated: Int { lock.withLock { opensAndCreates } }
  /// The revisions `storedProject(_:includingHistory:)` returns, for every project.
  var history: [StoredRevision<ContractMetadata>] {
    get { lock.withLock { revisions } }
    set { lock.withLock { revisions = newValue } }
  }
  /// The package `importProject` was last given.
  var lastImported: PackagedProject<ContractMetadata>? { lock.withLock { imported } }
  /// The documents of its history, with the package's tokens (read while its files existed).
  var lastImportedHistory: [Data] { lock.withLock { importedHistory } }
  /// The facts the package gave with each document of its history, then the head's.
  var lastImportedFacts: [DocumentFacts] { lock.withLock { importedFacts } }

  /// Whether the store says it keeps history on import too, with no history of its own.
  var keepsHistoryOnImport: Bool {
    get { lock.withLock { keepsHistory } }
    set { lock.withLock { keepsHistory = newValue } }
  }

  /// The head revision number `storedProject` reports, in place of the library's.
  var headRevision: Int? {
    get { lock.withLock { headOverride } }
    set { lock.withLock { headOverride = newValue } }
  }

  var keepsRevisionHistory: Bool { !history.isEmpty || keepsHistoryOnImport }

  var images: FileImageStore { library.images }
  func storedProject(_ id: ProjectID, includingHistory: Bool) throws
    -> StoredProject<ContractMetadata>
  {
    var stored = try library.storedProject(id)
    if includingHistory { stored.history = history }
    guard let head = headRevision else { return stored }
    let summary = stored.summary
    return StoredProject(
      summary: ProjectSummary(
        id: summary.id, name: summary.name, created: summary.created,
        modified: summary.modified, thumbnailToken: summary.thumbnailToken,
        metadata: summary.metadata, metadataVersion: summary.metadataVersion, facts: nil,
        revision: head, hasAutosave: summary.hasAutosave),
      document: stored.document, images: stored.images, history: stored.history)
  }
  func importProject(_ package: PackagedProject<ContractMetadata>, id: ProjectID, replacing: Bool)
    throws -> ProjectSummary<ContractMetadata>
  {
    let tokens = Dictionary(uniqueKeysWithValues: package.images.map { ($0.token, $0.token) })
    let documents = try package.history.map { try $0.document(replacingTokens: tokens) }
    let head = try package.document(replacingTokens: tokens)
    lock.withLock {
      (imported, importedHistory) = (package, documents.map(\.saved.data))
      importedFacts = documents.map(\.facts) + [head.facts]
    }
    return try library.importProject(package, id: id, replacing: replacing)
  }
  func create(
    name: String, video: Video, metadata: ContractMetadata, thumbnail: PlatformImage?,
    id: ProjectID?, created: Date?, modified: Date?
  ) throws -> ProjectSummary<ContractMetadata> {
    lock.withLock { opensAndCreates += 1 }
    return try library.create(
      name: name, video: video, metadata: metadata, thumbnail: thumbnail, id: id,
      created: created, modified: modified)
  }
  func open(_ id: ProjectID, preservingUnknown: Bool, missingImages: MissingImages) throws
    -> OpenedProject<ContractMetadata>
  {
    lock.withLock { opensAndCreates += 1 }
    return try library.open(id, preservingUnknown: preservingUnknown, missingImages: missingImages)
  }
  func save(
    _ video: Video, metadata: ContractMetadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) throws -> ProjectSummary<ContractMetadata> {
    try library.save(video, metadata: metadata, thumbnail: thumbnail, for: id)
  }
  func scheduleSave(
    _ video: Video, metadata: ContractMetadata, thumbnail: ThumbnailChange, for id: ProjectID
  ) { library.scheduleSave(video, metadata: metadata, thumbnail: thumbnail, for: id) }
  func flush() throws { try library.flush() }
  func recover(_ id: ProjectID, preservingUnknown: Bool) throws
    -> OpenedProject<ContractMetadata>?
  { try library.recover(id, preservingUnknown: preservingUnknown) }
  func discardAutosave(_ id: ProjectID) throws { try library.discardAutosave(id) }
  func list() throws -> ProjectListing<ContractMetadata> { try library.list() }
  func rename(_ id: ProjectID, to name: String) throws -> ProjectSummary<ContractMetadata> {
    try library.rename(id, to: name)
  }
  func duplicate(_ id: ProjectID, name: String) throws -> ProjectSummary<ContractMetadata> {
    try library.duplicate(id, name: name)
  }
  func updateMetadata(
    of id: ProjectID, _ change: (inout ContractMetadata) throws -> Void
  ) throws -> ProjectSummary<ContractMetadata> {
    try library.updateMetadata(of: id, change)
  }
  func delete(_ id: ProjectID) throws { try library.delete(id) }
  func restore(_ id: ProjectID) throws -> ProjectSummary<ContractMetadata> {
    try library.restore(id)
  }
  func trashed() throws -> ProjectListing<ContractMetadata> { try library.trashed() }
  func emptyTrash() throws -> Int { try library.emptyTrash() }
  func deletePermanently(_ id: ProjectID) throws -> [String] {
    try library.deletePermanently(id)
  }
  func collectImages(dryRun: Bool) throws -> ImageCollection {
    try library.collectImages(dryRun: dryRun)
  }
  func changes() -> AsyncStream<LibraryChange> { library.changes() }
}
