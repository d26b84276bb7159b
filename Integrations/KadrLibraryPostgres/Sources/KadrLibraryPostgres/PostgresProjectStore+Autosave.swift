import Foundation
import KadrPersistence
import KadrProjectLibrary
import PostgresClient

extension PostgresProjectStore {
  /// Schedules an autosave of an edited project: written when edits have paused for
  /// ``autosaveDelay`` (or by ``flush()``), as the project's recovery copy on the server; the
  /// last explicit save is not touched.
  ///
  /// - Parameters:
  ///   - video: The composition as edited.
  ///   - metadata: The app's metadata as edited.
  ///   - thumbnail: Ignored: a recovery copy keeps the saved thumbnail.
  ///   - id: The project.
  public func scheduleSave(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID
  ) {
    let generation = lock.withLock { () -> Int in
      state.generation += 1
      state.pending[id] = StoreState.Pending(
        video: video, metadata: metadata, edit: state.generation)
      return state.generation
    }
    let delay = autosaveDelay
    Task.detached { [self] in
      try? await Task.sleep(for: delay)
      let due = lock.withLock { state.generation == generation }
      // A failed write stays pending for the next flush.
      if due { try? flush() }
    }
  }

  /// Writes every pending autosave now.
  ///
  /// - Throws: The first error; the edits that failed stay pending unless a newer edit
  ///   replaced them.
  public func flush() throws {
    let pending = lock.withLock { state.pending }
    var firstError: (any Error)?
    for (id, edit) in pending.sorted(by: { $0.value.edit < $1.value.edit }) {
      do {
        try writeAutosave(edit.video, metadata: edit.metadata, for: id)
        lock.withLock {
          if state.pending[id]?.edit == edit.edit { state.pending[id] = nil }
        }
      } catch {
        firstError = firstError ?? error
      }
    }
    if let firstError { throw firstError }
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
        "SELECT document, metadata, metadata_version, saved::text, sequence FROM "
          + "\(schema).autosaves WHERE project = $1::uuid AND based_on = $2",
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
    return try decode(
      document, summary: summary,
      origin: .autosave(saved: Date(timeIntervalSince1970: when), sequence: Int(sequence)),
      preservingUnknown: preservingUnknown, missingImages: .refuse)
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

  /// Writes one autosave, based on the project's head revision.
  func writeAutosave(_ video: Video, metadata: Metadata, for id: ProjectID) throws {
    let collecting = collectingImages()
    let saved = try coder().save(video, images: collecting)
    let metadataBytes = try encodeMetadata(metadata)
    try connection.transaction { connection in
      let head = try lockedHead(of: id)
      try images.insert(collecting.images, on: connection)
      try connection.query(
        "INSERT INTO \(schema).autosaves AS a (project, based_on, sequence, saved, document, "
          + "metadata_version, metadata) VALUES ($1::uuid, $2, 1, $3::float8, $4, $5, $6) "
          + "ON CONFLICT (project) DO UPDATE SET sequence = CASE WHEN a.based_on = $2 THEN "
          + "a.sequence + 1 ELSE 1 END, based_on = $2, saved = $3::float8, document = $4, "
          + "metadata_version = $5, metadata = $6",
        [
          .string(id.rawValue), .int(Int64(head.revision)), .string(Self.seconds(Date())),
          .data(saved.data), .int(Int64(Metadata.version)), .data(metadataBytes),
        ])
      try recordUses(of: saved.data, by: id, use: "autosave")
      try announce(.autosaved, id)
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
    lock.withLock { state.pending[id] = nil }
  }
}
