// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  extension PostgresProjectStore {
    /// Schedules an autosave of an edited project: written when edits have paused for
    /// ``autosaveDelay`` (edits that never pause are written every ten delays), or by
    /// ``flush()``.
    ///
    /// What is written depends on ``autosavePolicy``: a recovery copy on the server beside the
    /// project's head revision, which ``recover(_:preservingUnknown:)`` offers; or a revision, as
    /// ``save(_:metadata:thumbnail:for:)`` writes, merged with other clients' saves. An explicit
    /// save, a delete or a discard of the project before the write drops the edit. Each
    /// background write's outcome is on ``autosaveEvents()``; a failed one stays pending.
    ///
    /// - Parameters:
    ///   - video: The composition as edited.
    ///   - metadata: The app's metadata as edited.
    ///   - thumbnail: Keep, set or remove the thumbnail; a recovery copy keeps the saved one.
    ///   - id: The project.
    public func scheduleSave(
      _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID
    ) {
      let now = ContinuousClock.now
      let generation = lock.withLock { () -> Int in
        if state.pending.isEmpty { state.unsavedSince = now }
        state.generation += 1
        state.pending[id] = StoreState.Pending(
          video: video, metadata: metadata, thumbnail: thumbnail, edit: state.generation,
          dropped: state.dropped[id] ?? 0)
        return state.generation
      }
      let delay = autosaveDelay
      Task.detached { [self] in
        try? await Task.sleep(for: delay)
        let due = lock.withLock {
          state.generation == generation
            || (state.unsavedSince.map { ContinuousClock.now - $0 >= delay * 10 } ?? false)
        }
        // Each outcome reaches autosaveEvents(); a failed write stays pending for the next flush.
        if due { try? flush() }
      }
    }

    /// Writes every pending autosave now.
    ///
    /// - Throws: The first error (``PostgresProjectStoreError/conflict(_:theirRevision:conflicts:)``
    ///   when an autosave that saves meets another client's changes to the same things); the
    ///   edits that failed stay pending unless a newer edit replaced them.
    public func flush() throws {
      let pending = lock.withLock {
        state.unsavedSince = nil
        return state.pending
      }
      var firstError: (any Error)?
      for (id, edit) in pending.sorted(by: { $0.value.edit < $1.value.edit }) {
        do {
          if try write(edit, for: id) { publish(.written(id)) }
          lock.withLock {
            if state.pending[id]?.edit == edit.edit { state.pending[id] = nil }
          }
        } catch ProjectLibraryError.projectNotFound {
          dropPending(id)  // deleted since the edit: nothing to write it into
        } catch {
          publish(.failed(id, error))
          firstError = firstError ?? error
        }
      }
      if let firstError { throw firstError }
    }

    /// A stream of background autosaves' outcomes: each written project, and each failure with
    /// its error (the edit stays pending and is retried). Each call returns a new stream.
    ///
    /// - Returns: A new stream, ended when the task reading it is cancelled.
    public func autosaveEvents() -> AsyncStream<AutosaveEvent> {
      let (stream, continuation) = AsyncStream<AutosaveEvent>.makeStream()
      let key = UUID()
      lock.withLock { autosaveListeners[key] = continuation }
      continuation.onTermination = { [weak self] _ in
        guard let self else { return }
        _ = lock.withLock { autosaveListeners.removeValue(forKey: key) }
      }
      return stream
    }

    /// Gives an autosave's outcome to every ``autosaveEvents()`` stream.
    func publish(_ event: AutosaveEvent) {
      for listener in lock.withLock({ Array(autosaveListeners.values) }) { listener.yield(event) }
    }

    /// Writes one pending edit by the policy; whether it was written (it is stale when the
    /// project was saved, deleted or discarded since, or a newer edit was written).
    private func write(_ edit: StoreState<Metadata>.Pending, for id: ProjectID) throws -> Bool {
      try saving.withLock(id) {
        let stale = lock.withLock {
          state.dropped[id, default: 0] != edit.dropped
            || state.written[id, default: 0] >= edit.edit
        }
        guard !stale else { return false }
        let written: Bool
        switch autosavePolicy {
        case .saves:
          _ = try commit(edit.video, metadata: edit.metadata, thumbnail: edit.thumbnail, for: id)
          written = true
        default:
          written = try writeAutosave(edit.video, metadata: edit.metadata, for: id)
        }
        lock.withLock { state.written[id] = edit.edit }
        return written
      }
    }

    /// The newest autosave of a project when it is based on the project's head revision (an
    /// autosave made before another save is stale), else `nil`.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - preservingUnknown: Keep content of kinds no codec is registered for.
    /// - Returns: The recovered project (``OpenedProject/Origin/autosave(saved:sequence:)``).
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, a metadata error, or
    ///   `PostgresError`.
    public func recover(
      _ id: ProjectID, preservingUnknown: Bool = false
    ) throws -> OpenedProject<Metadata>? {
      let found: (ProjectSummary<Metadata>, PostgresRow)? = try connection.transaction(
        isolation: .repeatableRead
      ) { connection in
        let current = try self.summary(of: id)
        let rows = try connection.query(
          "SELECT document, metadata, metadata_version, saved::text, sequence, base_document, "
            + "base_metadata FROM \(schema).autosaves WHERE project = $1::uuid AND based_on = $2",
          [.string(id.rawValue), .int(Int64(current.revision))])
        return rows.first.map { (current, $0) }
      }
      guard let (saved, row) = found else { return nil }
      guard let document = try row.data(0), let metadataBytes = try row.data(1),
        let version = try row.int64(2), let when = try row.string(3).flatMap(Double.init),
        let sequence = try row.int64(4)
      else { throw PostgresProjectStoreError.damagedRow(id, detail: "an autosave's columns") }
      let metadata = try decodeMetadata(metadataBytes, version: Int(version), of: id)
      let summary = ProjectSummary(
        id: id, name: saved.name, created: saved.created, modified: saved.modified,
        thumbnailToken: saved.thumbnailToken, metadata: metadata, metadataVersion: Int(version),
        facts: nil, revision: saved.revision, hasAutosave: true)
      let recovered = try decode(
        document, summary: summary,
        origin: .autosave(saved: Date(timeIntervalSince1970: when), sequence: Int(sequence)),
        preservingUnknown: preservingUnknown, missingImages: .refuse)
      // The recovered edits were made on what the autosave was based on: a save of them merges
      // from there, so a save another client made since is kept.
      saw(id, revision: saved.revision, document: try row.data(5), metadata: try row.data(6))
      return recovered
    }

    /// Removes a project's autosave.
    ///
    /// - Parameter id: The project.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or `PostgresError`.
    public func discardAutosave(_ id: ProjectID) throws {
      dropPending(id)
      try connection.transaction { _ in
        _ = try lockedHead(of: id)
        try removeAutosave(of: id)
      }
    }

    /// Writes one autosave with what its edits were based on (this store's base of the
    /// project); whether it was written. It is not when another client saved a later revision
    /// than the base: ``recover(_:preservingUnknown:)`` offers only autosaves of the head.
    ///
    /// - Throws: ``PostgresProjectStoreError/notOpened(_:)`` when this store has no base for the
    ///   project, or what the write throws.
    func writeAutosave(_ video: Video, metadata: Metadata, for id: ProjectID) throws -> Bool {
      guard let base = base(of: id) else { throw PostgresProjectStoreError.notOpened(id) }
      let collecting = collectingImages()
      let saved = try coder().save(video, images: collecting)
      let metadataBytes = try encodeMetadata(metadata)
      return try connection.transaction { connection in
        let head = try lockedHead(of: id)
        if base.revision < head.revision { return false }
        try images.insert(collecting.images, on: connection)
        try connection.query(
          "INSERT INTO \(schema).autosaves AS a (project, based_on, sequence, saved, document, "
            + "metadata_version, metadata, base_document, base_metadata) VALUES ($1::uuid, $2, 1, "
            + "$3::float8, $4, $5, $6, $7, $8) ON CONFLICT (project) DO UPDATE SET sequence = "
            + "CASE WHEN a.based_on = $2 THEN a.sequence + 1 ELSE 1 END, based_on = $2, "
            + "saved = $3::float8, document = $4, metadata_version = $5, metadata = $6, "
            + "base_document = $7, base_metadata = $8",
          [
            .string(id.rawValue), .int(Int64(head.revision)), .string(Self.seconds(Date())),
            .data(saved.data), .int(Int64(storedVersion(of: metadata))), .data(metadataBytes),
            base.document.map(PostgresValue.data), base.metadata.map(PostgresValue.data),
          ])
        try recordUses(of: saved.data, by: id, use: "autosave")
        try announce(.autosaved, id)
        return true
      }
    }

    /// Deletes a project's autosave and the record of its images (in the caller's transaction).
    func removeAutosave(of id: ProjectID) throws {
      try connection.query(
        "DELETE FROM \(schema).autosaves WHERE project = $1::uuid", [.string(id.rawValue)])
      try recordUses(of: [String](), by: id, use: "autosave")
    }

    /// Forgets a pending autosave edit (an explicit save or a delete replaces it).
    func dropPending(_ id: ProjectID) {
      lock.withLock {
        state.pending[id] = nil
        state.dropped[id, default: 0] += 1
      }
    }
  }
#endif
