// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  extension PostgresProjectStore {
    /// Creates a project as revision 0, or adopts one under its own id and dates; one
    /// transaction.
    ///
    /// - Parameters:
    ///   - name: The name shown to the user (any text).
    ///   - video: The composition; its images are saved in the store.
    ///   - metadata: The app's metadata.
    ///   - thumbnail: A picture for the project list.
    ///   - id: The project's id; a new one when `nil`.
    ///   - created: When it was created; now when `nil`.
    ///   - modified: When it was last changed; `created` when `nil`.
    /// - Returns: The new project's summary.
    /// - Throws: ``ProjectLibraryError/projectExists(_:)`` when the id is taken (in the library
    ///   or its trash), `PersistenceError`, or `PostgresError`.
    @discardableResult
    public func create(
      name: String, video: Video, metadata: Metadata, thumbnail: PlatformImage? = nil,
      id: ProjectID? = nil, created: Date? = nil, modified: Date? = nil
    ) throws -> ProjectSummary<Metadata> {
      let id = id ?? ProjectID()
      let created = created ?? Date()
      let modified = modified ?? created
      let collecting = collectingImages()
      let saved = try coder().save(video, images: collecting)
      let thumbnailToken = try thumbnail.map(collecting.token(for:))
      let metadataBytes = try encodeMetadata(metadata)
      try connection.transaction { connection in
        let taken = try connection.query(
          "SELECT 1 FROM \(schema).projects WHERE id = $1::uuid", [.string(id.rawValue)])
        guard taken.isEmpty else { throw ProjectLibraryError.projectExists(id) }
        try images.insert(collecting.images, on: connection)
        try connection.query(
          "INSERT INTO \(schema).projects (id, name, created, modified, thumbnail, "
            + "metadata_version, metadata, revision) VALUES ($1::uuid, $2, $3::float8, "
            + "$4::float8, $5, $6, $7, 0)",
          [
            .string(id.rawValue), .data(Data(name.utf8)), .string(Self.seconds(created)),
            .string(Self.seconds(modified)), thumbnailToken.map(PostgresValue.string),
            .int(Int64(storedVersion(of: metadata))), .data(metadataBytes),
          ])
        try insertRevision(
          id, revision: 0, saved: modified, document: saved,
          facts: DocumentFacts(video: video, saved: saved), metadata: metadataBytes,
          metadataVersion: storedVersion(of: metadata))
        try recordUses(of: thumbnailToken.map { [$0] } ?? [], by: id, use: "thumbnail")
        try announce(.created, id)
      }
      saw(id, revision: 0)
      return try summary(of: id)
    }

    /// Opens a project's head revision, with the project's current name and metadata.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - preservingUnknown: Keep content of kinds no codec is registered for.
    ///   - missingImages: Refuse a missing image, or open a placeholder for it.
    /// - Returns: The project.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, a metadata error, the document's
    ///   `PersistenceError`, or `PostgresError`.
    public func open(
      _ id: ProjectID, preservingUnknown: Bool = false, missingImages: MissingImages = .refuse
    ) throws -> OpenedProject<Metadata> {
      let read: (ProjectSummary<Metadata>, Data, Data) = try connection.transaction(
        isolation: .repeatableRead
      ) { connection in
        let current = try self.summary(of: id)
        // The document of the head, and the raw metadata: this copy's base.
        let row = try connection.query(
          "SELECT r.document, p.metadata FROM \(schema).revisions r JOIN \(schema).projects p "
            + "ON p.id = r.project WHERE r.project = $1::uuid AND r.revision = $2",
          [.string(id.rawValue), .int(Int64(current.revision))]
        ).first
        guard let document = try row?.data(0), let metadata = try row?.data(1) else {
          throw PostgresProjectStoreError.revisionNotFound(id, revision: current.revision)
        }
        return (current, document, metadata)
      }
      let (summary, document, metadata) = read
      let opened = try decode(
        document, summary: summary, origin: .savedDocument, preservingUnknown: preservingUnknown,
        missingImages: missingImages)
      saw(id, revision: summary.revision, metadata: metadata)
      return opened
    }

    /// Saves a project as a new revision based on what this store last opened, recovered or
    /// saved of it; when another client saved since, merges the two first.
    ///
    /// The save returns once the revision is committed. When other clients' changes were merged
    /// in, the head now holds more than `video`; ``saveMerging(_:metadata:thumbnail:for:)``
    /// returns it. Either way the app may keep editing `video`: its next save is based on it, so
    /// it merges again rather than undoing their changes.
    ///
    /// - Parameters:
    ///   - video: The composition.
    ///   - metadata: The app's metadata, merged member by member with other clients' changes (a
    ///     member both changed keeps this client's value).
    ///   - thumbnail: Keep, set or remove the thumbnail.
    ///   - id: The project.
    /// - Returns: The saved project's summary (``ProjectSummary/revision`` is the new revision).
    /// - Throws: ``PostgresProjectStoreError/conflict(_:theirRevision:conflicts:)`` when the
    ///   merge has conflicts, ``PostgresProjectStoreError/notOpened(_:)`` when this store never
    ///   opened the project, ``ProjectLibraryError/projectNotFound(_:)``,
    ///   ``ProjectLibraryError/newerMetadataVersion(found:supported:)`` (a newer app's project is
    ///   never overwritten), `PersistenceError`, or `PostgresError` (a lock another client holds
    ///   past the lock timeout is ``PostgresError/Kind/lockTimeout``); nothing is written then.
    @discardableResult
    public func save(
      _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID
    ) throws -> ProjectSummary<Metadata> {
      try saveMerging(video, metadata: metadata, thumbnail: thumbnail, for: id).summary
    }

    /// Saves a project as ``save(_:metadata:thumbnail:for:)`` does, and returns what the head
    /// now holds when other clients' changes were merged into the save.
    ///
    /// ```swift
    /// let outcome = try store.saveMerging(edited, metadata: state, for: id)
    /// if let merged = outcome.mergedVideo { show(merged) }  // their edits and ours
    /// ```
    ///
    /// - Parameters:
    ///   - video: The composition.
    ///   - metadata: The app's metadata.
    ///   - thumbnail: Keep, set or remove the thumbnail.
    ///   - id: The project.
    /// - Returns: The summary, and the merged composition when there was a merge.
    /// - Throws: What ``save(_:metadata:thumbnail:for:)`` throws; nothing is written then.
    public func saveMerging(
      _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID
    ) throws -> SaveOutcome<Metadata> {
      try saveMerging(
        video, metadata: metadata, thumbnail: thumbnail, for: id, choosing: ConflictChoices())
    }

    /// Saves a project as ``saveMerging(_:metadata:thumbnail:for:)`` does, with the person's
    /// choice for each conflict the merge meets: the save that threw
    /// ``PostgresProjectStoreError/conflict(_:theirRevision:conflicts:)``, made again.
    ///
    /// ```swift
    /// do {
    ///   try store.save(edited, metadata: state, for: id)
    /// } catch PostgresProjectStoreError.conflict(_, _, let conflicts) {
    ///   var choices = ConflictChoices()
    ///   for conflict in conflicts { choices.keep(ask(conflict.disagreement), for: conflict) }
    ///   try store.saveMerging(edited, metadata: state, for: id, choosing: choices)
    /// }
    /// ```
    ///
    /// Everything that did not conflict is merged from both sides. A conflict the choices do not
    /// cover (another client saved once more meanwhile, say) refuses the save again, listing
    /// only the conflicts still open, so the person decides each once.
    ///
    /// - Parameters:
    ///   - video: The composition.
    ///   - metadata: The app's metadata; a member both clients changed is a conflict too.
    ///   - thumbnail: Keep, set or remove the thumbnail.
    ///   - id: The project.
    ///   - choices: The side each conflict keeps (``ConflictChoices/otherwise`` for the rest).
    /// - Returns: The summary, and the merged composition when there was a merge.
    /// - Throws: What ``save(_:metadata:thumbnail:for:)`` throws; nothing is written then.
    public func saveMerging(
      _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID,
      choosing choices: ConflictChoices
    ) throws -> SaveOutcome<Metadata> {
      try saving.withLock(id) {
        dropPending(id)
        return try commit(
          video, metadata: metadata, thumbnail: thumbnail, for: id, choosing: choices)
      }
    }

    /// Writes a revision of a project, merged with the saves of other clients since its base
    /// (``save(_:metadata:thumbnail:for:)`` without dropping the pending autosave); called with
    /// the project's `saving` lock held.
    func commit(
      _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange, for id: ProjectID,
      choosing choices: ConflictChoices = ConflictChoices()
    ) throws -> SaveOutcome<Metadata> {
      guard let base = base(of: id) else {
        _ = try summary(of: id)  // a missing project is that, not an unopened one
        throw PostgresProjectStoreError.notOpened(id)
      }
      let collecting = collectingImages()
      let ours = try coder().save(video, images: collecting)
      var thumbnailToken: String??
      switch thumbnail {
      case .keep: thumbnailToken = nil
      case .set(let image): thumbnailToken = .some(try collecting.token(for: image))
      case .remove: thumbnailToken = .some(nil)
      }
      let oursMetadata = try encodeMetadata(metadata)
      var attempt: (revision: Int, document: Data, merged: Video?)?
      let write = { [self] (connection: PostgresConnection) -> (revision: Int, merged: Video?) in
        let head = try lockedHead(of: id)
        var saved = ours
        var facts = DocumentFacts(video: video, saved: ours)
        var mergedVideo: Video?
        var open: [MergeConflict] = []
        if head.revision != base.revision || base.document != nil {
          let baseDocument = try base.document ?? revisionDocument(id, revision: base.revision)
          let theirs = try revisionDocument(id, revision: head.revision)
          if theirs != ours.data, theirs != baseDocument {
            if let result = try merged(
              ours, base: baseDocument, theirs: theirs, choosing: choices, open: &open)
            {
              (saved, facts, mergedVideo) = (result.saved, result.facts, result.video)
            }
          }
        }
        let baseMetadata = try base.metadata ?? revisionMetadata(id, revision: base.revision)
        // A member both changed is a conflict like any other: kept as chosen, or refused.
        let metadataMerge = try MetadataMerge.merge(
          base: baseMetadata, ours: oursMetadata, theirs: head.metadata, choosing: choices)
        open += metadataMerge.open
        guard open.isEmpty else {
          throw PostgresProjectStoreError.conflict(
            id, theirRevision: head.revision, conflicts: open)
        }
        let metadataBytes = metadataMerge.merged
        try images.insert(collecting.images, on: connection)
        let now = Date()
        try insertRevision(
          id, revision: head.revision + 1, saved: now, document: saved, facts: facts,
          metadata: metadataBytes, metadataVersion: storedVersion(of: metadata))
        try connection.query(
          "UPDATE \(schema).projects SET modified = $2::float8, metadata_version = $3, "
            + "metadata = $4, revision = $5, thumbnail = CASE WHEN $6 THEN $7 ELSE thumbnail END "
            + "WHERE id = $1::uuid",
          [
            .string(id.rawValue), .string(Self.seconds(now)),
            .int(Int64(storedVersion(of: metadata))),
            .data(metadataBytes), .int(Int64(head.revision + 1)), .bool(thumbnailToken != nil),
            (thumbnailToken ?? nil).map(PostgresValue.string),
          ])
        if let thumbnailToken {
          try recordUses(of: thumbnailToken.map { [$0] } ?? [], by: id, use: "thumbnail")
        }
        try removeAutosave(of: id)
        try announce(.saved, id)
        attempt = (head.revision + 1, saved.data, mergedVideo)
        return (head.revision + 1, mergedVideo)
      }
      let written: (revision: Int, merged: Video?)
      do {
        written = try connection.transaction(write)
      } catch let error as PostgresError where error.kind == .outcomeUnknown {
        // The COMMIT's answer was lost: the revision is ours if it is there with our document.
        guard let attempt,
          (try? revisionDocument(id, revision: attempt.revision)) == attempt.document
        else { throw error }
        written = (attempt.revision, attempt.merged)
      }
      // The app holds `video`, not the merge: its next save is based on what it holds.
      saw(
        id, revision: written.revision, document: written.merged == nil ? nil : ours.data,
        metadata: oursMetadata)
      return SaveOutcome(summary: try summary(of: id), mergedVideo: written.merged)
    }

    /// Renames a project.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - name: The new name (any text).
    /// - Returns: The renamed project's summary.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or `PostgresError`.
    @discardableResult
    public func rename(_ id: ProjectID, to name: String) throws -> ProjectSummary<Metadata> {
      try connection.transaction { connection in
        let renamed = try connection.query(
          "UPDATE \(schema).projects SET name = $2, modified = $3::float8 WHERE id = $1::uuid AND "
            + "trashed IS NULL RETURNING 1",
          [.string(id.rawValue), .data(Data(name.utf8)), .string(Self.seconds(Date()))])
        guard !renamed.isEmpty else { throw ProjectLibraryError.projectNotFound(id) }
        try announce(.renamed, id)
      }
      return try summary(of: id)
    }

    /// Copies a project's head revision under a new id and name, as its revision 0; the copy
    /// shares the store's images.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - name: The copy's name.
    /// - Returns: The copy's summary.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or `PostgresError`.
    @discardableResult
    public func duplicate(_ id: ProjectID, name: String) throws -> ProjectSummary<Metadata> {
      let copy = ProjectID()
      try connection.transaction { connection in
        let head = try lockedHead(of: id)
        let now = Self.seconds(Date())
        try connection.query(
          "INSERT INTO \(schema).projects (id, name, created, modified, thumbnail, "
            + "metadata_version, metadata, revision) SELECT $2::uuid, $3, $4::float8, $4::float8, "
            + "thumbnail, metadata_version, metadata, 0 FROM \(schema).projects WHERE id = $1::uuid",
          [.string(id.rawValue), .string(copy.rawValue), .data(Data(name.utf8)), .string(now)])
        try connection.query(
          "INSERT INTO \(schema).revisions (project, revision, saved, document, metadata_version, "
            + "metadata, clips, duration_value, duration_timescale, schema, kinds) SELECT "
            + "$2::uuid, 0, $4::float8, document, metadata_version, metadata, clips, "
            + "duration_value, duration_timescale, schema, kinds FROM \(schema).revisions WHERE "
            + "project = $1::uuid AND revision = $3",
          [.string(id.rawValue), .string(copy.rawValue), .int(Int64(head.revision)), .string(now)])
        try connection.query(
          "INSERT INTO \(schema).image_uses (project, use, token) SELECT $2::uuid, "
            + "CASE WHEN use = 'thumbnail' THEN use ELSE 'r0' END, token FROM \(schema).image_uses "
            + "WHERE project = $1::uuid AND use IN ('thumbnail', $3) ON CONFLICT DO NOTHING",
          [.string(id.rawValue), .string(copy.rawValue), .string("r\(head.revision)")])
        try announce(.created, copy)
      }
      saw(copy, revision: 0)
      return try summary(of: copy)
    }

    /// Changes a project's metadata in place, holding the project's row from the read to the
    /// write, so two clients updating it at once lose neither change.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - change: Edits the metadata; what it throws is rethrown and nothing is written.
    /// - Returns: The project's summary with the new metadata.
    /// - Throws: ``ProjectLibraryError``, `PostgresError`, or what `change` throws.
    @discardableResult
    public func updateMetadata(
      of id: ProjectID, _ change: (inout Metadata) throws -> Void
    ) throws -> ProjectSummary<Metadata> {
      try connection.transaction { connection in
        let head = try lockedHead(of: id)
        var metadata = try decodeMetadata(head.metadata, version: head.metadataVersion, of: id)
        try change(&metadata)
        try connection.query(
          "UPDATE \(schema).projects SET metadata = $2, metadata_version = $3, "
            + "modified = $4::float8 WHERE id = $1::uuid",
          [
            .string(id.rawValue), .data(try encodeMetadata(metadata)),
            .int(Int64(storedVersion(of: metadata))),
            .string(Self.seconds(Date())),
          ])
        try announce(.metadataChanged, id)
      }
      return try summary(of: id)
    }

    /// A live project's head, its row locked until the transaction ends; a newer app's metadata
    /// is refused.
    func lockedHead(of id: ProjectID) throws -> (
      revision: Int, metadata: Data, metadataVersion: Int
    ) {
      let rows = try connection.query(
        "SELECT revision, metadata, metadata_version FROM \(schema).projects WHERE id = $1::uuid "
          + "AND trashed IS NULL FOR UPDATE",
        [.string(id.rawValue)])
      guard let row = rows.first, let revision = try row.int64(0),
        let version = try row.int64(2)
      else { throw ProjectLibraryError.projectNotFound(id) }
      if Metadata.isNewer(Int(version)) {
        throw ProjectLibraryError.newerMetadataVersion(
          found: Int(version), supported: Metadata.version)
      }
      return (Int(revision), try row.data(1) ?? Data(), Int(version))
    }

    /// The document of one revision.
    func revisionDocument(_ id: ProjectID, revision: Int) throws -> Data {
      let rows = try connection.query(
        "SELECT document FROM \(schema).revisions WHERE project = $1::uuid AND revision = $2",
        [.string(id.rawValue), .int(Int64(revision))])
      guard let document = try rows.first?.data(0) else {
        throw PostgresProjectStoreError.revisionNotFound(id, revision: revision)
      }
      return document
    }

    /// The metadata saved with one revision.
    func revisionMetadata(_ id: ProjectID, revision: Int) throws -> Data {
      let rows = try connection.query(
        "SELECT metadata FROM \(schema).revisions WHERE project = $1::uuid AND revision = $2",
        [.string(id.rawValue), .int(Int64(revision))])
      guard let metadata = try rows.first?.data(0) else {
        throw PostgresProjectStoreError.revisionNotFound(id, revision: revision)
      }
      return metadata
    }

    /// Our save merged with their revision, from the base our copy was derived from, each
    /// conflict resolved as chosen; `nil` when a conflict no choice covers is open (each such
    /// conflict is added to `open`).
    func merged(
      _ ours: SavedDocument, base: Data, theirs: Data, choosing choices: ConflictChoices,
      open: inout [MergeConflict]
    ) throws -> (saved: SavedDocument, facts: DocumentFacts, video: Video)? {
      let differ = CompositionDiffer(coder: coder(preservingUnknown: true))
      let result = try differ.merge(base: base, ours: ours.data, theirs: theirs, choosing: choices)
      guard result.isDecided else {
        open += result.openConflicts
        return nil
      }
      let saved = try coder(preservingUnknown: true).save(result.video, images: result.imageStore)
      return (saved, DocumentFacts(video: result.video, saved: saved), result.video)
    }

    /// Opens a document for a summary.
    func decode(
      _ document: Data, summary: ProjectSummary<Metadata>, origin: OpenedProject<Metadata>.Origin,
      preservingUnknown: Bool, missingImages: MissingImages
    ) throws -> OpenedProject<Metadata> {
      let coder = coder(preservingUnknown: preservingUnknown)
      switch missingImages {
      case .refuse:
        let opened = try coder.open(document, images: images)
        return OpenedProject(
          summary: summary, video: opened.root, preserved: opened.preserved, origin: origin)
      case .placeholder:
        // One placeholder per missing token, shared by every open: memory does not grow with
        // the number of opens, and any open's placeholder saves back as its token.
        let store = FallbackImageStore(images, sharing: placeholders)
        let opened = try coder.open(document, images: store)
        return OpenedProject(
          summary: summary, video: opened.root, preserved: opened.preserved, origin: origin,
          unresolvedImageTokens: store.unresolvedTokens)
      }
    }
  }
#endif
