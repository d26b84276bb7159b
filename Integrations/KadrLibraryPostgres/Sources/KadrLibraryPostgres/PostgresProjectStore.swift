import Foundation
import KadrPersistence
import KadrProjectLibrary
import PostgresClient

/// The project library on a PostgreSQL server: the ``ProjectStore`` for projects shared by
/// several machines, where every save is a revision and no save overwrites another unseen.
///
/// ```swift
/// let store = try PostgresProjectStore<EditorState>(
///   connectionString: "host=db.example.com dbname=projects sslmode=verify-full")
/// let project = try store.create(name: "Holiday", video: video, metadata: EditorState())
/// try store.save(edited, metadata: state, for: project.id)  // revision 1
/// ```
///
/// - **Revisions.** Every save is a new revision, written in one transaction with the
///   project's name, metadata and document facts: ``history(of:)`` lists them,
///   ``open(_:revision:)`` opens any, ``restore(_:toRevision:)`` saves one again.
/// - **No lost update.** A save is based on the revision this store last opened or saved of the
///   project. When another client saved since, the two are merged with `KadrDiff` (the base
///   revision the common ancestor): a clean merge is saved, and a merge with conflicts saves
///   nothing and throws ``PostgresProjectStoreError/conflict(_:theirRevision:conflicts:)`` with
///   both values of each.
/// - **Images** are rows, content-addressed and shared by every project
///   (``PostgresImageStore``); ``collectImages(dryRun:)`` never removes one a revision, an
///   autosave or a thumbnail uses.
/// - **Live updates.** Every change is announced with `NOTIFY` when it commits; ``changes()``
///   delivers every client's changes.
///
/// Connection settings are libpq's (a connection string, a URI, or `PGHOST`, `PGSSLMODE`, … in
/// the environment, as `psql` takes them). The tables live in a schema of their own (`kadr` by
/// default), created and migrated in a transaction on first use. Each store holds one
/// connection, on which its statements take turns; give each client its own store.
public final class PostgresProjectStore<Metadata: ProjectMetadata>: ProjectStore,
  @unchecked Sendable
{
  // @unchecked Sendable: the constants are Sendable; `state` (autosave edits, revisions seen)
  // is read and written only under `lock`.

  /// The image store the projects share.
  public let images: PostgresImageStore
  /// How long ``scheduleSave(_:metadata:thumbnail:for:)`` waits for edits to stop.
  public let autosaveDelay: Duration
  /// What an autosave writes: a recovery copy (the default) or a revision.
  public let autosavePolicy: AutosavePolicy

  let connection: PostgresConnection
  let connectionString: String
  let schema: String
  let registry: CodecRegistry
  let options: CodingOptions
  let migrations: MigrationChain
  let lock = NSLock()
  var state = StoreState<Metadata>()
  /// Held by every save from its base to its commit, so an autosave that saves and an explicit
  /// save of the same project never interleave (one is based on the other, or is dropped).
  let saving = NSLock()
  /// The continuations of ``autosaveEvents()``'s streams, under `lock`.
  var autosaveListeners: [UUID: AsyncStream<AutosaveEvent>.Continuation] = [:]

  /// Connects to the server and makes or migrates the store's tables.
  ///
  /// - Parameters:
  ///   - connectionString: A libpq connection string or URI; empty takes everything from the
  ///     environment (`PGHOST`, `PGDATABASE`, `PGUSER`, `PGSSLMODE`, …).
  ///   - schema: The PostgreSQL schema of the tables: lower-case letters, digits, underscores.
  ///   - registry: The codecs of the app's documents.
  ///   - options: Loss, unknown content and limits for the documents.
  ///   - migrations: Migrations of documents from older schemas.
  ///   - autosaveDelay: The quiet time before an autosave.
  ///   - autosave: What an autosave writes: ``AutosavePolicy/recoveryCopies``, which
  ///     ``recover(_:preservingUnknown:)`` offers, or ``AutosavePolicy/saves``, a revision as
  ///     an explicit save makes (merged the same way with other clients' saves).
  ///   - migratingSchema: Whether to create the tables when they are missing and migrate them
  ///     when they are older. `false` changes nothing on the server and throws instead: for
  ///     tools that only read a store someone else set up.
  /// - Throws: ``PostgresProjectStoreError`` (a bad schema name, a newer schema, or with
  ///   `migratingSchema: false` a schema not set up) or `PostgresError` (no connection, a
  ///   missing privilege: the error names it).
  public init(
    connectionString: String = "", schema: String = "kadr", registry: CodecRegistry = .standard,
    options: CodingOptions = CodingOptions(), migrations: MigrationChain = MigrationChain(),
    autosaveDelay: Duration = .milliseconds(500), autosave: AutosavePolicy = .recoveryCopies,
    migratingSchema: Bool = true
  ) throws {
    guard StoreSchema.isValidName(schema) else {
      throw PostgresProjectStoreError.invalidSchemaName(schema)
    }
    connection = try PostgresConnection(connectionString: connectionString)
    if migratingSchema {
      try StoreSchema.migrate(schema, on: connection)
    } else {
      try StoreSchema.requireCurrent(schema, on: connection)
    }
    self.connectionString = connectionString
    self.schema = schema
    self.registry = registry
    self.options = options
    self.migrations = migrations
    self.autosaveDelay = autosaveDelay
    self.autosavePolicy = autosave
    images = PostgresImageStore(connection: connection, schema: schema)
  }

  /// The coder of the store's documents.
  func coder(preservingUnknown: Bool = false) -> KadrCoder {
    var options = self.options
    options.preservingUnknown = options.preservingUnknown || preservingUnknown
    return KadrCoder(registry: registry, options: options, migrations: migrations)
  }

  /// The `NOTIFY` channel of the store's changes.
  var channel: String { "kadr_changes_\(schema)" }

  /// Announces a change when the transaction it is part of commits.
  func announce(_ kind: LibraryChange.Kind, _ id: ProjectID) throws {
    try connection.query(
      "SELECT pg_notify($1, $2)", [.string(channel), .string("\(kind.rawValue) \(id.rawValue)")])
  }

  /// Records the revision this store last opened or saved of a project: its next save's base.
  func saw(_ id: ProjectID, revision: Int) {
    lock.withLock { state.seen[id] = revision }
  }

  /// The image store a save writes through.
  func collectingImages() -> CollectingImageStore {
    CollectingImageStore(images, fallbacks: lock.withLock { state.fallbacks })
  }

  /// The revision a save of `id` is based on, when this store opened or saved it.
  func base(of id: ProjectID) -> Int? {
    lock.withLock { state.seen[id] }
  }
}

/// The mutable state of a store: pending autosave edits and the revisions seen.
struct StoreState<Metadata: ProjectMetadata> {
  struct Pending {
    var video: Video
    var metadata: Metadata
    var thumbnail: ThumbnailChange
    var edit: Int
    /// The project's ``StoreState/dropped`` count when the edit was scheduled: an explicit
    /// save, a delete or a discard since makes the edit stale.
    var dropped: Int
  }

  var seen: [ProjectID: Int] = [:]
  /// Per project, how many times its pending edit was dropped.
  var dropped: [ProjectID: Int] = [:]
  /// Per project, the newest edit written: two flushes at once never write an older one last.
  var written: [ProjectID: Int] = [:]
  /// The stores of opens with missing images, whose placeholders save back as their tokens.
  var fallbacks: [FallbackImageStore] = []
  var pending: [ProjectID: Pending] = [:]
  var generation = 0
  /// When the oldest edit not yet written was made.
  var unsavedSince: ContinuousClock.Instant?
}
