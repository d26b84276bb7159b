import KadrPersistence

/// Three-way merge of JSON values, collecting conflicts.
struct ValueMerge {
  /// The side each conflict keeps.
  let choices: ConflictChoices
  /// The conflicts so far.
  private(set) var conflicts: [MergeConflict] = []
  /// The ids of the conflicts no choice covered.
  private(set) var open: Set<MergeConflict.ID> = []

  init(choices: ConflictChoices) {
    self.choices = choices
  }

  /// Merges one value: a side that did not change it takes the other's change; objects merge
  /// member by member (a time, `{"timescale", "value"}`, is one value); anything else changed
  /// differently on both sides is a conflict. `nil` is an absent member.
  ///
  /// - Parameters:
  ///   - pointer: Where the value is.
  ///   - label: The value the label names (a clip, the preset).
  ///   - origin: Where that value starts, so conflicts name their field relative to it;
  ///     `pointer` when `nil`.
  mutating func merge(
    base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, at pointer: JSONPointer,
    label: String, origin: JSONPointer? = nil
  ) -> JSONValue? {
    if ours == theirs || theirs == base { return ours }
    if ours == base { return theirs }
    let origin = origin ?? pointer
    if case .object(let left)? = ours, case .object(let right)? = theirs,
      !(ConflictText.isTime(ours) && ConflictText.isTime(theirs))
    {
      var baseObject = JSONObject()
      if case .object(let object)? = base { baseObject = object }
      var merged = JSONObject()
      var keys = left.keys
      for key in right.keys where left[key] == nil { keys.append(key) }
      // A video clip's filters: three parallel arrays, matched by filter id together.
      if mergeFilters(
        base: baseObject, ours: left, theirs: right, at: pointer, label: label, origin: origin,
        into: &merged)
      {
        keys.removeAll { Self.filterKeys.contains($0) }
      }
      for key in keys {
        let value = merge(
          base: baseObject[key], ours: left[key], theirs: right[key],
          at: pointer.appending(key: key), label: label, origin: origin)
        if let value { merged[key] = value }
      }
      return .object(merged)
    }
    let side = record(
      .bothChanged, at: pointer, label: label, origin: origin, base: base, ours: ours,
      theirs: theirs)
    return side == .ours ? ours : theirs
  }

  /// Records a conflict, resolved to the side chosen for it; returns that side.
  @discardableResult
  mutating func record(
    _ kind: MergeConflict.Kind, at pointer: JSONPointer, label: String,
    origin: JSONPointer? = nil, base: JSONValue?, ours: JSONValue?, theirs: JSONValue?
  ) -> MergeSide {
    let field = Self.field(of: pointer, within: origin ?? pointer)
    let probe = MergeConflict(
      kind: kind, pointer: pointer.description, label: label, field: field, base: base,
      ours: ours, theirs: theirs, resolution: .ours)
    let chosen = choices.side(for: probe) ?? choices.otherwise
    if chosen == nil { open.insert(probe.id) }
    let side = chosen ?? .ours
    conflicts.append(
      MergeConflict(
        kind: kind, pointer: probe.pointer, label: label, field: field, base: base, ours: ours,
        theirs: theirs, resolution: side))
    return side
  }

  /// `pointer` relative to `origin`, without a tagged value's kind and payload box: a clip at
  /// `/video/clips/2` with a conflict at `/video/clips/2/video/_0/volumeLevel` gives
  /// `/volumeLevel`.
  static func field(of pointer: JSONPointer, within origin: JSONPointer) -> String {
    var components = Array(pointer.components.dropFirst(origin.count))
    guard pointer.components.starts(with: origin.components) else { return pointer.description }
    if components.count >= 2, case .key = components[0],
      components[1] == .key(DocumentKeys.payloadBox)
    {
      components.removeFirst(2)
    }
    return JSONPointer(components).description
  }
}
