extension Video {
  /// The first clip with identity `id`, at any depth of the timeline (inside tracks too), in
  /// timeline order; `nil` when no clip has it.
  ///
  /// - Parameter id: The clip's identity.
  public func clip(id: ClipID) -> (any Clip)? {
    ClipTree.path(of: id, in: clips).flatMap { ClipTree.clip(at: $0, in: clips) }
  }

  /// The clip at `path`; `nil` when the path leaves the timeline.
  ///
  /// - Parameter path: The clip's place.
  public func clip(at path: ClipPath) -> (any Clip)? {
    ClipTree.clip(at: path, in: clips)
  }

  /// The place of the first clip with identity `id`, at any depth; `nil` when no clip has it.
  ///
  /// - Parameter id: The clip's identity.
  public func path(of id: ClipID) -> ClipPath? {
    ClipTree.path(of: id, in: clips)
  }

  /// Returns a copy in which the clip with identity `id` is changed by `change`; every other
  /// field of the clip is kept, as `change` returns it.
  ///
  /// ```swift
  /// let edited = try video.updatingClip(id: "interview", as: VideoClip.self) {
  ///   $0.trimmed(to: 2...6).volume(0.8)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identity of the clip, found at any depth (the first in timeline order).
  ///   - type: The clip's kind.
  ///   - change: Returns the changed clip; it may be of another kind.
  /// - Returns: The composition with the changed clip in the same place.
  /// - Throws: ``TimelineEditError`` when no clip has `id` or it is not a `C`; `change`'s errors.
  public func updatingClip<C: Clip>(
    id: ClipID, as type: C.Type = C.self, _ change: (C) throws -> any Clip
  ) throws -> Video {
    try updatingClip(at: requirePath(of: id), as: type, place: "clip “\(id)”", change)
  }

  /// Returns a copy in which the clip at `path` is changed by `change`.
  ///
  /// - Parameters:
  ///   - path: The clip's place.
  ///   - type: The clip's kind (``Track`` for a track).
  ///   - change: Returns the changed clip; it may be of another kind.
  /// - Returns: The composition with the changed clip in the same place.
  /// - Throws: ``TimelineEditError`` when nothing is at `path` or it is not a `C`; `change`'s
  ///   errors.
  public func updatingClip<C: Clip>(
    at path: ClipPath, as type: C.Type = C.self, _ change: (C) throws -> any Clip
  ) throws -> Video {
    try updatingClip(at: path, as: type, place: "clip at \(path)", change)
  }

  /// Returns a copy in which `clip` takes the place of the clip with identity `id`.
  ///
  /// - Parameters:
  ///   - id: The identity of the clip to replace, found at any depth.
  ///   - clip: The new clip.
  /// - Returns: The composition with `clip` in that place.
  /// - Throws: ``TimelineEditError/Code/clipNotFound`` when no clip has `id`.
  public func replacingClip(id: ClipID, with clip: any Clip) throws -> Video {
    try replacingClip(at: requirePath(of: id), with: clip)
  }

  /// Returns a copy in which `clip` takes the place of the clip at `path`.
  ///
  /// - Parameters:
  ///   - path: The place of the clip to replace.
  ///   - clip: The new clip.
  /// - Returns: The composition with `clip` in that place.
  /// - Throws: ``TimelineEditError`` when nothing is at `path`.
  public func replacingClip(at path: ClipPath, with clip: any Clip) throws -> Video {
    try editingClips(at: path) { list, index in
      try ClipTree.check(index, in: list, place: path.description)
      list[index] = clip
    }
  }

  /// Returns a copy with `clip` inserted at `path`: the clips from that place on move one place
  /// later; the index one past the last clip of a list appends to it.
  ///
  /// - Parameters:
  ///   - clip: The clip to insert.
  ///   - path: Where it goes: `[0]` first in the timeline, `[2, 1]` second in the track at `[2]`.
  /// - Returns: The composition with `clip` at `path`.
  /// - Throws: ``TimelineEditError`` when `path` is outside the timeline.
  public func insertingClip(_ clip: any Clip, at path: ClipPath) throws -> Video {
    try editingClips(at: path) { list, index in
      try ClipTree.check(index, in: list, place: path.description, insertion: true)
      list.insert(clip, at: index)
    }
  }

