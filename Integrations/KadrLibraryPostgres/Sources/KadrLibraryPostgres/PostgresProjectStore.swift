// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
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
  /// - **No lost update.** A save is based on what the app's composition was derived from: what
  ///   this store last opened, recovered or saved of the project (its *base*, kept per project).
  ///   When another client saved since, the two are merged with `KadrDiff` from that base: a
  ///   clean merge is saved, and a merge with conflicts saves nothing and throws
  ///   ``PostgresProjectStoreError/conflict(_:theirRevision:conflicts:)`` with both values of
  ///   each. The metadata merges the same way, member by member. A save of a project this store
  ///   never opened has no base and is refused (``PostgresProjectStoreError/notOpened(_:)``).
  ///   ``saveMerging(_:metadata:thumbnail:for:)`` returns the merged composition, for the app to
  ///   show; the app may keep editing its own copy instead, and its next save merges again.
  /// - **Images** are rows, content-addressed and shared by every project
  ///   (``PostgresImageStore``); ``collectImages(dryRun:)`` never removes one a revision, an
  ///   autosave or a thumbnail uses. Given an `imageStore` (an `S3ImageStore` of KadrS3, or any
  ///   `PrunableImageStore`), new images go there and the database keeps only their tokens.
  /// - **Live updates.** Every change is announced with `NOTIFY` when it commits. A notification
  ///   is only a hint (PostgreSQL lets any role send one): ``changes()`` reads the projects again
  ///   and delivers what changed there.
  /// - **Time limits.** Every call ends within ``PostgresTimeouts`` (connect 10 s, statement 30 s,
  ///   a lock another client holds 5 s, by default) with a clear error, and a call stuck on one
  ///   project never holds up the app's other calls: the store lends each call one of a few
  ///   connections. A broken connection is replaced on the next call, with the bases kept.
  ///
  /// Connection settings are libpq's (a connection string, a URI, or `PGHOST`, `PGSSLMODE`, … in
  /// the environment, as `psql` takes them). The tables live in a schema of their own (`kadr` by
  /// default), created and migrated in a transaction on first use. Each store opens up to
  /// `connections` connections, one per call running at once; give each client its own store.
  public final class PostgresProjectStore<Metadata: ProjectMetadata>: ProjectStore,
    @unchecked Sendable
  {
    // @unchecked Sendable: the constants are Sendable; `state` (autosave edits, revisions seen)
    // is read and written only under `lock`.

    /// The image store the projects share.
    public let images: PostgresImageStore
    /// How old an unused object of the external image store must be before
    /// ``collectImages(dryRun:)`` deletes it, in seconds: longer than the longest save, so an
    /// image uploaded by a save not yet committed survives.
    public let imageGracePeriod: TimeInterval
    /// How long ``scheduleSave(_:metadata:thumbnail:for:)`` waits for edits to stop.
    public let autosaveDelay: Duration
    /// What an autosave writes: a recovery copy (the default) or a revision.
    public let autosavePolicy: AutosavePolicy

    let connection: StoreConnections
    let connectionString: String
    let schema: String
    let registry: CodecRegistry
    let options: CodingOptions
    let migrations: MigrationChain
    let lock = NSLock()
    var state = StoreState<Metadata>()
    /// The placeholders of opens with missing images, one per token, which save back as their
    /// tokens.
    let placeholders = UnresolvedImageStore()
    /// How many placeholders the store keeps: one per distinct missing token, never one per open
    /// (for the store's tests, which are in the PostgreSQL package).
    @_spi(Testing) public var keptPlaceholderCount: Int { placeholders.unresolvedTokens.count }
    /// Per project, held by every save from its base to its commit, so an autosave that saves and
    /// an explicit save of the same project never interleave (one is based on the other, or is
    /// dropped), while saves of other projects go on.
    let saving = ProjectLocks()
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
    ///   - timeouts: How long a call waits for the server (see ``PostgresTimeouts``).
    ///   - connections: The most connections open at once: calls beyond it wait for one.
    ///   - imageStore: Where to keep new images (an `S3ImageStore`, say), with only their tokens
    ///     in the database; `nil` keeps them as rows. Images saved as rows before stay readable.
    ///   - imageGracePeriod: How old an object of `imageStore` that nothing uses must be before
    ///     a collection deletes it, in seconds (an hour by default).
    /// - Throws: ``PostgresProjectStoreError`` (a bad schema name, a newer schema, or with
    ///   `migratingSchema: false` a schema not set up) or `PostgresError` (no connection, a
    ///   missing privilege: the error names it).
    public init(
      connectionString: String = "", schema: String = "kadr", registry: CodecRegistry = .standard,
      options: CodingOptions = CodingOptions(), migrations: MigrationChain = MigrationChain(),
      autosaveDelay: Duration = .milliseconds(500), autosave: AutosavePolicy = .recoveryCopies,
      migratingSchema: Bool = true, timeouts: PostgresTimeouts = PostgresTimeouts(),
      connections: Int = 4, imageStore: (any PrunableImageStore)? = nil,
      imageGracePeriod: TimeInterval = 3600
    ) throws {
      guard StoreSchema.isValidName(schema) else {
        throw PostgresProjectStoreError.invalidSchemaName(schema)
      }
      connection = try StoreConnections(
        connectionString: connectionString, timeouts: timeouts, limit: connections)
      try connection.withConnection(retryingLost: false) { connection in
        if migratingSchema {
          try StoreSchema.migrate(schema, on: connection)
        } else {
          try StoreSchema.requireCurrent(schema, on: connection)
        }
      }
      self.connectionString = connectionString
      self.schema = schema
      self.registry = registry
      self.options = options
      self.migrations = migrations
      self.autosaveDelay = autosaveDelay
      self.autosavePolicy = autosave
      self.imageGracePeriod = imageGracePeriod
      images = PostgresImageStore(connection: connection, schema: schema, external: imageStore)
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

    /// Records what the app's copy of a project was last derived from: its next save's base.
    func saw(_ id: ProjectID, revision: Int, document: Data? = nil, metadata: Data? = nil) {
      lock.withLock {
        state.bases[id] = SaveBase(revision: revision, document: document, metadata: metadata)
      }
    }

    /// The image store a save writes through.
    func collectingImages() -> CollectingImageStore {
      CollectingImageStore(images, placeholders: placeholders)
    }

    /// What a save of `id` is based on, when this store opened, recovered or saved it.
    func base(of id: ProjectID) -> SaveBase? {
      lock.withLock { state.bases[id] }
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

    /// Per project, what the app's copy was last derived from.
    var bases: [ProjectID: SaveBase] = [:]
    /// Per project, how many times its pending edit was dropped.
    var dropped: [ProjectID: Int] = [:]
    /// Per project, the newest edit written: two flushes at once never write an older one last.
    var written: [ProjectID: Int] = [:]
    var pending: [ProjectID: Pending] = [:]
    var generation = 0
    /// When the oldest edit not yet written was made.
    var unsavedSince: ContinuousClock.Instant?
  }

  /// What an app's copy of a project was derived from: the revision it has seen, and, when its
  /// copy is not that revision's document (a save merged with other clients' saves), the copy
  /// itself.
  struct SaveBase: Sendable {
    /// The newest revision the app's copy accounts for.
    var revision: Int
    /// The document the copy was derived from; `nil` when it is `revision`'s.
    var document: Data?
    /// The metadata the copy was derived from; `nil` when it is `revision`'s.
    var metadata: Data?
  }

  /// A lock per project, made on first use.
  final class ProjectLocks: @unchecked Sendable {
    // @unchecked Sendable: `locks` is read and written only under `lock`.
    private let lock = NSLock()
    private var locks: [ProjectID: NSLock] = [:]

    /// Runs `body` holding the project's lock.
    func withLock<T>(_ id: ProjectID, _ body: () throws -> T) rethrows -> T {
      let projectLock = lock.withLock { () -> NSLock in
        if let existing = locks[id] { return existing }
        let made = NSLock()
        locks[id] = made
        return made
      }
      return try projectLock.withLock(body)
    }
  }

  /// What ``PostgresProjectStore/saveMerging(_:metadata:thumbnail:for:)`` wrote.
  public struct SaveOutcome<Metadata: ProjectMetadata>: Sendable {
    /// The saved project's summary: the new revision, and the metadata as merged.
    public let summary: ProjectSummary<Metadata>
    /// The composition the save wrote when other clients' changes were merged into the app's,
    /// for the app to show (its own copy lacks their changes); `nil` when the save wrote the
    /// app's composition as given.
    public let mergedVideo: Video?

    /// Whether other clients' changes to the composition were merged in.
    public var wasMerged: Bool { mergedVideo != nil }
  }
#endif
