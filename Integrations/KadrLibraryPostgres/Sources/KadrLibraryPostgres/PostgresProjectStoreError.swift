// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrProjectLibrary
  import PostgresClient

  /// What the PostgreSQL project store refuses, beside ``ProjectLibraryError`` (a missing project,
  /// a taken id, newer metadata) and the server's ``PostgresError`` (a connection lost, a missing
  /// privilege).
  public enum PostgresProjectStoreError: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// Another client saved the project since this one opened it, and the two saves change the
    /// same things (a clip's field, a metadata member): nothing was written. `conflicts` lists
    /// each one no choice covered, with the base, this client's and the other client's values
    /// (``MergeConflict/disagreement`` in words); save again with
    /// ``PostgresProjectStore/saveMerging(_:metadata:thumbnail:for:choosing:)``.
    case conflict(ProjectID, theirRevision: Int, conflicts: [MergeConflict])
    /// The schema's tables were made by a newer version of this store.
    case newerSchema(found: Int, supported: Int)
    /// The schema name is not one the store splices into statements.
    case invalidSchemaName(String)
    /// The schema has no store's tables (`found` is `nil`), or older ones, and the store was
    /// made with `migratingSchema: false`, so nothing was created.
    case schemaNotSetUp(String, found: Int?)
    /// A value the server stored does not read back (a damaged row).
    case damagedRow(ProjectID?, detail: String)
    /// A revision of a project that does not exist.
    case revisionNotFound(ProjectID, revision: Int)
    /// A save of a project this store never opened, recovered or created: with no base to merge
    /// from, it could undo another client's save unseen, so nothing was written.
    case notOpened(ProjectID)
    /// The project names images the store lacks (their rows, or the external image store's
    /// objects, are gone): `tokens`, sorted. ``PostgresProjectStore/check()`` reports it.
    case missingImages(ProjectID, tokens: [String])

    /// The sentence for the person using the app.
    public var errorDescription: String? {
      switch self {
      case .conflict(_, _, let conflicts):
        let count = conflicts.count == 1 ? "1 thing" : "\(conflicts.count) things"
        let example = conflicts.first.map { " (\($0.disagreement))" } ?? ""
        return "Someone else saved this project while you were editing it and changed \(count) "
          + "you changed too\(example). Nothing was saved."
      case .newerSchema:
        return "The project server was set up by a newer version of the app. Update the app."
      case .invalidSchemaName:
        return "The project store is not set up correctly."
      case .schemaNotSetUp:
        return "There are no projects on this server yet."
      case .damagedRow:
        return "A project on the server is damaged and cannot be read."
      case .revisionNotFound(_, let revision):
        return "The project has no version \(revision)."
      case .notOpened:
        return "This project was not opened here, so saving it could undo someone else's "
          + "changes. Nothing was saved."
      case .missingImages(_, let tokens):
        let count = tokens.count == 1 ? "1 picture" : "\(tokens.count) pictures"
        return "The project uses \(count) that the project server no longer has."
      }
    }

    /// The developer's sentence.
    public var failureReason: String? { description }

    /// What to do next.
    public var recoverySuggestion: String? {
      switch self {
      case .conflict:
        return "Choose for each conflict whether to keep your value or theirs, and save again "
          + "with those choices (saveMerging(_:metadata:thumbnail:for:choosing:)): everything "
          + "else both of you changed is kept. Opening the project again instead would drop your "
          + "unsaved changes."
      case .newerSchema: return "Update the app to a version that knows this server's tables."
      case .invalidSchemaName:
        return "Use a schema name of lower-case letters, digits and underscores."
      case .schemaNotSetUp:
        return "Check the server, database and schema; the app sets the store up when it first "
          + "connects, and `kadr-doc library init --store LOCATION --schema NAME` sets one up "
          + "from the command line."
      case .damagedRow: return "Restore an earlier revision of the project."
      case .revisionNotFound: return "List the project's history for the revisions it has."
      case .notOpened:
        return "Open the project (or recover its autosave) with this store first, make the "
          + "changes on what it returns, then save."
      case .missingImages:
        return "Restore the images from a backup of the bucket (or the database), or open the "
          + "project with placeholders and replace them."
      }
    }

    /// Everything, for a developer.
    public var description: String {
      switch self {
      case .conflict(let id, let theirs, let conflicts):
        return "Project \(id): revision \(theirs) was saved by another client since this one's "
          + "base; merging leaves \(conflicts.count) conflict(s) open: "
          + conflicts.map(\.description).joined(separator: "; ")
      case .newerSchema(let found, let supported):
        return "The store's schema is at version \(found); this build knows up to \(supported)."
      case .invalidSchemaName(let name):
        return "'\(name)' is not a schema name the store accepts (lower-case letters, digits, "
          + "underscores; at most 50 bytes, so that its notification channel's name fits PostgreSQL's 63; not starting with a digit)."
      case .schemaNotSetUp(let name, let found?):
        return "The schema '\(name)' holds a store of version \(found), older than this build's "
          + "\(StoreSchema.currentVersion), and it was not to be migrated."
      case .schemaNotSetUp(let name, nil):
        return "The database has no project store in the schema '\(name)' (no "
          + "\(name).schema_version table), and none was to be created."
      case .damagedRow(let id, let detail):
        return "A row of project \(id.map(\.rawValue) ?? "?") does not read back: \(detail)."
      case .revisionNotFound(let id, let revision):
        return "Project \(id) has no revision \(revision)."
      case .notOpened(let id):
        return "Project \(id) was never opened, recovered or created by this store, so a save "
          + "has no base revision to merge other clients' saves from."
      case .missingImages(let id, let tokens):
        return "Project \(id) names \(tokens.count) image(s) the store lacks: "
          + tokens.joined(separator: ", ")
      }
    }
  }
#endif
