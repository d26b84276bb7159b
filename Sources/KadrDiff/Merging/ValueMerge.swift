import KadrPersistence

/// Three-way merge of JSON values, collecting conflicts.
struct ValueMerge {
  /// The side a conflict is resolved to.
  let preference: MergeSide
  /// The conflicts so far.
  private(set) var conflicts: [MergeConflict] = []

  init(preference: MergeSide) {
    self.preference = preference
  }

  /// Merges one value: a side that did not change it takes the other's change; objects merge
  /// member by member; anything else changed differently on both sides is a conflict.
  /// `nil` is an absent member.
  mutating func merge(
    base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, at pointer: JSONPointer,
    label: String
  ) -> JSONValue? {
    if ours == theirs || theirs == base { return ours }
    if ours == base { return theirs }
    if case .object(let left)? = ours, case .object(let right)? = theirs {
      var baseObject = JSONObject()
      if case .object(let object)? = base { baseObject = object }
      var merged = JSONObject()
      var keys = left.keys
      for key in right.keys where left[key] == nil { keys.append(key) }
      // A video clip's filters: three parallel arrays, matched by filter id together.
      if mergeFilters(
        base: baseObject, ours: left, theirs: right, at: pointer, label: label, into: &merged)
      {
        keys.removeAll { Self.filterKeys.contains($0) }
      }
      for key in keys {
        let value = merge(
          base: baseObject[key], ours: left[key], theirs: right[key],
          at: pointer.appending(key: key), label: label)
        if let value { merged[key] = value }
      }
      return .object(merged)
    }
    record(.bothChanged, at: pointer, label: label, base: base, ours: ours, theirs: theirs)
    return preference == .ours ? ours : theirs
  }

  /// Records a conflict resolved to the preferred side.
  mutating func record(
    _ kind: MergeConflict.Kind, at pointer: JSONPointer, label: String, base: JSONValue?,
    ours: JSONValue?, theirs: JSONValue?
  ) {
    conflicts.append(
      MergeConflict(
        kind: kind, pointer: pointer.description, label: label, base: base, ours: ours,
        theirs: theirs, resolution: preference))
  }
}
