// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence

  /// The three-way merge of a project's metadata (the app's JSON object): a member one side
  /// changed takes that side's value, objects merge member by member, and a member both sides
  /// changed to different values takes this client's (the conflicts are returned).
  enum MetadataMerge {
    /// The merged metadata's bytes (`ours` when a side is not JSON) and the members both sides
    /// changed, as ``MergeConflict`` values under `/metadata` resolved to ours.
    ///
    /// - Throws: An error writing the merged JSON (not expected: it was read as JSON).
    static func merge(base: Data, ours: Data, theirs: Data) throws -> (Data, [MergeConflict]) {
      if ours == theirs || theirs == base { return (ours, []) }
      if ours == base { return (theirs, []) }
      let decoder = JSONDecoder()
      guard let baseValue = try? decoder.decode(JSONValue.self, from: base),
        let ourValue = try? decoder.decode(JSONValue.self, from: ours),
        let theirValue = try? decoder.decode(JSONValue.self, from: theirs)
      else { return (ours, []) }
      var conflicts: [MergeConflict] = []
      let merged = merge(
        base: baseValue, ours: ourValue, theirs: theirValue, at: "/metadata", into: &conflicts)
      guard let merged else { return (ours, conflicts) }
      return (try KadrDocument(json: merged).data(), conflicts)
    }

    private static func merge(
      base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, at pointer: String,
      into conflicts: inout [MergeConflict]
    ) -> JSONValue? {
      if ours == theirs || theirs == base { return ours }
      if ours == base { return theirs }
      if case .object(let left)? = ours, case .object(let right)? = theirs {
        var baseObject = JSONObject()
        if case .object(let object)? = base { baseObject = object }
        var keys = left.keys
        for key in right.keys where left[key] == nil { keys.append(key) }
        var merged = JSONObject()
        for key in keys.sorted() {
          let escaped = key.replacingOccurrences(of: "~", with: "~0")
            .replacingOccurrences(of: "/", with: "~1")
          if let value = merge(
            base: baseObject[key], ours: left[key], theirs: right[key],
            at: pointer + "/" + escaped, into: &conflicts)
          {
            merged.appendUnchecked(value, forKey: key)
          }
        }
        return .object(merged)
      }
      conflicts.append(
        MergeConflict(
          kind: ours == nil || theirs == nil ? .deletedAndChanged : .bothChanged,
          pointer: pointer, label: "metadata", base: base, ours: ours, theirs: theirs,
          resolution: .ours))
      return ours
    }
  }
#endif
