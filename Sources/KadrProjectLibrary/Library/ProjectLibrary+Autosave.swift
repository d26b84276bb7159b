import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Schedules an autosave of a project's current state: when no other edit of the library
  /// arrives for ``autosaveDelay``, the newest state of each edited project is written. A burst
  /// of edits writes once; edits that never stop are written at least every ten
  /// ``autosaveDelay``s.
  ///
  /// What is written depends on ``autosavePolicy``: with ``AutosavePolicy/recoveryCopies`` a
  /// recovery copy that never touches the last explicit save (``recover(_:preservingUnknown:)``
  /// offers it after a crash); with ``AutosavePolicy/saves`` a save, which ``list()`` and
  /// ``open(_:preservingUnknown:missingImages:)`` see. Each background write's outcome is on
  /// ``autosaveEvents()``; a failed one keeps the edit pending, and ``flush()`` retries it and
  /// throws the error.
  /// - Parameters:
  ///   - video: The composition as edited.
  ///   - metadata: The app's metadata as edited.
  ///   - thumbnail: Keep the thumbnail (the default), set a new one, or remove it.
  ///   - id: The project.
  public func scheduleSave(
    _ video: Video, metadata: Metadata, thumbnail: ThumbnailChange = .keep, for id: ProjectID
  ) {
    let now = ContinuousClock.now
    let generation = state.withLock { state in
      if state.pending.isEmpty { state.unsavedSince = now }
      state.generation += 1
      state.pending[id] = AutosaveState.Pending(
        video: video, metadata: metadata, thumbnail: thumbnail, edit: state.generation,
        dropped: state.dropped[id] ?? 0, scheduled: now, basedOn: state.seen[id])
      return state.generation
    }
    let delay = autosaveDelay
    let longest = delay * 10
    Task.detached { [self] in
      try? await Task.sleep(for: delay)
      let due = state.withLock { state in
        state.generation == generation
          || (state.unsavedSince.map { ContinuousClock.now - $0 >= longest } ?? false)
      }
      // The outcome of each project reaches autosaveEvents(); the error is not lost here.
      if due { try? flush() }
    }
  }

  /// Writes every pending autosave now, without waiting for the edits to stop.
  ///
  /// - Throws: `PersistenceError` or ``ProjectLibraryError``; the edits that failed stay
  ///   pending (unless a newer edit replaced them) and are retried by the next flush.
  public func flush() throws {
    let pending = state.withLock { state in
      let pending = state.pending
      state.pending = [:]
      state.unsavedSince = nil
      return pending
    }
    var firstError: (any Error)?
    for (id, edit) in pending.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      do {
        if try writeAutosave(edit, for: id) { feed.publish(.written(id)) }
      } catch ProjectLibraryError.projectNotFound {
        continue  // deleted since the edit: nothing to recover into
      } catch {
        feed.publish(.failed(id, error))
        firstError = firstError ?? error
        state.withLock { state in
          if state.pending[id] == nil { state.pending[id] = edit }
          state.unsavedSince = state.unsavedSince ?? edit.scheduled
        }
      }
    }
    if let firstError { throw firstError }
  }

  /// The newest intact autosave of a project, when it is newer than the last explicit save.
  ///
  /// Both recovery slots are read; a slot that is torn, fails its checksum, or whose document
  /// does not open is passed over, so a torn state is never offered. Every slot in a project's
  /// folder was written after its last explicit save (a save replaces the folder, autosaves and
  /// all, in one step), so no clock decides what is newer. Nothing is written.
  /// - Parameters:
  ///   - id: The project.
  ///   - preservingUnknown: Keep unknown kinds verbatim, as ``open(_:preservingUnknown:missingImages:)``.
  /// - Returns: The recovered project (``OpenedProject/Origin/autosave(saved:sequence:)``),
  ///   or `nil` when there is nothing newer than the last explicit save to recover.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a metadata error.
  public func recover(
    _ id: ProjectID, preservingUnknown: Bool = false
  ) throws -> OpenedProject<Metadata>? {
    try reading {
      let directory = try existingDirectory(of: id)
      let current = try? envelope(in: directory)
      if let current { saw(id, revision: current.revision) }
      let limit = maximumSlotBytes
      let slots = LibraryLayout.slots(in: directory).compactMap {
        AutosaveSlot.read($0, limit: limit)
      }
      let coder = coder(preservingUnknown: preservingUnknown)
      for slot in slots.sorted(by: { $0.header.sequence > $1.header.sequence }) {
        // The name and dates are the project's now (a rename after the autosave stands); the
        // metadata and thumbnail are the autosave's.
        var envelope = slot.header.project
        if let current {
          (envelope.name, envelope.created, envelope.modified) =
            (current.name, current.created, current.modified)
        }
        guard let opened = try? coder.open(slot.document, images: images),
          let summary = try? summary(id: id, in: directory, envelope: envelope)
        else { continue }
        return OpenedProject(
          summary: summary, video: opened.root, preserved: opened.preserved,
          origin: .autosave(saved: slot.header.saved, sequence: slot.header.sequence))
      }
      return nil
    }
  }

  /// Removes a project's autosaves (the user chose the last explicit save instead).
  ///
  /// - Parameter id: The project.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``.
  public func discardAutosave(_ id: ProjectID) throws {
    dropPending(id)
    try changing {
      let directory = try existingDirectory(of: id)
      for slot in LibraryLayout.slots(in: directory) {
        try? FileManager.default.removeItem(at: slot)
      }
    }
  }

  /// Notes the revision of a project this library opened, created, saved or recovered.
  func saw(_ id: ProjectID, revision: Int) {
    state.withLock { state in state.seen[id] = revision }
  }

  /// Forgets a project's pending edit (saved, deleted or discarded explicitly), and makes stale
  /// an edit a running flush has already taken.
  func dropPending(_ id: ProjectID) {
    state.withLock { state in
      state.pending[id] = nil
      state.dropped[id, default: 0] += 1
      if state.pending.isEmpty { state.unsavedSince = nil }
    }
  }

  /// Writes one pending edit by the policy: a save, or a recovery copy in the project's older
  /// slot; whether it was written (not stale).
  private func writeAutosave(_ edit: AutosaveState.Pending, for id: ProjectID) throws -> Bool {
    guard let metadata = edit.metadata as? Metadata else { return false }
    return try changing {
      // Saved, deleted or discarded since the edit, or a concurrent flush wrote a newer edit.
      let stale = state.withLock { state in
        (state.dropped[id] ?? 0) != edit.dropped || (state.written[id] ?? 0) >= edit.edit
      }
      guard !stale else { return false }
      let directory = try existingDirectory(of: id)
      LibraryFile.removeLeftovers(in: directory)
      let old = try envelope(in: directory)
      // Another process saved a later revision than the one this edit was made on: writing
      // the edit would offer it for recovery over that save, or save over it.
      if let basedOn = edit.basedOn, old.revision > basedOn {
        guard autosavePolicy == .saves else { return false }
        throw ProjectLibraryError.savedElsewhere(id)
      }
      if autosavePolicy == .saves {
        _ = try commitSave(edit.video, metadata: metadata, thumbnail: edit.thumbnail, for: id)
        state.withLock { state in state.written[id] = edit.edit }
        feed.record(.saved, id)
        return true
      }
      let now = Date()
      let thumbnail: String?
      switch edit.thumbnail {
      case .keep: thumbnail = old.thumbnail
      case .set(let image): thumbnail = try images.token(for: image)
      case .remove: thumbnail = nil
      }
      let saved = try coder().save(edit.video, images: savingImages)
      let project = try MetadataEnvelope(
        name: old.name, revision: old.revision, created: old.created, modified: now,
        saved: old.saved, thumbnail: thumbnail, metadata: metadata,
        document: DocumentFacts(video: edit.video, saved: saved))
      let document = saved.data
      let urls = LibraryLayout.slots(in: directory)
      let limit = maximumSlotBytes
      let slots = urls.map { AutosaveSlot.read($0, limit: limit) }
      let newest =
        slots.indices.max {
          (slots[$0]?.header.sequence ?? -1) < (slots[$1]?.header.sequence ?? -1)
        } ?? 0
      let sequence = (slots[newest]?.header.sequence ?? 0) + 1
      let target = slots[newest] == nil ? newest : 1 - newest
      let slot = AutosaveSlot(sequence: sequence, saved: now, project: project, document: document)
      try LibraryFile.write(slot.encoded(), to: urls[target])
      state.withLock { state in state.written[id] = edit.edit }
      feed.record(.autosaved, id)
      return true
    }
  }
}