  /// Returns a copy with `clip` inserted just after the clip with identity `id`, in the same
  /// list (the track that holds it, or the top level).
  ///
  /// - Parameters:
  ///   - clip: The clip to insert.
  ///   - id: The identity of the clip it follows.
  /// - Returns: The composition with `clip` after that clip.
  /// - Throws: ``TimelineEditError/Code/clipNotFound`` when no clip has `id`.
  public func insertingClip(_ clip: any Clip, after id: ClipID) throws -> Video {
    let path = try requirePath(of: id).indices
    return try insertingClip(clip, at: ClipPath(path.dropLast() + [path[path.count - 1] + 1]))
  }

  /// Returns a copy with `clip` inserted just before the clip with identity `id`, in the same
  /// list.
  ///
  /// - Parameters:
  ///   - clip: The clip to insert.
  ///   - id: The identity of the clip it precedes.
  /// - Returns: The composition with `clip` before that clip.
  /// - Throws: ``TimelineEditError/Code/clipNotFound`` when no clip has `id`.
  public func insertingClip(_ clip: any Clip, before id: ClipID) throws -> Video {
    try insertingClip(clip, at: requirePath(of: id))
  }

  /// Returns a copy without the clip with identity `id` (the first in timeline order).
  ///
  /// - Parameter id: The identity of the clip to remove, found at any depth.
  /// - Returns: The composition without that clip; the clips after it move one place earlier.
  /// - Throws: ``TimelineEditError/Code/clipNotFound`` when no clip has `id`.
  public func removingClip(id: ClipID) throws -> Video {
    try removingClip(at: requirePath(of: id))
  }

  /// Returns a copy without the clip at `path` (a track goes with all its clips).
  ///
  /// - Parameter path: The place of the clip to remove.
  /// - Returns: The composition without that clip.
  /// - Throws: ``TimelineEditError`` when nothing is at `path`.
  public func removingClip(at path: ClipPath) throws -> Video {
    try editingClips(at: path) { list, index in
      try ClipTree.check(index, in: list, place: path.description)
      list.remove(at: index)
    }
  }

  /// Returns a copy in which the clip with identity `id` is moved to `destination`.
  ///
  /// - Parameters:
  ///   - id: The identity of the clip to move.
  ///   - destination: Where the clip is once moved, in the moved composition:
  ///     `moved.clip(at: destination)` is the clip.
  /// - Returns: The composition with the clip at `destination`.
  /// - Throws: ``TimelineEditError`` when no clip has `id` or `destination` is outside the
  ///   timeline once the clip is taken out.
  public func movingClip(id: ClipID, to destination: ClipPath) throws -> Video {
    try movingClip(from: requirePath(of: id), to: destination)
  }

  /// Returns a copy in which the clip at `source` is moved to `destination`, into another track
  /// or out of one as the paths say.
  ///
  /// - Parameters:
  ///   - source: The place of the clip to move.
  ///   - destination: Where the clip is once moved, in the moved composition:
  ///     `moved.clip(at: destination)` is the clip.
  /// - Returns: The composition with the clip at `destination`.
  /// - Throws: ``TimelineEditError`` when nothing is at `source`, or `destination` is outside
  ///   the timeline once the clip is taken out.
  public func movingClip(from source: ClipPath, to destination: ClipPath) throws -> Video {
    guard let moved = clip(at: source) else {
      throw TimelineEditError(.noSuchPlace, place: source.description, found: "no clip there")
    }
    return try removingClip(at: source).insertingClip(moved, at: destination)
  }

  private func updatingClip<C: Clip>(
    at path: ClipPath, as type: C.Type, place: String, _ change: (C) throws -> any Clip
  ) throws -> Video {
    try editingClips(at: path) { list, index in
      try ClipTree.check(index, in: list, place: path.description)
      guard let current = list[index] as? C else {
        throw TimelineEditError(
          .kindMismatch, place: place, found: "\(Swift.type(of: list[index]))",
          expected: "\(C.self)")
      }
      list[index] = try change(current)
    }
  }

  private func requirePath(of id: ClipID) throws -> ClipPath {
    guard let path = ClipTree.path(of: id, in: clips) else {
      throw TimelineEditError(.clipNotFound, place: "clip “\(id)”")
    }
    return path
  }

  private func editingClips(
    at path: ClipPath, _ body: (inout [any Clip], Int) throws -> Void
  ) throws -> Video {
    var edited = clips
    try ClipTree.modifyList(&edited, at: path, body)
    return with { $0.setClips(edited, changedAt: path) }
  }
}
