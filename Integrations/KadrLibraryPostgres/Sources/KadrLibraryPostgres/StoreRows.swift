// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// Reading and writing the store's rows: metadata, facts, summaries.
  extension PostgresProjectStore {
    /// The columns of a project summary, selected from `projects p` joined with its head
    /// revision `r`.
    var summaryColumns: String {
      "p.id::text, p.name, p.created::text, p.modified::text, p.thumbnail, p.metadata_version, "
        + "p.metadata, p.revision, r.clips, r.duration_value, r.duration_timescale, r.schema, "
        + "r.kinds, EXISTS (SELECT 1 FROM \(schema).autosaves a WHERE a.project = p.id AND "
        + "a.based_on = p.revision)"
    }

    /// `FROM` the projects joined with their head revisions.
    var summarySource: String {
      "\(schema).projects p JOIN \(schema).revisions r ON r.project = p.id AND r.revision = p.revision"
    }

    /// The summary of one row selected with ``summaryColumns``.
    func summary(of row: PostgresRow) throws -> ProjectSummary<Metadata> {
      guard let text = try row.string(0), let id = ProjectID(rawValue: text) else {
        throw PostgresProjectStoreError.damagedRow(nil, detail: "a project's id is not a UUID")
      }
      func number(_ column: Int) throws -> Double {
        guard let text = try row.string(column), let value = Double(text) else {
          throw PostgresProjectStoreError.damagedRow(id, detail: "column \(column) is no number")
        }
        return value
      }
      func integer(_ column: Int) throws -> Int {
        guard let value = try row.int64(column) else {
          throw PostgresProjectStoreError.damagedRow(id, detail: "column \(column) is NULL")
        }
        return Int(value)
      }
      let name = String(decoding: try row.data(1) ?? Data(), as: UTF8.self)
      let metadataVersion = try integer(5)
      let metadata = try decodeMetadata(try row.data(6) ?? Data(), version: metadataVersion, of: id)
      guard let timescale = Int32(exactly: try integer(10)), timescale > 0 else {
        throw PostgresProjectStoreError.damagedRow(id, detail: "a duration's timescale")
      }
      let facts = DocumentFacts(
        clipCount: try integer(8),
        duration: Time(value: Int64(try integer(9)), timescale: timescale),
        schema: try integer(11),
        kinds: (try row.string(12) ?? "").split(separator: "\n").map(String.init))
      return ProjectSummary(
        id: id, name: name, created: Date(timeIntervalSince1970: try number(2)),
        modified: Date(timeIntervalSince1970: try number(3)), thumbnailToken: try row.string(4),
        metadata: metadata, metadataVersion: metadataVersion, facts: facts,
        revision: try integer(7), hasAutosave: try row.bool(13) ?? false)
    }

    /// The summary of a live (or, with `trashed`, trashed) project.
    func summary(of id: ProjectID, trashed: Bool = false) throws -> ProjectSummary<Metadata> {
      let rows = try connection.query(
        "SELECT \(summaryColumns) FROM \(summarySource) WHERE p.id = $1::uuid AND "
          + "(p.trashed IS NULL) <> $2",
        [.string(id.rawValue), .bool(trashed)])
      guard let row = rows.first else { throw ProjectLibraryError.projectNotFound(id) }
      return try summary(of: row)
    }

    /// The version `metadata` is stored under: the app's, or for opaque metadata a tool read
    /// from a project or package, the version it was read under.
    func storedVersion(of metadata: Metadata) -> Int {
      (metadata as? OpaqueMetadata)?.sourceVersion ?? Metadata.version
    }

    /// The app's metadata as stored: JSON bytes.
    func encodeMetadata(_ metadata: Metadata) throws -> Data {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return try encoder.encode(metadata)
    }

    /// The app's metadata, migrated from `version`.
    ///
    /// - Throws: ``ProjectLibraryError/newerMetadataVersion(found:supported:)`` or
    ///   ``ProjectLibraryError/unreadableMetadata(path:detail:)``.
    func decodeMetadata(_ data: Data, version: Int, of id: ProjectID) throws -> Metadata {
      if Metadata.isNewer(version) {
        throw ProjectLibraryError.newerMetadataVersion(found: version, supported: Metadata.version)
      }
      do {
        let stored = try JSONDecoder().decode(JSONValue.self, from: data)
        let current = try Metadata.migrated(stored, from: version)
        let decoded = try JSONDecoder().decode(
          Metadata.self, from: KadrDocument(json: current).data())
        // A tool reading without the app's type keeps the version, to write it back unchanged.
        guard var opaque = decoded as? OpaqueMetadata else { return decoded }
        opaque.sourceVersion = version
        return (opaque as? Metadata) ?? decoded
      } catch let error as ProjectLibraryError {
        throw error
      } catch {
        throw ProjectLibraryError.unreadableMetadata(
          path: "\(schema).projects[\(id.rawValue)].metadata", detail: "\(error)")
      }
    }

    /// Inserts a revision of a project with its document's facts, and records the images the
    /// document uses (those the store has) as used by it.
    func insertRevision(
      _ id: ProjectID, revision: Int, saved: Date, document: SavedDocument, facts: DocumentFacts,
      metadata: Data, metadataVersion: Int
    ) throws {
      try connection.query(
        "INSERT INTO \(schema).revisions (project, revision, saved, document, metadata_version, "
          + "metadata, clips, duration_value, duration_timescale, schema, kinds) VALUES "
          + "($1::uuid, $2, $3::float8, $4, $5, $6, $7, $8, $9, $10, $11)",
        [
          .string(id.rawValue), .int(Int64(revision)), .string(Self.seconds(saved)),
          .data(document.data), .int(Int64(metadataVersion)), .data(metadata),
          .int(Int64(facts.clipCount)), .int(facts.duration.value),
          .int(Int64(facts.duration.timescale)), .int(Int64(facts.schema)),
          .string(facts.kinds.joined(separator: "\n")),
        ])
      try recordUses(of: document.data, by: id, use: "r\(revision)")
    }

    /// Records the images a document uses (the ones the store has) as used by `use` of `id`.
    func recordUses(of document: Data, by id: ProjectID, use: String) throws {
      let tokens = try KadrCoding.imageTokens(in: document)
      try recordUses(of: tokens, by: id, use: use)
    }

    /// Records image tokens as used by `use` of `id`, replacing what `use` used before.
    func recordUses(of tokens: [String], by id: ProjectID, use: String) throws {
      try connection.query(
        "DELETE FROM \(schema).image_uses WHERE project = $1::uuid AND use = $2",
        [.string(id.rawValue), .string(use)])
      guard !tokens.isEmpty else { return }
      try connection.query(
        "INSERT INTO \(schema).image_uses (project, use, token) SELECT $1::uuid, $2, token FROM "
          + "\(schema).images WHERE token = ANY (string_to_array($3, E'\\n')) ON CONFLICT DO NOTHING",
        [.string(id.rawValue), .string(use), .string(tokens.joined(separator: "\n"))])
    }

    /// A date as text PostgreSQL reads back to the same `Double` (Swift writes the shortest
    /// exact form).
    static func seconds(_ date: Date) -> String { "\(date.timeIntervalSince1970)" }
  }
#endif
