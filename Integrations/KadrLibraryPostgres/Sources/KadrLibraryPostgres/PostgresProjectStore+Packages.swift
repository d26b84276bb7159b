// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// Project packages on the PostgreSQL store, one image in memory at a time: an export reads the
  /// head revision's document as saved and fetches its images one by one; an import adds the
  /// package's images one by one (sending none the store has) and writes the project from the
  /// document without reading an image, all in one transaction.
  extension PostgresProjectStore {
    /// The coder of the store's documents (its registry, options and migrations), so project
    /// packages keep the plugin kinds the store knows (see
    /// `ProjectStore.export(_:to:includingHistory:)`).
    public var projectCoder: KadrCoder { coder() }

    /// `true`: every save is a revision (``history(of:)``), and packages carry them both ways.
    public var keepsRevisionHistory: Bool { true }

    /// Every revision of a project, oldest first, each reading its document when an export
    /// writes it (what `storedProject(_:includingHistory:)` returns as the history).
    ///
    /// - Parameter id: The project.
    /// - Returns: Its revisions, with their saved dates, metadata and document facts.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, a metadata error, or
    ///   `PostgresError`.
    public func storedHistory(of id: ProjectID) throws -> [StoredRevision<Metadata>] {
      let rows = try connection.query(
        "SELECT revision, saved::text, metadata, metadata_version, clips, duration_value, "
          + "duration_timescale, schema, kinds FROM \(schema).revisions WHERE project = $1::uuid "
          + "ORDER BY revision",
        [.string(id.rawValue)])
      guard !rows.isEmpty else { throw ProjectLibraryError.projectNotFound(id) }
      return try rows.map { row in
        guard let revision = try row.int64(0).map(Int.init),
          let saved = try row.string(1).flatMap(Double.init), let version = try row.int64(3),
          let clips = try row.int64(4), let value = try row.int64(5),
          let timescale = try row.int64(6).flatMap({ Int32(exactly: $0) }), timescale > 0,
          let schemaNumber = try row.int64(7)
        else { throw PostgresProjectStoreError.damagedRow(id, detail: "a revision's columns") }
        return StoredRevision(
          revision: revision, saved: Date(timeIntervalSince1970: saved),
          metadata: try decodeMetadata(try row.data(2) ?? Data(), version: Int(version), of: id),
          metadataVersion: Int(version),
          facts: DocumentFacts(
            clipCount: Int(clips), duration: Time(value: value, timescale: timescale),
            schema: Int(schemaNumber),
            kinds: (try row.string(8) ?? "").split(separator: "\n").map(String.init)),
          document: { [self] in try revisionDocument(id, revision: revision) })
      }
    }

    /// The head revision's document as saved, with the project's summary and, when asked, its
    /// revisions, read in one snapshot, and the store's images; see
    /// `ProjectStore.storedProject(_:includingHistory:)`.
    ///
    /// - Parameters:
    ///   - id: The project.
    ///   - includingHistory: Whether to list the project's revisions too (each reads its
    ///     document only when it is written).
    /// - Returns: Its summary, document, image store and history.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, a metadata error, or
    ///   `PostgresError`.
    public func storedProject(_ id: ProjectID, includingHistory: Bool) throws
      -> StoredProject<Metadata>
    {
      let read = try connection.transaction(isolation: .repeatableRead) {
        _ -> (ProjectSummary<Metadata>, Data, [StoredRevision<Metadata>]) in
        let current = try self.summary(of: id)
        return (
          current, try revisionDocument(id, revision: current.revision),
          includingHistory ? try storedHistory(of: id) : []
        )
      }
      return StoredProject(summary: read.0, document: read.1, images: images, history: read.2)
    }

    /// Writes a package's project in one transaction: its images (each read from its file when
    /// the store lacks it, one at a time), then the project: as revision 0, or with the
    /// package's history under its revision numbers and dates, the head as the package's
    /// revision; or, replacing, as the live project's next revision with the package's name,
    /// metadata and thumbnail (the package's history is not written then); see
    /// `ProjectStore.importProject(_:id:replacing:)`.
    ///
    /// A replacing import is a save that overwrites: it is not merged with the head, and it
    /// drops the project's autosave.
    ///
    /// - Parameters:
    ///   - package: The package's project.
    ///   - id: The project's id in the store.
    ///   - replacing: Whether to save over the live project `id`.
    /// - Returns: The project's summary.
    /// - Throws: ``ProjectLibraryError/projectExists(_:)``, `ProjectPackageError` (an image whose
    ///   bytes are not of the format its name says),
    ///   ``ProjectLibraryError/newerMetadataVersion(found:supported:)`` (replacing a newer app's
    ///   project), `PersistenceError`, or `PostgresError`; nothing is written then.
    @discardableResult
    public func importProject(
      _ package: PackagedProject<Metadata>, id: ProjectID, replacing: Bool
    ) throws -> ProjectSummary<Metadata> {
      // A package token is `file:<sha256>.<ext>`, checked against the bytes; ours is `pg:` and
      // the same name, or the external store's token, which uploading the image (one file at a
      // time) gives.
      var tokens: [String: String] = [:]
      for image in package.images {
        if let external = images.external {
          tokens[image.token] = try external.token(for: try image.load())
        } else {
          tokens[image.token] = "pg:" + image.token.drop { $0 != ":" }.dropFirst()
        }
      }
      let (saved, facts) = try package.document(replacingTokens: tokens)
      let thumbnail = package.thumbnailToken.flatMap { tokens[$0] }
      let metadata = try encodeMetadata(package.metadata)
      let version = storedVersion(of: package.metadata)
      guard replacing else {
        let head = package.history.isEmpty ? 0 : package.revision ?? 0
        try connection.transaction { connection in
          let taken = try connection.query(
            "SELECT 1 FROM \(schema).projects WHERE id = $1::uuid", [.string(id.rawValue)])
          guard taken.isEmpty else { throw ProjectLibraryError.projectExists(id) }
          try insertImages(of: package, tokens: tokens, on: connection)
          try connection.query(
            "INSERT INTO \(schema).projects (id, name, created, modified, thumbnail, "
              + "metadata_version, metadata, revision) VALUES ($1::uuid, $2, $3::float8, "
              + "$4::float8, $5, $6, $7, $8)",
            [
              .string(id.rawValue), .data(Data(package.name.utf8)),
              .string(Self.seconds(package.created)), .string(Self.seconds(package.modified)),
              thumbnail.map(PostgresValue.string), .int(Int64(version)), .data(metadata),
              .int(Int64(head)),
            ])
          // The package's history under its numbers, then the head.
          for earlier in package.history {
            let document = try earlier.document(replacingTokens: tokens)
            try insertRevision(
              id, revision: earlier.revision, saved: earlier.saved, document: document.saved,
              facts: document.facts,
              metadata: try encodeMetadata(earlier.metadata),
              metadataVersion: storedVersion(of: earlier.metadata))
          }
          try insertRevision(
            id, revision: head, saved: package.modified, document: saved, facts: facts,
            metadata: metadata, metadataVersion: version)
          try recordUses(of: thumbnail.map { [$0] } ?? [], by: id, use: "thumbnail")
          try announce(.created, id)
        }
        saw(id, revision: head)
        return try summary(of: id)
      }
      return try saving.withLock(id) {
        dropPending(id)
        let revision = try connection.transaction { connection -> Int in
          let live = try connection.query(
            "SELECT name FROM \(schema).projects WHERE id = $1::uuid AND trashed IS NULL",
            [.string(id.rawValue)])
          guard let oldName = try live.first?.data(0) else {
            throw ProjectLibraryError.projectExists(id)
          }
          try insertImages(of: package, tokens: tokens, on: connection)
          let head = try lockedHead(of: id)
          let now = Date()
          try insertRevision(
            id, revision: head.revision + 1, saved: now, document: saved, facts: facts,
            metadata: metadata, metadataVersion: version)
          try connection.query(
            "UPDATE \(schema).projects SET name = $2, modified = $3::float8, metadata_version = $4, "
              + "metadata = $5, revision = $6, thumbnail = $7 WHERE id = $1::uuid",
            [
              .string(id.rawValue), .data(Data(package.name.utf8)), .string(Self.seconds(now)),
              .int(Int64(version)), .data(metadata), .int(Int64(head.revision + 1)),
              thumbnail.map(PostgresValue.string),
            ])
          try recordUses(of: thumbnail.map { [$0] } ?? [], by: id, use: "thumbnail")
          try removeAutosave(of: id)
          try announce(.saved, id)
          if oldName != Data(package.name.utf8) { try announce(.renamed, id) }
          return head.revision + 1
        }
        saw(id, revision: revision)
        return try summary(of: id)
      }
    }

    /// Adds the package's images the store lacks, reading one file at a time.
    private func insertImages(
      of package: PackagedProject<Metadata>, tokens: [String: String],
      on connection: PostgresConnection
    ) throws {
      for image in package.images {
        guard let token = tokens[image.token] else { continue }
        let stored = try connection.query(
          "SELECT 1 FROM \(schema).images WHERE token = $1", [.string(token)])
        guard stored.isEmpty else { continue }
        try images.insert([(token, try image.load().data)], on: connection)
      }
    }
  }
#endif
