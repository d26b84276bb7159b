// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// A project's live edits in the store: `live_heads` (the log's length, and the revision and
  /// position it starts from) and `live_edits` (one row per edit, numbered by the server in the
  /// order of their `COMMIT`s).
  ///
  /// An edit is appended only by a session that holds the whole log (its `after` is the log's
  /// length under the head row's lock), so each edit's patch applies to the composition the
  /// previous one left, and every editor that applies the log in order has the same
  /// composition, byte for byte. `(project, session, number)` is unique: an edit sent again
  /// after a lost answer is found, not written twice.
  struct LiveLog: Sendable {
    let connections: StoreConnections
    let connectionString: String
    let timeouts: PostgresTimeouts
    let schema: String
    let project: ProjectID
    let session: UUID
    /// The largest patch read from the log.
    let maximumPatchBytes: Int
    /// The store's images: an edit's new images are written with it, in its transaction.
    let images: PostgresImageStore
    /// The placeholders opening put in for missing images, saved back under their tokens.
    let placeholders: UnresolvedImageStore
    /// The tokens of the pictures this session read or named.
    let memo = ImageTokenMemo()

    /// The channel the store says "the log of project X grew" on.
    static func channel(schema: String) -> String { "kadr_live_\(schema)" }

    /// Another editor's value an edit replaced.
    struct Conflict: Sendable, Codable {
      /// The session whose value lost.
      var loser: UUID
      /// The log position of the losing edit.
      var sequence: Int64
      var conflict: MergeConflict
    }

    /// One edit as the log holds it.
    struct Edit: Sendable {
      var sequence: Int64
      var session: UUID
      var number: Int64
      var editor: String
      var patchBytes: Data
      var conflicts: [Conflict]
      let maximumPatchBytes: Int

      /// The patch, read and checked.
      func patch() throws -> LivePatch {
        guard patchBytes.count <= maximumPatchBytes else {
          throw LivePatch.Mismatch(pointer: "", reason: "a patch of \(patchBytes.count) bytes")
        }
        return try LivePatch(json: JSONValue(jsonText: String(decoding: patchBytes, as: UTF8.self)))
      }
    }

    /// The most edits an edit may go in after without the session having read them, when it
    /// changes other places than all of them.
    static let maximumCommutingLag: Int64 = 32

    /// What appending an edit did.
    enum Appended {
      /// It is the log's `sequence`-th edit, committed (after edits the session has not read
      /// when `sequence` is more than one past what it holds).
      case appended(Int64)
      /// The log grew past `after`: read it, rebase, send again.
      case behind
      /// An earlier attempt committed it (its answer was lost): read the log to learn where.
      case alreadyAppended
    }

    /// Where a session starts: the document of the revision the log starts from, and the log
    /// position it stands at (the session then reads the edits after it).
    ///
    /// Read on a connection of its own, closed after: libpq keeps a connection's input buffer
    /// as large as the largest answer it read (a document arrives in hex, twice its size), so
    /// reading it on a pooled connection would keep that much for as long as the store lasts.
    static func start(
      _ project: ProjectID, schema: String, connectionString: String, timeouts: PostgresTimeouts
    ) throws -> (document: Data, sequence: Int64) {
      let own = try PostgresConnection(connectionString: connectionString, timeouts: timeouts)
      defer { own.close() }
      return try own.transaction { connection in
        _ = try connection.query(
          "INSERT INTO \(schema).live_heads (project, sequence, revision, revision_sequence) "
            + "SELECT id, 0, revision, 0 FROM \(schema).projects WHERE id = $1::uuid "
            + "ON CONFLICT (project) DO NOTHING",
          [.string(project.rawValue)])
        guard
          let head = try connection.query(
            "SELECT h.revision_sequence, r.document FROM \(schema).live_heads h JOIN "
              + "\(schema).revisions r ON r.project = h.project AND r.revision = h.revision "
              + "WHERE h.project = $1::uuid",
            [.string(project.rawValue)]
          ).first,
          let sequence = try head.int64(0), let document = try head.data(1)
        else { throw ProjectLibraryError.projectNotFound(project) }
        return (document, sequence)
      }
    }

    /// An image store that names each image an edit writes and keeps its bytes, for
    /// ``append(_:after:editor:)`` to write with the edit.
    func collectingImages() -> CollectingImageStore {
      CollectingImageStore(images, placeholders: placeholders, memo: memo)
    }

    /// What an image an edit uses is recorded as used by, until a compaction writes a revision
    /// holding that edit: `live:SEQUENCE`.
    static func imageUse(_ sequence: Int64) -> String { "live:\(sequence)" }

    /// Appends `edit` as the edit after the log's `after`-th, if the log is still that long or
    /// the edits since change other places.
    ///
    /// The images the edit brings are written in the same transaction, and recorded as used by
    /// it (``imageUse(_:)``), so an image collection never removes one a log edit names.
    func append(_ edit: LiveSession.Pending, after: Int64, editor: String) throws -> Appended {
      let patch = Data(try edit.patch.json.jsonText().utf8)
      let conflicts =
        edit.conflicts.isEmpty ? nil : try JSONEncoder().encode(edit.conflicts)
      return try connections.transaction { connection in
        guard
          let length = try connection.query(
            "SELECT sequence FROM \(schema).live_heads WHERE project = $1::uuid FOR UPDATE",
            [.string(project.rawValue)]
          ).first?.int64(0)
        else { throw ProjectLibraryError.projectNotFound(project) }
        let sent = try connection.query(
          "SELECT 1 FROM \(schema).live_edits WHERE project = $1::uuid AND session = $2::uuid "
            + "AND number = $3",
          [.string(project.rawValue), .string(session.uuidString), .int(edit.number)])
        if !sent.isEmpty { return .alreadyAppended }
        if length != after {
          // Others' edits came first. When this one changes other places than all of them (the
          // common case: different clips), it applies after them unchanged and goes in at
          // once; otherwise the session reads them and rebases it first.
          guard length > after, length - after <= Self.maximumCommutingLag,
            !edit.patch.changesStructure
          else { return .behind }
          let between = try connection.query(
            "SELECT patch FROM \(schema).live_edits WHERE project = $1::uuid AND sequence > $2 "
              + "ORDER BY sequence",
            [.string(project.rawValue), .int(after)])
          for row in between {
            guard let bytes = try row.data(0), bytes.count <= maximumPatchBytes,
              let other = try? LivePatch(
                json: JSONValue(jsonText: String(decoding: bytes, as: UTF8.self))),
              other.commutes(with: edit.patch)
            else { return .behind }
          }
        }
        let sequence = length + 1
        if !edit.images.isEmpty {
          try images.insert(edit.images, on: connection)
          try connection.query(
            "INSERT INTO \(schema).image_uses (project, use, token) SELECT $1::uuid, $2, token "
              + "FROM \(schema).images WHERE token = ANY (string_to_array($3, E'\\n')) "
              + "ON CONFLICT DO NOTHING",
            [
              .string(project.rawValue), .string(Self.imageUse(sequence)),
              .string(edit.images.map(\.token).joined(separator: "\n")),
            ])
        }
        try connection.query(
          "INSERT INTO \(schema).live_edits (project, sequence, session, number, editor, "
            + "committed, patch, conflicts) VALUES ($1::uuid, $2, $3::uuid, $4, $5, "
            + "extract(epoch FROM clock_timestamp()), $6, $7)",
          [
            .string(project.rawValue), .int(sequence), .string(session.uuidString),
            .int(edit.number), .data(Data(editor.utf8)), .data(patch),
            conflicts.map { PostgresValue.data($0) },
          ])
        try connection.query(
          "UPDATE \(schema).live_heads SET sequence = $2 WHERE project = $1::uuid",
          [.string(project.rawValue), .int(sequence)])
        try connection.query(
          "SELECT pg_notify($1, $2)",
          [.string(Self.channel(schema: schema)), .string(project.rawValue)])
        return .appended(sequence)
      }
    }

    /// The log's edits after the `after`-th, in order, at most `limit`.
    func edits(after: Int64, limit: Int) throws -> [Edit] {
      let rows = try connections.query(
        "SELECT sequence, session::text, number, editor, patch, conflicts FROM "
          + "\(schema).live_edits WHERE project = $1::uuid AND sequence > $2 ORDER BY sequence "
          + "LIMIT \(limit)",
        [.string(project.rawValue), .int(after)])
      var edits: [Edit] = []
      for row in rows {
        guard let sequence = try row.int64(0), let text = try row.string(1),
          let session = UUID(uuidString: text), let number = try row.int64(2),
          let editor = try row.data(3), let patch = try row.data(4)
        else { continue }
        // Conflicts that do not read are left out: they only inform, and every editor reads
        // the same bytes.
        let conflicts =
          try row.data(5).flatMap {
            $0.count <= maximumPatchBytes
              ? try? JSONDecoder().decode([Conflict].self, from: $0) : nil
          } ?? []
        edits.append(
          Edit(
            sequence: sequence, session: session, number: number,
            editor: String(decoding: editor.prefix(256), as: UTF8.self), patchBytes: patch,
            conflicts: conflicts, maximumPatchBytes: maximumPatchBytes))
      }
      return edits
    }

    /// Says this editor is in the session, touching `clip`, until `lifetime` from now; drops
    /// hints that lapsed a minute ago.
    func announcePresence(editor: String, clip: ClipID?, lifetime: Double) throws {
      try connections.transaction { connection in
        _ = try connection.query(
          "INSERT INTO \(schema).live_presence (project, session, editor, clip, expires) "
            + "VALUES ($1::uuid, $2::uuid, $3, $4, extract(epoch FROM clock_timestamp()) + $5) "
            + "ON CONFLICT (project, session) DO UPDATE SET clip = $4, expires = "
            + "extract(epoch FROM clock_timestamp()) + $5",
          [
            .string(project.rawValue), .string(session.uuidString), .data(Data(editor.utf8)),
            clip.map { PostgresValue.string($0.rawValue) }, .int(Int64(lifetime)),
          ])
        _ = try connection.query(
          "DELETE FROM \(schema).live_presence WHERE project = $1::uuid AND expires < "
            + "extract(epoch FROM clock_timestamp()) - 60",
          [.string(project.rawValue)])
      }
    }

    /// Whether the project's head revision lacks edits of the log, or the project was saved
    /// outside the session: what makes an idle session compact.
    func needsCompaction() throws -> Bool {
      let rows = try connections.query(
        "SELECT h.sequence > h.revision_sequence OR p.revision <> h.revision FROM "
          + "\(schema).live_heads h JOIN \(schema).projects p ON p.id = h.project WHERE "
          + "h.project = $1::uuid",
        [.string(project.rawValue)])
      return try rows.first?.bool(0) ?? false
    }

    /// Tells the session's editors to read again (a hint, like every notification).
    func notify() throws {
      _ = try connections.query(
        "SELECT pg_notify($1, $2)",
        [.string(Self.channel(schema: schema)), .string(project.rawValue)])
    }

    /// Takes this editor out of the session's presence.
    func withdrawPresence() throws {
      _ = try connections.query(
        "DELETE FROM \(schema).live_presence WHERE project = $1::uuid AND session = $2::uuid",
        [.string(project.rawValue), .string(session.uuidString)])
    }

    /// The other editors whose hints have not lapsed, by name, and whether this session's id
    /// sorts before every one of theirs (the session that compacts the log).
    func presence() throws -> (editors: [LivePresence], first: Bool) {
      let rows = try connections.query(
        "SELECT editor, clip, expires::text, session::text FROM \(schema).live_presence WHERE "
          + "project = $1::uuid AND session <> $2::uuid AND expires > "
          + "extract(epoch FROM clock_timestamp()) ORDER BY editor, session LIMIT 1000",
        [.string(project.rawValue), .string(session.uuidString)])
      let mine = session.uuidString.lowercased()
      var first = true
      let editors = try rows.compactMap { row -> LivePresence? in
        guard let editor = try row.data(0), let expires = try row.string(2).flatMap(Double.init)
        else { return nil }
        if let other = try row.string(3), other.lowercased() < mine { first = false }
        return LivePresence(
          editor: String(decoding: editor.prefix(256), as: UTF8.self),
          clip: try row.string(1).map { ClipID(String($0.prefix(1024))) },
          expires: Date(timeIntervalSince1970: expires))
      }
      return (editors, first)
    }

    /// A connection of its own, listening on the log's channel.
    /// Closes the store's idle connections (see ``StoreConnections/closeIdle()``).
    func closeIdleConnections() {
      connections.closeIdle()
    }

    func listeningConnection() throws -> PostgresConnection {
      let connection = try PostgresConnection(
        connectionString: connectionString, timeouts: timeouts)
      do {
        try connection.listen(channel: Self.channel(schema: schema))
      } catch {
        connection.close()
        throw error
      }
      return connection
    }
  }

  extension PostgresProjectStore {
    /// Joins the live session of a project: the composition as the store holds it with every
    /// live edit so far, then each edit as the editors make it.
    ///
    /// A project's first session starts the log from its head revision. Every editor of the
    /// project must edit through a session while it is live: a plain `save` of it is not seen
    /// by the session.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - editor: The name the other editors see for this one.
    /// - Returns: The session, holding the whole log.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, the document's `PersistenceError`,
    ///   or `PostgresError`.
    public func joinLiveSession(_ id: ProjectID, editor: String) throws -> LiveSession {
      try joinLiveSession(id, editor: editor, watching: false)
    }

    /// Joins as ``joinLiveSession(_:editor:)``; a session that is `watching` never says it is
    /// present.
    func joinLiveSession(_ id: ProjectID, editor: String, watching: Bool) throws -> LiveSession {
      let start = try LiveLog.start(
        id, schema: schema, connectionString: connectionString, timeouts: connection.timeouts)
      let liveCoder = coder(preservingUnknown: true)
      // Every editor starts from the same bytes: the revision as stored.
      let document = try LiveDocument(bytes: start.document)
      let log = LiveLog(
        connections: connection, connectionString: connectionString,
        timeouts: connection.timeouts, schema: schema, project: id, session: UUID(),
        maximumPatchBytes: options.limits.maximumDocumentBytes, images: images,
        placeholders: placeholders)
      let session = try LiveSession(
        log: log, editor: editor, coder: liveCoder,
        images: LiveImages(images, placeholders: placeholders, memo: log.memo),
        start: document,
        startBytes: start.document, sequence: start.sequence, watching: watching,
        compact: { [self] sequence, document, lag in
          try compactLiveLog(
            id, session: log.session, through: sequence, document: document, coder: liveCoder,
            unlessWithin: lag, spacing: LiveSession.compactionSpacing)
        })
      try session.start()
      return session
    }
  }

  extension PostgresProjectStore: LiveEditFollowing {
    /// Each edit committed to the live session of a project from now on, as it commits: the
    /// store follows the log as an editor that never edits (and is not shown as present).
    ///
    /// - Parameter id: The project.
    /// - Returns: The edits, with what each changed rendered by `KadrDiff` and the values of
    ///   other editors it replaced; the stream ends when the task reading it is cancelled.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, the document's
    ///   `PersistenceError`, or `PostgresError`.
    public func followLiveEdits(of id: ProjectID) throws
      -> AsyncThrowingStream<LiveEditRecord, any Error>
    {
      let session = try joinLiveSession(id, editor: "", watching: true)
      let (stream, continuation) = AsyncThrowingStream<LiveEditRecord, any Error>.makeStream(
        bufferingPolicy: .unbounded)
      let task = Task {
        for await update in session.updates {
          guard case .edit(let editor, let sequence) = update.cause else { continue }
          let lines = update.changes.rendered().split(separator: "\n").dropFirst().map {
            String($0)
          }
          continuation.yield(
            LiveEditRecord(
              sequence: sequence, editor: editor, changes: lines,
              conflicts: update.allConflicts.map(\.watchedSentence)))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in
        task.cancel()
        session.leave()
      }
      return stream
    }
  }
#endif
