/// The walks over a timeline's nested clip lists that the edits share: finding a clip by its
/// identity, reading one at a path, and changing the list a path points into.
///
/// Only ``Track`` holds clips: a plugin's clip kind is a leaf, whatever it contains.
enum ClipTree {
  /// The path of the first clip with identity `id`, in timeline order (depth first).
  static func path(of id: ClipID, in clips: [any Clip]) -> ClipPath? {
    var prefix: [Int] = []
    return path(of: id, in: clips, prefix: &prefix)
  }

  private static func path(of id: ClipID, in clips: [any Clip], prefix: inout [Int]) -> ClipPath? {
    for index in clips.indices {
      prefix.append(index)
      defer { prefix.removeLast() }
      if clips[index].clipID == id { return ClipPath(prefix) }
      if let track = clips[index] as? Track,
        let found = path(of: id, in: track.clips, prefix: &prefix)
      {
        return found
      }
    }
    return nil
  }

  /// The clip at `path`, or `nil` when the path leaves the timeline.
  static func clip(at path: ClipPath, in clips: [any Clip]) -> (any Clip)? {
    var list = clips
    for (depth, index) in path.indices.enumerated() {
      guard list.indices.contains(index) else { return nil }
      if depth == path.indices.count - 1 { return list[index] }
      guard let track = list[index] as? Track else { return nil }
      list = track.clips
    }
    return nil
  }

  /// Calls `body` with the clip list that holds the last index of `path`, and that index, and
  /// writes the changed list back through every track above it.
  ///
  /// - Throws: ``TimelineEditError`` when the path is empty or passes through a place that is not
  ///   a track; `body`'s own errors.
  static func modifyList(
    _ clips: inout [any Clip], at path: ClipPath,
    _ body: (inout [any Clip], Int) throws -> Void
  ) throws {
    guard let last = path.indices.last else {
      throw TimelineEditError(.noSuchPlace, place: path.description, found: "no clip place")
    }
    try modifyList(&clips, parents: path.indices.dropLast()[...], whole: path) {
      try body(&$0, last)
    }
  }

  private static func modifyList(
    _ clips: inout [any Clip], parents: ArraySlice<Int>, whole: ClipPath,
    _ body: (inout [any Clip]) throws -> Void
  ) throws {
    guard let first = parents.first else { return try body(&clips) }
    let reached = ClipPath(Array(whole.indices[..<(parents.startIndex + 1)]))
    guard clips.indices.contains(first) else {
      throw TimelineEditError(.noSuchPlace, place: reached.description, found: count(clips))
    }
    guard var track = clips[first] as? Track else {
      throw TimelineEditError(
        .notATrack, place: reached.description, found: "\(type(of: clips[first]))")
    }
    try modifyList(&track.clips, parents: parents.dropFirst(), whole: whole, body)
    clips[first] = track
  }

  /// Checks that `index` names an element of `list` (or, for an insertion, the end).
  static func check<Element>(
    _ index: Int, in list: [Element], place: @autoclosure () -> String, insertion: Bool = false
  ) throws {
    let valid = insertion ? (0...list.count).contains(index) : list.indices.contains(index)
    guard valid else {
      throw TimelineEditError(.noSuchPlace, place: place(), found: count(list))
    }
  }

  /// "3 items" or "no items": a list's length for an error's detail.
  static func count<Element>(_ list: [Element]) -> String {
    switch list.count {
    case 0: "nothing"
    case 1: "1 item"
    default: "\(list.count) items"
    }
  }
}
