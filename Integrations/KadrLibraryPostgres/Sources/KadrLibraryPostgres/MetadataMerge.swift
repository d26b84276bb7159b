// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence

  /// The three-way merge of a project's metadata (the app's JSON object): a member one side
  /// changed takes that side's value, objects merge member by member, and a member both sides
  /// changed to different values is a conflict, kept as the person chose.
  enum MetadataMerge {
    /// The merged metadata's bytes (`ours` when a side is not JSON), the members both sides
    /// changed as ``MergeConflict`` values under `/metadata`, and those no choice covered.
    struct Outcome {
      let merged: Data
      let conflicts: [MergeConflict]
      let open: [MergeConflict]
    }

    /// Merges three versions of the metadata.
    ///
    /// - Throws: An error writing the merged JSON (not expected: it was read as JSON).
    static func merge(base: Data, ours: Data, theirs: Data, choosing choices: ConflictChoices)
      throws -> Outcome
    {
      if ours == theirs || theirs == base { return Outcome(merged: ours, conflicts: [], open: []) }
      if ours == base { return Outcome(merged: theirs, conflicts: [], open: []) }
      let decoder = JSONDecoder()
      guard let baseValue = try? decoder.decode(JSONValue.self, from: base),
        let ourValue = try? decoder.decode(JSONValue.self, from: ours),
        let theirValue = try? decoder.decode(JSONValue.self, from: theirs)
      else { return Outcome(merged: ours, conflicts: [], open: []) }
      var merge = Merge(choices: choices)
      let merged = merge.merge(base: baseValue, ours: ourValue, theirs: theirValue, field: "")
      let bytes = try merged.map { try KadrDocument(json: $0).data() } ?? ours
      return Outcome(merged: bytes, conflicts: merge.conflicts, open: merge.open)
    }

    private struct Merge {
      let choices: ConflictChoices
      var conflicts: [MergeConflict] = []
      var open: [MergeConflict] = []

      mutating func merge(
        base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, field: String
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
              field: field + "/" + escaped)
            {
              merged.appendUnchecked(value, forKey: key)
            }
          }
          return .object(merged)
        }
        let kind: MergeConflict.Kind =
          ours == nil || theirs == nil ? .deletedAndChanged : .bothChanged
        let probe = MergeConflict(
          kind: kind, pointer: "/metadata" + field, label: "metadata", field: field, base: base,
          ours: ours, theirs: theirs, resolution: .ours)
        let chosen = choices.side(for: probe) ?? choices.otherwise
        let conflict = MergeConflict(
          kind: kind, pointer: probe.pointer, label: "metadata", field: field, base: base,
          ours: ours, theirs: theirs, resolution: chosen ?? .ours)
        conflicts.append(conflict)
        if chosen == nil { open.append(conflict) }
        return conflict.resolution == .ours ? ours : theirs
      }
    }
  }
#endif
