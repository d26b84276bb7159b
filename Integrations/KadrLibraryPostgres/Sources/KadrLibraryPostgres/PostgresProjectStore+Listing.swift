// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  extension PostgresProjectStore {
    /// The live projects, most recently changed first, and the ones whose metadata this build
    /// cannot read (a newer app's, say), skipped with the reason.
    ///
    /// - Returns: The listing.
    /// - Throws: `PostgresError`.
    public func list() throws -> ProjectListing<Metadata> {
      try listing(trashed: false)
    }

    /// The projects in the trash, most recently changed first.
    ///
    /// - Returns: The trash's listing.
    /// - Throws: `PostgresError`.
    public func trashed() throws -> ProjectListing<Metadata> {
      try listing(trashed: true)
    }

    /// The live or trashed projects.
    func listing(trashed: Bool) throws -> ProjectListing<Metadata> {
      let rows = try connection.query(
        "SELECT \(summaryColumns) FROM \(summarySource) WHERE (p.trashed IS NULL) <> $1 "
          + "ORDER BY p.modified DESC, p.id",
        [.bool(trashed)])
      var projects: [ProjectSummary<Metadata>] = []
      var skipped: [SkippedProject] = []
      for row in rows {
        do {
          projects.append(try summary(of: row))
        } catch {
          guard let id = (try? row.string(0)).flatMap({ $0 }).flatMap(ProjectID.init(rawValue:))
          else { throw error }
          let name = (try? row.data(1)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
          skipped.append(skip(id, name: name, error))
        }
      }
      return ProjectListing(projects: projects, skipped: skipped)
    }

    /// A project listed as skipped, with why.
    func skip(_ id: ProjectID, name: String?, _ error: any Error) -> SkippedProject {
      let file =
        URL(string: "postgres:\(schema)/projects/\(id.rawValue)") ?? URL(fileURLWithPath: "/")
      if case .newerMetadataVersion(let found, let supported)? = error as? ProjectLibraryError {
        return SkippedProject(
          id: id, name: name, file: file, reason: .newerMetadataVersion,
          detail:
            "This project was saved by a newer version of the app. Update the app to open it.",
          foundVersion: found, supportedVersion: supported)
      }
      return SkippedProject(
        id: id, name: name, file: file, reason: .unreadableMetadata,
        detail: "This project's details cannot be read.")
    }

    /// Moves a project to the trash; its revisions, autosave and images stay.
    ///
    /// - Parameter id: The project.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or `PostgresError`.
    public func delete(_ id: ProjectID) throws {
      dropPending(id)
      try connection.transaction { connection in
        let moved = try connection.query(
          "UPDATE \(schema).projects SET trashed = $2::float8 WHERE id = $1::uuid AND "
            + "trashed IS NULL RETURNING 1",
          [.string(id.rawValue), .string(Self.seconds(Date()))])
        guard !moved.isEmpty else { throw ProjectLibraryError.projectNotFound(id) }
        try announce(.trashed, id)
      }
    }

    /// Brings a project back from the trash.
    ///
    /// - Parameter id: The trashed project.
    /// - Returns: Its summary.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` when it is not in the trash, or
    ///   `PostgresError`.
    @discardableResult
    public func restore(_ id: ProjectID) throws -> ProjectSummary<Metadata> {
      try connection.transaction { connection in
        let moved = try connection.query(
          "UPDATE \(schema).projects SET trashed = NULL WHERE id = $1::uuid AND "
            + "trashed IS NOT NULL RETURNING 1",
          [.string(id.rawValue)])
        guard !moved.isEmpty else { throw ProjectLibraryError.projectNotFound(id) }
        try announce(.restored, id)
      }
      return try summary(of: id)
    }

    /// Deletes every project in the trash for good, with every revision of each.
    ///
    /// - Returns: How many projects were deleted.
    /// - Throws: `PostgresError`.
    @discardableResult
    public func emptyTrash() throws -> Int {
      try connection.transaction { connection in
        let deleted = try connection.query(
          "DELETE FROM \(schema).projects WHERE trashed IS NOT NULL RETURNING id::text")
        for row in deleted {
          if let id = try row.string(0).flatMap(ProjectID.init(rawValue:)) {
            try announce(.deleted, id)
          }
        }
        return deleted.count
      }
    }

    /// Deletes a project for good, from the library or its trash, with every revision, and the
    /// images nothing else uses.
    ///
    /// - Parameter id: The project.
    /// - Returns: The tokens of the images removed with it, sorted.
    /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or `PostgresError`.
    @discardableResult
    public func deletePermanently(_ id: ProjectID) throws -> [String] {
      dropPending(id)
      return try connection.transaction { connection in
        try lockImages()
        let own = try connection.query(
          "SELECT DISTINCT token FROM \(schema).image_uses WHERE project = $1::uuid",
          [.string(id.rawValue)]
        ).compactMap { try $0.string(0) }
        let deleted = try connection.query(
          "DELETE FROM \(schema).projects WHERE id = $1::uuid RETURNING 1", [.string(id.rawValue)])
        guard !deleted.isEmpty else { throw ProjectLibraryError.projectNotFound(id) }
        try announce(.deleted, id)
        guard !own.isEmpty else { return [] }
        return try connection.query(
          "DELETE FROM \(schema).images i WHERE token = ANY (string_to_array($1, E'\\n')) AND "
            + "NOT EXISTS (SELECT 1 FROM \(schema).image_uses u WHERE u.token = i.token) "
            + "RETURNING token",
          [.string(own.joined(separator: "\n"))]
        ).compactMap { try $0.string(0) }.sorted()
      }
    }

    /// Removes the images no revision, autosave or thumbnail of any project (trashed ones too)
    /// uses, in one transaction that holds saves of images off meanwhile.
    ///
    /// With an external image store, it then deletes, in a second transaction that holds saves
    /// of images off, the store's objects no row names that are older than
    /// ``imageGracePeriod`` (an object a save uploaded but has not committed yet is younger, and
    /// the save uploads it again if not). Saves that write images wait for it meanwhile, up to
    /// ``PostgresTimeouts/lock``: on a large bucket, collect when few people save.
    ///
    /// - Parameter dryRun: Only say what would be removed.
    /// - Returns: What was (or would be) removed and what is kept, sorted: rows and objects.
    /// - Throws: `PostgresError`, or the external store's error: the rows' transaction removes
    ///   all or nothing; objects deleted before an error of the store stay deleted (no row named
    ///   them).
    @discardableResult
    public func collectImages(dryRun: Bool = false) throws -> ImageCollection {
      var (removed, kept) = try connection.transaction { connection in
        try lockImages()
        let rows = try connection.query(
          "SELECT token, EXISTS (SELECT 1 FROM \(schema).image_uses u WHERE u.token = i.token) "
            + "FROM \(schema).images i ORDER BY token")
        var removed: [String] = []
        var kept: [String] = []
        for row in rows {
          guard let token = try row.string(0) else { continue }
          if try row.bool(1) == true { kept.append(token) } else { removed.append(token) }
        }
        if !dryRun, !removed.isEmpty {
          try connection.query(
            "DELETE FROM \(schema).images WHERE token = ANY (string_to_array($1, E'\\n'))",
            [.string(removed.joined(separator: "\n"))])
        }
        return (removed, kept)
      }
      if let external = images.external {
        // After the rows' transaction committed, in one of its own: every row then names an
        // object, whatever becomes of this one (a failed listing leaves rows and objects as
        // they were; no object a row names is deleted).
        let objects = try connection.transaction { connection in
          try lockImages()
          let named = Set(
            try connection.query("SELECT token FROM \(schema).images").compactMap {
              try $0.string(0)
            }
          ).subtracting(dryRun ? removed : [])
          return dryRun
            ? try external.prunableTokens(keeping: named, olderThan: imageGracePeriod)
            : try external.prunedTokens(keeping: named, olderThan: imageGracePeriod)
        }
        removed = Array(Set(removed).union(objects)).sorted()
      }
      return ImageCollection(dryRun: dryRun, removed: removed, kept: kept)
    }

    /// Keeps other transactions from adding images until this one ends (saves write images
    /// with the rows that use them; a collection must not run between the two).
    func lockImages() throws {
      try connection.execute("LOCK TABLE \(schema).images IN SHARE ROW EXCLUSIVE MODE")
    }
  }
#endif
