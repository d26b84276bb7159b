// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// One save of a project, as its history lists it.
  public struct ProjectRevision: Sendable, Hashable {
    /// Its number: 0 is the create, each save adds one.
    public let revision: Int
    /// When it was saved.
    public let saved: Date
    /// The number of clips its document holds.
    public let clipCount: Int
    /// Its composition's length.
    public let duration: Time
  }

  extension PostgresProjectStore {
    /// Every revision of a project, newest first.
    ///
    /// - Parameter id: The project (live or trashed).
    /// - Returns: Its revisions.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or `PostgresError`.
    public func history(of id: ProjectID) throws -> [ProjectRevision] {
      let rows = try connection.query(
        "SELECT revision, saved::text, clips, duration_value, duration_timescale FROM "
          + "\(schema).revisions WHERE project = $1::uuid ORDER BY revision DESC",
        [.string(id.rawValue)])
      guard !rows.isEmpty else { throw ProjectLibraryError.projectNotFound(id) }
      return try rows.map { row in
        guard let revision = try row.int64(0), let saved = try row.string(1).flatMap(Double.init),
          let clips = try row.int64(2), let value = try row.int64(3),
          let timescale = try row.int64(4).flatMap({ Int32(exactly: $0) }), timescale > 0
        else { throw PostgresProjectStoreError.damagedRow(id, detail: "a revision's columns") }
        return ProjectRevision(
          revision: Int(revision), saved: Date(timeIntervalSince1970: saved), clipCount: Int(clips),
          duration: Time(value: value, timescale: timescale))
      }
    }

    /// Opens one revision of a project, with the metadata it was saved with. Opening an old
    /// revision does not change what the next save is based on.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - revision: The revision.
    /// - Returns: The project as it was saved then.
    /// - Throws: ``PostgresProjectStoreError/revisionNotFound(_:revision:)``,
    ///   ``ProjectLibraryError/projectNotFound(_:)``, or the document's error.
    public func open(_ id: ProjectID, revision: Int) throws -> OpenedProject<Metadata> {
      let current = try summary(of: id)
      let rows = try connection.query(
        "SELECT document, metadata, metadata_version, saved::text FROM \(schema).revisions WHERE "
          + "project = $1::uuid AND revision = $2",
        [.string(id.rawValue), .int(Int64(revision))])
      guard let row = rows.first, let document = try row.data(0), let bytes = try row.data(1),
        let version = try row.int64(2), let saved = try row.string(3).flatMap(Double.init)
      else { throw PostgresProjectStoreError.revisionNotFound(id, revision: revision) }
      let summary = ProjectSummary(
        id: id, name: current.name, created: current.created,
        modified: Date(timeIntervalSince1970: saved), thumbnailToken: current.thumbnailToken,
        metadata: try decodeMetadata(bytes, version: Int(version), of: id),
        metadataVersion: Int(version), facts: nil, revision: revision, hasAutosave: false)
      return try decode(
        document, summary: summary, origin: .savedDocument, preservingUnknown: false,
        missingImages: .refuse)
    }

    /// Saves an earlier revision again, as the project's newest revision (nothing in between is
    /// lost: it stays in the history).
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - revision: The revision to bring back.
    /// - Returns: The project's summary at its new revision.
    /// - Throws: ``PostgresProjectStoreError/revisionNotFound(_:revision:)``,
    ///   ``ProjectLibraryError/projectNotFound(_:)``, or `PostgresError`.
    @discardableResult
    public func restore(_ id: ProjectID, toRevision revision: Int) throws
      -> ProjectSummary<Metadata>
    {
      // A save: no autosave that saves commits between the pending edit's drop and this one.
      try saving.withLock(id) {
        dropPending(id)
        let newRevision = try restoreRevision(id, revision)
        saw(id, revision: newRevision)
        return try summary(of: id)
      }
    }

    /// Copies `revision` as the project's next revision, in one transaction; its number.
    private func restoreRevision(_ id: ProjectID, _ revision: Int) throws -> Int {
      try connection.transaction { connection -> Int in
        let head = try lockedHead(of: id)
        let copied = try connection.query(
          "INSERT INTO \(schema).revisions (project, revision, saved, document, metadata_version, "
            + "metadata, clips, duration_value, duration_timescale, schema, kinds) SELECT project, "
            + "$3, $4::float8, document, metadata_version, metadata, clips, duration_value, "
            + "duration_timescale, schema, kinds FROM \(schema).revisions WHERE project = $1::uuid "
            + "AND revision = $2 RETURNING metadata, metadata_version",
          [
            .string(id.rawValue), .int(Int64(revision)), .int(Int64(head.revision + 1)),
            .string(Self.seconds(Date())),
          ])
        guard let row = copied.first else {
          throw PostgresProjectStoreError.revisionNotFound(id, revision: revision)
        }
        try connection.query(
          "INSERT INTO \(schema).image_uses (project, use, token) SELECT project, $3, token FROM "
            + "\(schema).image_uses WHERE project = $1::uuid AND use = $2 ON CONFLICT DO NOTHING",
          [.string(id.rawValue), .string("r\(revision)"), .string("r\(head.revision + 1)")])
        try connection.query(
          "UPDATE \(schema).projects SET revision = $2, modified = $3::float8, metadata = $4, "
            + "metadata_version = $5 WHERE id = $1::uuid",
          [
            .string(id.rawValue), .int(Int64(head.revision + 1)), .string(Self.seconds(Date())),
            .data(try row.data(0) ?? Data()), .int(try row.int64(1) ?? Int64(Metadata.version)),
          ])
        try removeAutosave(of: id)
        try announce(.saved, id)
        return head.revision + 1
      }
    }
  }
#endif
