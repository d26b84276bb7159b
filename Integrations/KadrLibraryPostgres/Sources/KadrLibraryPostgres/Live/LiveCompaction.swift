// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// What a compaction of a live log did; each case carries the log position the project's
  /// head revision holds after it.
  enum LiveCompaction: Sendable {
    /// The log's first `through` edits are now the project's head revision.
    case compacted(through: Int64)
    /// Nothing to do: the head revision holds the log through `through`, which is enough.
    case current(through: Int64)
    /// A save outside the session is to be merged in, and the log grew past what the session
    /// holds: read it first.
    case behind(through: Int64)
  }

  extension PostgresProjectStore {
    /// Writes the live log of a project, through `sequence` (the composition `document`), as
    /// the project's next revision, so that history, restore, packages, `library copy` and an
    /// app that opens the project without joining see it, and a late joiner starts there.
    ///
    /// Nothing is written when the head revision already holds the log to within `lag` edits
    /// of `sequence`, or, with a `lag`, holds an edit committed less than `spacing` ago (the
    /// server's clock: the spacing is the session's, not each editor's). Edits committed after
    /// `sequence` stay in the
    /// log, after the revision: a busy session is compacted without waiting for a quiet moment.
    /// The document is opened and saved (the check that the revision is what a save writes, and
    /// its facts) before the head row is locked, so commits wait only for the revision's
    /// insert.
    ///
    /// A save made outside the session since the log's revision (a plain save, a restore) is
    /// merged in first, its values kept where both changed one, and becomes an edit of the log
    /// (by `session`, numbered below zero) that every editor applies.
    ///
    /// The revision's document is the log's composition byte for byte: a late joiner applies
    /// the log's later edits to exactly what the earlier editors had.
    func compactLiveLog(
      _ id: ProjectID, session: UUID, through sequence: Int64, document: LiveDocument,
      coder: KadrCoder, unlessWithin lag: Int64, spacing: Duration
    ) throws -> LiveCompaction {
      guard
        let peek = try connection.query(
          "SELECT h.sequence, h.revision_sequence, h.revision = p.revision, "
            + "(extract(epoch FROM clock_timestamp()) - e.committed)::text FROM "
            + "\(schema).live_heads h JOIN \(schema).projects p ON p.id = h.project LEFT JOIN "
            + "\(schema).live_edits e ON e.project = h.project AND e.sequence = "
            + "h.revision_sequence WHERE h.project = $1::uuid",
          [.string(id.rawValue)]
        ).first,
        let length = try peek.int64(0), let held = try peek.int64(1), let inStep = try peek.bool(2)
      else { throw ProjectLibraryError.projectNotFound(id) }
      let age = try peek.string(3).flatMap(Double.init) ?? .infinity
      let recent = lag > 0 && age < Double(spacing.components.seconds)
      if inStep && (held >= sequence || sequence - held < max(1, lag) || recent) {
        return .current(through: held)
      }
      if !inStep && length != sequence { return .behind(through: held) }
      // The revision's bytes and facts, worked out with no lock held.
      let images = FallbackImageStore(self.images, sharing: placeholders)
      var prepared: (saved: SavedDocument, facts: DocumentFacts)?
      if inStep {
        let bytes = try document.data()
        let opened = try coder.open(bytes, images: images)
        let saved = try coder.save(opened.root, images: images)
        // Not what a save writes (a document of an older schema): kept in the log instead.
        guard saved.data == bytes else { return .current(through: held) }
        prepared = (saved, DocumentFacts(video: opened.root, saved: saved))
      }
      return try connection.transaction { connection in
        guard
          let row = try connection.query(
            "SELECT sequence, revision, revision_sequence FROM \(schema).live_heads WHERE "
              + "project = $1::uuid FOR UPDATE",
            [.string(id.rawValue)]
          ).first,
          let length = try row.int64(0), let logRevision = try row.int64(1),
          let compacted = try row.int64(2)
        else { throw ProjectLibraryError.projectNotFound(id) }
        if compacted >= sequence || length < sequence { return .current(through: compacted) }
        let head = try lockedHead(of: id)
        var through = sequence
        let saved: SavedDocument
        let facts: DocumentFacts
        if head.revision != Int(logRevision) {
          // Saved outside the session: merged in as an edit of the log.
          guard length == sequence else { return .behind(through: compacted) }
          let base = try revisionDocument(id, revision: Int(logRevision))
          let theirs = try revisionDocument(id, revision: head.revision)
          let merged = try CompositionDiffer(coder: coder).merge(
            base: base, ours: document.data(), theirs: theirs, preferring: .theirs)
          let patch = try LiveDocument.patch(from: document, to: LiveDocument(merged.document.json))
          through = sequence + 1
          _ = try connection.query(
            "INSERT INTO \(schema).live_edits (project, sequence, session, number, editor, "
              + "committed, patch, conflicts) VALUES ($1::uuid, $2, $3::uuid, $4, $5, "
              + "extract(epoch FROM clock_timestamp()), $6, NULL)",
            [
              .string(id.rawValue), .int(through), .string(session.uuidString), .int(-through),
              .data(Data(LiveSession.outsideEditor.utf8)),
              .data(Data(try patch.json.jsonText().utf8)),
            ])
          let bytes = try KadrDocument(json: merged.document.json).data()
          let opened = try coder.open(bytes, images: images)
          saved = try coder.save(opened.root, images: images)
          guard saved.data == bytes else { return .current(through: compacted) }
          facts = DocumentFacts(video: opened.root, saved: saved)
        } else if let prepared {
          (saved, facts) = prepared
        } else {
          // Saved outside since the look, and back in step: looked at again next time.
          return .current(through: compacted)
        }
        let now = Date()
        try insertRevision(
          id, revision: head.revision + 1, saved: now, document: saved, facts: facts,
          metadata: head.metadata, metadataVersion: head.metadataVersion)
        _ = try connection.query(
          "UPDATE \(schema).projects SET modified = $2::float8, revision = $3 WHERE id = $1::uuid",
          [.string(id.rawValue), .string(Self.seconds(now)), .int(Int64(head.revision + 1))])
        _ = try connection.query(
          "UPDATE \(schema).live_heads SET sequence = GREATEST(sequence, $2), revision = $3, "
            + "revision_sequence = $2 WHERE project = $1::uuid",
          [.string(id.rawValue), .int(through), .int(Int64(head.revision + 1))])
        // The revision now names the images of the edits it holds.
        _ = try connection.query(
          "DELETE FROM \(schema).image_uses WHERE project = $1::uuid AND use LIKE 'live:%' AND "
            + "substr(use, 6)::bigint <= $2",
          [.string(id.rawValue), .int(through)])
        try announce(.saved, id)
        if through != sequence {
          _ = try connection.query(
            "SELECT pg_notify($1, $2)",
            [.string(LiveLog.channel(schema: schema)), .string(id.rawValue)])
        }
        return .compacted(through: through)
      }
    }
  }
#endif
