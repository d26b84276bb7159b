import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Schedules an autosave of a project's current state: when no other edit of the library
  /// arrives for ``autosaveDelay``, the newest state of each edited project is written to its
  /// recovery slot. A burst of edits writes once; edits that never stop are written at least
  /// every ten ``autosaveDelay``s.
  ///
  /// An autosave never touches the last explicit save; ``recover(_:preservingUnknown:)``
  /// offers it after a crash. A failed background autosave keeps the edit pending, and ``flush()`` retries it and
  /// throws the error.
  /// - Parameters:
  ///   - video: The composition as edited.
  ///   - metadata: The app's metadata as edited.
  ///   - thumbnail: A new thumbnail; `nil` keeps the current one.
  ///   - id: The project.
  public func scheduleSave(
    _ video: Video, metadata: Metadata, thumbnail: PlatformImage? = nil, for id: ProjectID
  ) {
    let now = Date()
    let generation = state.withLock { state in
      if state.pending.isEmpty { state.unsavedSince = now }
      state.pending[id] = AutosaveState.Pending(
        video: video, metadata: metadata, thumbnail: thumbnail, scheduled: now)
      state.generation += 1
      return state.generation
    }
    let delay = autosaveDelay
    let longest =
      Double(delay.components.seconds) * 10
      + Double(delay.components.attoseconds) / 1e17
    Task.detached { [self] in
      try? await Task.sleep(for: delay)
      let due = state.withLock { state in
        state.generation == generation
          || (state.unsavedSince.map { -$0.timeIntervalSinceNow >= longest } ?? false)
      }
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
        try writeAutosave(edit, for: id)
      } catch ProjectLibraryError.projectNotFound {
        continue  // deleted since the edit: nothing to recover into
      } catch {
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
  /// does not open is passed over, so a torn state is never offered. Nothing is written.
  /// - Parameters:
  ///   - id: The project.
  ///   - preservingUnknown: Keep unknown kinds verbatim, as ``open(_:preservingUnknown:)``.
  /// - Returns: The recovered project (``Project/Origin/autosave(saved:sequence:)``),
  ///   or `nil` when there is nothing newer than the last explicit save to recover.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a metadata error.
  public func recover(
    _ id: ProjectID, preservingUnknown: Bool = false
  ) throws -> Project<Metadata>? {
    try reading {
      let directory = try existingDirectory(of: id)
      let current = try? envelope(in: directory)
      let slots = LibraryLayout.slots(in: directory).compactMap(AutosaveSlot.read)
      let coder = coder(preservingUnknown: preservingUnknown)
      for slot in slots.sorted(by: { $0.header.sequence > $1.header.sequence }) {
        if let current, slot.header.saved < current.saved { continue }
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
        return Project(
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

  /// Forgets a project's pending edit (saved, deleted or discarded explicitly).
  func dropPending(_ id: ProjectID) {
    state.withLock { state in
      state.pending[id] = nil
      if state.pending.isEmpty { state.unsavedSince = nil }
    }
  }

  /// Writes one autosave into the project's older slot.
  private func writeAutosave(_ edit: AutosaveState.Pending, for id: ProjectID) throws {
    guard let metadata = edit.metadata as? Metadata else { return }
    try changing {
      let directory = try existingDirectory(of: id)
      DurableFile.removeLeftovers(in: directory)
      let old = try envelope(in: directory)
      guard old.saved < edit.scheduled else { return }  // saved explicitly since the edit
      let newer = state.withLock { state in state.written[id].map { $0 >= edit.scheduled } ?? false
      }
      guard !newer else { return }  // a concurrent flush wrote a newer edit
      let now = Date()
      let project = try MetadataEnvelope(
        name: old.name, created: old.created, modified: now, saved: old.saved,
        thumbnail: try edit.thumbnail.map(images.token(for:)) ?? old.thumbnail,
        metadata: metadata)
      let document = try coder().data(for: edit.video, images: images)
      let urls = LibraryLayout.slots(in: directory)
      let slots = urls.map(AutosaveSlot.read)
      let newest =
        slots.indices.max {
          (slots[$0]?.header.sequence ?? -1) < (slots[$1]?.header.sequence ?? -1)
        } ?? 0
      let sequence = (slots[newest]?.header.sequence ?? 0) + 1
      let target = slots[newest] == nil ? newest : 1 - newest
      let slot = AutosaveSlot(sequence: sequence, saved: now, project: project, document: document)
      try DurableFile.write(slot.encoded(), to: urls[target])
      state.withLock { state in state.written[id] = edit.scheduled }
    }
  }
}
