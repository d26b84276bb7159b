// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence

  extension LiveSession {
    /// Rebases `pending` from `old` (the log as they were made on) onto `new` (with `edit`
    /// applied): each in turn is merged, property by property, with what the log holds now,
    /// this app's values kept where both changed one, and the other editor's values it
    /// replaced recorded to go with it.
    ///
    /// An edit that changes other places than the log did applies as it is. One that changes
    /// the same top-level clips (and nothing else, and no list's length) is merged clip by
    /// clip: a document of that clip alone on each side, so crossing edits on a 10,000-clip
    /// timeline cost the clips they share, not the timeline. Anything else is merged whole.
    static func rebase(
      _ pending: [Pending], from old: LiveDocument, onto new: LiveDocument,
      over edit: LiveLog.Edit, coder: KadrCoder
    ) throws -> (pending: [Pending], local: LiveDocument) {
      let differ = CompositionDiffer(coder: coder)
      var before = old
      var after = new
      var rebased: [Pending] = []
      for var item in pending {
        let made = try before.applying(item.patch)
        let theirs = try LiveDocument.patch(from: before, to: after)
        let merged: LiveDocument
        var conflicts: [MergeConflict] = []
        if item.patch.commutes(with: theirs) {
          // Other places than the log's change since: the edit applies there as it is.
          merged = try after.applying(item.patch)
        } else if let byClip = try? mergeByClip(
          item.patch, theirs, before: before, made: made, after: after, differ: differ)
        {
          (merged, conflicts) = byClip
          item.patch = try LiveDocument.patch(from: after, to: merged)
        } else {
          let merge = try differ.merge(
            base: KadrDocument(json: before.json), ours: KadrDocument(json: made.json),
            theirs: KadrDocument(json: after.json), preferring: .ours)
          merged = try LiveDocument(merge.document.json)
          conflicts = merge.conflicts
          item.patch = try LiveDocument.patch(from: after, to: merged)
        }
        item.conflicts += conflicts.map {
          LiveLog.Conflict(loser: edit.session, sequence: edit.sequence, conflict: $0)
        }
        rebased.append(item)
        before = made
        after = merged
      }
      return (rebased, after)
    }

    /// The top-level clip each operation changes, when every one is inside a top-level clip
    /// and none inserts or removes anything.
    private static func clipIndices(_ patch: LivePatch) -> Set<Int>? {
      guard !patch.changesStructure else { return nil }
      var indices: Set<Int> = []
      for operation in patch.operations {
        let path = operation.path
        guard path.count >= 3, path[0] == .key(LiveDocument.rootKey),
          path[1] == .key(LiveDocument.clipsKey), case .index(let index) = path[2]
        else { return nil }
        indices.insert(index)
      }
      return indices
    }

    /// `ours` (from `before` to `made`) rebased onto `theirs` (from `before` to `after`) clip by
    /// clip, with the conflicts; `nil` when either changes anything but top-level clips in
    /// place.
    private static func mergeByClip(
      _ ours: LivePatch, _ theirs: LivePatch, before: LiveDocument, made: LiveDocument,
      after: LiveDocument, differ: CompositionDiffer
    ) throws -> (LiveDocument, [MergeConflict])? {
      guard let mine = clipIndices(ours), let others = clipIndices(theirs) else { return nil }
      let shared = mine.intersection(others)
      var merged = try after.applying(
        LivePatch(
          operations: ours.operations.filter {
            guard case .index(let index) = $0.path[2] else { return false }
            return !shared.contains(index)
          }))
      var conflicts: [MergeConflict] = []
      for index in shared.sorted() {
        let sides = try [before, made, after].map {
          KadrDocument(json: try $0.keepingOnlyClip(index))
        }
        let merge = try differ.merge(
          base: sides[0], ours: sides[1], theirs: sides[2], preferring: .ours)
        guard let clip = try LiveDocument(merge.document.json).onlyClip else { return nil }
        merged = try merged.applying(
          LivePatch(operations: [
            .replace(
              [.key(LiveDocument.rootKey), .key(LiveDocument.clipsKey), .index(index)], clip)
          ]))
        conflicts += merge.conflicts.map { $0.movedToClip(index) }
      }
      return (merged, conflicts)
    }
  }

  extension MergeConflict {
    /// The conflict of a one-clip document's clip, placed at top-level clip `index`.
    func movedToClip(_ index: Int) -> MergeConflict {
      let alone = "/\(LiveDocument.rootKey)/\(LiveDocument.clipsKey)/0"
      guard pointer == alone || pointer.hasPrefix(alone + "/") else { return self }
      return MergeConflict(
        kind: kind,
        pointer: "/\(LiveDocument.rootKey)/\(LiveDocument.clipsKey)/\(index)"
          + pointer.dropFirst(alone.count),
        label: label, field: field, base: base, ours: ours, theirs: theirs, resolution: resolution)
    }
  }
#endif
