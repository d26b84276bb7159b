// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// Sending this app's edits and taking in the log's: acknowledgements, other editors' edits
  /// applied under this app's pending ones, and the updates the app sees.
  extension LiveSession {
    /// Sends this app's edits, oldest first, each once the session holds the whole log.
    func sendAll() throws {
      // Each round sends one edit or learns of others' edits; bounded, the worker comes back.
      for _ in 0..<64 {
        let next: (Int64, Pending)? = lock.withLock {
          guard !holding, let first = pending.first else { return nil }
          return (confirmedSequence, first)
        }
        guard let (expected, edit) = next else { return }
        switch try log.append(edit, after: expected, editor: editor) {
        case .appended(let sequence) where sequence != expected + 1:
          // In after others' edits this session has not read: reading them brings its own,
          // which acknowledges it.
          try pull()
        case .appended(let sequence):
          lock.withLock {
            guard confirmedSequence == expected, pending.first?.number == edit.number,
              let applied = try? confirmed.applying(edit.patch)
            else { return }
            confirmed = applied
            confirmedSequence = sequence
            lastActivity = ContinuousClock.now
            pending.removeFirst()
            publish(.acknowledged(edit: edit.number, sequence: sequence), before: nil, [])
          }
        case .behind, .alreadyAppended:
          try pull()
        }
      }
      wake()
    }

    /// Reads the edits the log holds past ``confirmedSequence`` and takes each in.
    func pull() throws {
      for _ in 0..<1000 {
        let from = lock.withLock { confirmedSequence }
        let edits = try log.edits(after: from, limit: 256)
        for edit in edits {
          readPictures(of: edit)
          try lock.withLock { try takeIn(edit) }
        }
        if edits.count < 256 { return }
      }
    }

    /// Reads the pictures the log's `edit` may bring, before taking it in and outside the
    /// session's lock, so that taking it in finds them in the memo and the app's calls (which
    /// take the lock) never wait on the image store. Only what sets some text (a picture's
    /// token is text) is read: the top-level clips such operations change, or the whole
    /// composition when one brings a whole element elsewhere (an overlay, a clip in a track).
    func readPictures(of edit: LiveLog.Edit) {
      guard let patch = try? edit.patch(), patch.operations.contains(where: \.setsText) else {
        return
      }
      let base = lock.withLock { confirmed }
      guard let after = try? base.applying(patch) else { return }
      var indices: Set<Int> = []
      var elsewhere = false
      for operation in patch.operations where operation.setsText {
        let path = operation.path
        if path.count >= 3, path[0] == .key(LiveDocument.rootKey),
          path[1] == .key(LiveDocument.clipsKey), case .index(let index) = path[2],
          after.clips != nil, !after.hasPayloadVersions
        {
          indices.insert(index)
        } else if operation.bringsElement {
          elsewhere = true
        }
      }
      if elsewhere {
        _ = try? coder.open(after.data(), images: images)
        return
      }
      for index in indices {
        guard let json = after.clip(index) else { continue }
        _ = try? coder.registry.decodeClip(from: json, options: coder.options, images: images)
      }
    }

    /// Takes one edit of the log in: this app's own is an acknowledgement; another editor's is
    /// applied under this app's pending edits, which are rebased onto it.
    func takeIn(_ edit: LiveLog.Edit) throws {
      guard edit.sequence > confirmedSequence else { return }
      guard edit.sequence == confirmedSequence + 1 else {
        throw LiveSessionError.logHasAGap(after: confirmedSequence, found: edit.sequence)
      }
      let before = local
      var applied: LiveDocument?
      var remote = LivePatch(operations: [])
      var skipped: String?
      do {
        remote = try edit.patch()
        applied = try confirmed.applying(remote)
      } catch {
        skipped = String(describing: error)
      }
      if edit.session == id, let first = pending.first, first.number == edit.number {
        // This app's own edit: its `COMMIT` answer was lost, or it was read before the answer.
        confirmed = applied ?? confirmed
        confirmedSequence = edit.sequence
        pending.removeFirst()
        publish(.acknowledged(edit: first.number, sequence: edit.sequence), before: nil, [])
        return
      }
      guard let applied else {
        confirmedSequence = edit.sequence
        publish(
          .skipped(sequence: edit.sequence, reason: skipped ?? "it does not apply"), before: nil,
          [])
        return
      }
      let all = edit.conflicts.map {
        LiveConflict(conflict: $0.conflict, editor: edit.editor, sequence: edit.sequence)
      }
      let mine = zip(edit.conflicts, all).filter { $0.0.loser == id }.map(\.1)
      // The composition this editor sees next, read again only where the edit changed it; an
      // edit no composition can be is skipped, by every editor alike.
      do {
        if pending.isEmpty {
          localVideo = try advancing(localVideo, to: applied, by: remote)
          local = applied
        } else if pending.allSatisfy({ $0.patch.commutes(with: remote) }) {
          let next = try local.applying(remote)
          localVideo = try advancing(localVideo, to: next, by: remote)
          local = next
        } else {
          try checkOpens(applied, changedBy: remote)
          // One merge for this app's edits after the first, not one each: a rebase costs the
          // same with 3 pending edits as with 60.
          try squashPending()
          let rebased = try Self.rebase(
            pending, from: confirmed, onto: applied, over: edit, coder: coder)
          localVideo = try advancing(
            localVideo, to: rebased.local, by: LiveDocument.patch(from: local, to: rebased.local))
          (pending, local) = rebased
        }
      } catch {
        // Skipped only when the log's composition itself does not open, read as every editor
        // reads it (without images): then every editor skips it alike. Otherwise it is this
        // editor's own edits that do not fit on it, and they give way.
        guard (try? checkOpens(applied, changedBy: remote)) != nil,
          let rejected = try? rejectPending(onto: applied)
        else {
          confirmedSequence = edit.sequence
          publish(
            .skipped(sequence: edit.sequence, reason: String(describing: error)), before: nil, [])
          return
        }
        confirmed = applied
        confirmedSequence = edit.sequence
        lastActivity = ContinuousClock.now
        publish(.edit(editor: edit.editor, sequence: edit.sequence), before: before, mine, all: all)
        if let last = rejected.last {
          publish(
            .rejected(
              edits: rejected.lowerBound...last, sequence: edit.sequence,
              reason: String(describing: error)), before: nil, [])
        }
        return
      }
      confirmed = applied
      confirmedSequence = edit.sequence
      lastActivity = ContinuousClock.now
      publish(.edit(editor: edit.editor, sequence: edit.sequence), before: before, mine, all: all)
    }

    /// Puts this app's pending edits on the log's composition `applied` after their rebase
    /// onto it failed: the longest run of them, oldest first, that applies as it is and opens
    /// is kept; the rest are taken back. Returns the numbers taken back (empty when none).
    ///
    /// An edit taken back while on its way to the server may still reach the log (the server
    /// takes an edit made on an older log when it changes other places than the edits since).
    /// Every editor then takes it in as any edit of the log: skipped where it still does not
    /// open, which is the case when nothing came between.
    /// - Throws: When not even `applied` opens.
    func rejectPending(onto applied: LiveDocument) throws -> Range<Int64> {
      var documents = [applied]
      for item in pending {
        guard let next = try? documents[documents.count - 1].applying(item.patch) else { break }
        documents.append(next)
      }
      // The most edits kept whose composition opens.
      while let document = documents.last {
        guard let video = try? coder.open(document.data(), images: images).root else {
          documents.removeLast()
          continue
        }
        let kept = documents.count - 1
        let rejected =
          kept < pending.count
          ? pending[kept].firstNumber..<(pending[pending.count - 1].number + 1) : 0..<0
        pending.removeLast(pending.count - kept)
        local = document
        localVideo = video
        return rejected
      }
      throw LivePatch.Mismatch(pointer: "", reason: "the log's composition does not open")
    }

    /// `video` brought to the composition `document`, which `patch` made from `video`'s: only
    /// the top-level clips the patch changes are read again (the rest of a 10,000-clip timeline
    /// is shared, not decoded); a patch that changes anything else reads the whole document.
    func advancing(_ video: Video, to document: LiveDocument, by patch: LivePatch) throws
      -> Video
    {
      if patch.isEmpty { return video }
      let whole = { [self] in try coder.open(document.data(), images: images).root }
      guard document.clips != nil, !document.hasPayloadVersions else { return try whole() }
      var touched: [Int] = []
      var listEdits: [LivePatch.Operation] = []
      for operation in patch.operations {
        let path = operation.path
        guard path.count >= 3, path[0] == .key(DocumentEnvelope.rootKey),
          path[1] == .key("clips"), case .index(let index) = path[2]
        else { return try whole() }
        if path.count == 3 { listEdits.append(operation) } else { touched.append(index) }
      }
      guard listEdits.isEmpty || touched.isEmpty else { return try whole() }
      let read = { [self] (json: JSONValue) in
        try coder.registry.decodeClip(from: json, options: coder.options, images: images)
      }
      var video = video
      for operation in listEdits {
        guard case .index(let index) = operation.path[2] else { return try whole() }
        switch operation {
        case .add(_, let json): video = try video.insertingClip(read(json), at: [index])
        case .remove: video = try video.removingClip(at: [index])
        case .replace(_, let json): video = try video.replacingClip(at: [index], with: read(json))
        }
      }
      for index in Set(touched).sorted() {
        guard let json = document.clip(index) else { return try whole() }
        video = try video.replacingClip(at: [index], with: read(json))
      }
      return video
    }

    /// Throws when the log's composition `document`, which `patch` made, does not open: read
    /// as far as the patch reaches (the top-level clips it changes in place), or whole.
    func checkOpens(_ document: LiveDocument, changedBy patch: LivePatch) throws {
      var indices: Set<Int> = []
      for operation in patch.operations {
        let path = operation.path
        guard !operation.changesStructure, path.count >= 3,
          path[0] == .key(DocumentEnvelope.rootKey), path[1] == .key("clips"),
          case .index(let index) = path[2], !document.hasPayloadVersions
        else {
          _ = try coder.open(document.data(), images: UnresolvedImageStore())
          return
        }
        indices.insert(index)
      }
      for index in indices {
        guard let json = document.clip(index) else {
          throw LivePatch.Mismatch(pointer: "/video/clips/\(index)", reason: "no such element")
        }
        _ = try coder.registry.decodeClip(
          from: json, options: coder.options, images: UnresolvedImageStore())
      }
    }

    /// Shows `local` to the app: the composition, what changed since `before` (nothing when
    /// `nil`), and the conflicts.
    func publish(
      _ cause: LiveUpdate.Cause, before: LiveDocument?, _ conflicts: [LiveConflict],
      all: [LiveConflict] = []
    ) {
      let update = LiveUpdate(
        cause: cause, video: localVideo, sequence: confirmedSequence,
        conflicts: carried.mine + conflicts, allConflicts: carried.all + all, before: before,
        after: local, coder: coder)
      carried = ([], [])
      if case .dropped(let old) = continuation.yield(update) {
        carried = (old.conflicts, old.allConflicts)
      }
    }
  }
#endif
