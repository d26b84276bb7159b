// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import PostgresClient

  /// The store's tables, in a PostgreSQL schema of their own, and the migrations that make them.
  ///
  /// Every step runs in one transaction with the version it brings the schema to, under an
  /// advisory lock, so two clients starting at once migrate once and a failed step leaves the
  /// previous version whole.
  ///
  /// - `projects`: one row per project: its name, dates, thumbnail and metadata as of its head
  ///   revision, and `trashed` (when it went to the trash, or NULL).
  /// - `revisions`: every save, numbered from 0 (the create), with its document, metadata and
  ///   the facts of its document.
  /// - `autosaves`: at most one per project: the newest autosave and what it was based on (the
  ///   revision, and the document and metadata when they are not that revision's).
  /// - `images`: the shared images, content-addressed (`pg:<sha256>.<ext>`); a row of an image
  ///   kept in an external store has its token and no bytes.
  /// - `image_uses`: which revision, autosave, thumbnail or live edit (`live:SEQUENCE`, until a
  ///   revision holds the edit) of which project uses which image; an image is collected only
  ///   when no row names it.
  /// - `live_heads`, `live_edits`, `live_presence`: a project's live session: the log of its
  ///   edits, each the changes from the composition the one before left, the revision the log
  ///   starts from, and who is in the session touching what (hints that expire).
  enum StoreSchema {
    /// The version this build creates and reads.
    static let currentVersion = 4

    /// The advisory lock key of migrations (any constant; "kadr" in ASCII).
    static let migrationLock: Int64 = 0x6B61_6472

    /// The statements of each version's step, in order; `S` stands for the schema's name.
    static let steps: [[String]] = [
      [
        "CREATE TABLE S.projects (id uuid PRIMARY KEY, name bytea NOT NULL, "
          + "created float8 NOT NULL, modified float8 NOT NULL, thumbnail text, "
          + "metadata_version integer NOT NULL, metadata bytea NOT NULL, "
          + "revision integer NOT NULL, trashed float8)",
        "CREATE INDEX projects_modified ON S.projects (modified DESC)",
        "CREATE TABLE S.revisions (project uuid NOT NULL REFERENCES S.projects ON DELETE CASCADE, "
          + "revision integer NOT NULL, saved float8 NOT NULL, document bytea NOT NULL, "
          + "metadata_version integer NOT NULL, metadata bytea NOT NULL, clips integer NOT NULL, "
          + "duration_value bigint NOT NULL, duration_timescale integer NOT NULL, "
          + "schema integer NOT NULL, kinds text NOT NULL, PRIMARY KEY (project, revision))",
        "CREATE TABLE S.autosaves (project uuid PRIMARY KEY REFERENCES S.projects ON DELETE CASCADE, "
          + "based_on integer NOT NULL, sequence integer NOT NULL, saved float8 NOT NULL, "
          + "document bytea NOT NULL, metadata_version integer NOT NULL, metadata bytea NOT NULL)",
        "CREATE TABLE S.images (token text PRIMARY KEY, bytes bytea NOT NULL)",
        "CREATE TABLE S.image_uses (project uuid NOT NULL REFERENCES S.projects ON DELETE CASCADE, "
          + "use text NOT NULL, token text NOT NULL REFERENCES S.images ON DELETE RESTRICT, "
          + "PRIMARY KEY (project, use, token))",
        "CREATE INDEX image_uses_token ON S.image_uses (token)",
      ],
      // 2: an autosave records what its edits were derived from, beyond `based_on`: the
      // document and metadata, when they are not that revision's (after a merged save).
      [
        "ALTER TABLE S.autosaves ADD COLUMN base_document bytea, ADD COLUMN base_metadata bytea"
      ],
      // 3: an image kept in an external store (an S3 bucket) is a row with its token only.
      ["ALTER TABLE S.images ALTER COLUMN bytes DROP NOT NULL"],
      // 4: live sessions: each project's log of edits, and where the log starts.
      [
        "CREATE TABLE S.live_heads (project uuid PRIMARY KEY REFERENCES S.projects "
          + "ON DELETE CASCADE, sequence bigint NOT NULL, revision integer NOT NULL, "
          + "revision_sequence bigint NOT NULL)",
        "CREATE TABLE S.live_edits (project uuid NOT NULL REFERENCES S.projects "
          + "ON DELETE CASCADE, sequence bigint NOT NULL, session uuid NOT NULL, "
          + "number bigint NOT NULL, editor bytea NOT NULL, committed float8 NOT NULL, "
          + "patch bytea NOT NULL, conflicts bytea, PRIMARY KEY (project, sequence), "
          + "UNIQUE (project, session, number))",
        "CREATE TABLE S.live_presence (project uuid NOT NULL REFERENCES S.projects "
          + "ON DELETE CASCADE, session uuid NOT NULL, editor bytea NOT NULL, clip text, "
          + "expires float8 NOT NULL, PRIMARY KEY (project, session))",
      ],
    ]

    /// Brings the schema `name` to ``currentVersion``, creating it when it is missing.
    ///
    /// - Throws: ``PostgresProjectStoreError/newerSchema(found:supported:)`` when the schema was
    ///   made by a newer build, or the server's error.
    static func migrate(_ name: String, on connection: PostgresConnection) throws {
      // A current schema needs no DDL: an app's role may have only USAGE and the table
      // privileges (see the README's Privileges).
      if let found = try? connection.query("SELECT version FROM \(name).schema_version")
        .first?.int64(0).map(Int.init)
      {
        guard found <= currentVersion else {
          throw PostgresProjectStoreError.newerSchema(found: found, supported: currentVersion)
        }
        if found == currentVersion { return }
      }
      try connection.transaction { connection in
        try connection.query("SELECT pg_advisory_xact_lock($1)", [.int(migrationLock)])
        try connection.execute("CREATE SCHEMA IF NOT EXISTS \(name)")
        try connection.execute(
          "CREATE TABLE IF NOT EXISTS \(name).schema_version (version integer NOT NULL)")
        let found =
          try connection.query("SELECT version FROM \(name).schema_version")
          .first?.int64(0).map(Int.init) ?? 0
        guard found <= currentVersion else {
          throw PostgresProjectStoreError.newerSchema(found: found, supported: currentVersion)
        }
        for version in found..<currentVersion {
          for statement in steps[version] {
            try connection.execute(statement.replacingOccurrences(of: "S.", with: "\(name)."))
          }
        }
        if found == 0 {
          try connection.query(
            "INSERT INTO \(name).schema_version VALUES ($1)", [.int(Int64(currentVersion))])
        } else if found < currentVersion {
          try connection.query(
            "UPDATE \(name).schema_version SET version = $1", [.int(Int64(currentVersion))])
        }
      }
    }

    /// Checks that the schema `name` is at ``currentVersion``, changing nothing.
    ///
    /// - Throws: ``PostgresProjectStoreError/schemaNotSetUp(_:found:)`` when it is missing or
    ///   older, ``PostgresProjectStoreError/newerSchema(found:supported:)`` when newer, or the
    ///   server's error (a missing privilege, say).
    static func requireCurrent(_ name: String, on connection: PostgresConnection) throws {
      let found: Int
      do {
        let version = try connection.query("SELECT version FROM \(name).schema_version")
          .first?.int64(0).map(Int.init)
        found = version ?? 0
      } catch let error as PostgresError where error.kind == .undefinedTable {
        throw PostgresProjectStoreError.schemaNotSetUp(name, found: nil)
      }
      guard found <= currentVersion else {
        throw PostgresProjectStoreError.newerSchema(found: found, supported: currentVersion)
      }
      guard found == currentVersion else {
        throw PostgresProjectStoreError.schemaNotSetUp(name, found: found == 0 ? nil : found)
      }
    }

    /// Whether `name` may be spliced into statements as a schema: lower-case letters, digits and
    /// underscores, not starting with a digit, at most 50 bytes (the notification channel,
    /// `kadr_changes_` and the name, must fit PostgreSQL's 63). It comes from the app's code,
    /// never from a document; values always go as parameters.
    static func isValidName(_ name: String) -> Bool {
      guard let first = name.utf8.first, name.utf8.count <= 50, !(48...57).contains(first) else {
        return false
      }
      return name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 95 }
    }
  }
#endif
