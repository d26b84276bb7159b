import KadrPersistence

/// Collects the changes between matched lists of records.
struct DiffBuilder {
  private(set) var changes: [DiffChange] = []
  private(set) var unchanged = 0

  /// Compares one list; for clips, tracks' children recursively.
  mutating func compare(_ before: [Record], _ after: [Record], subject: DiffChange.Subject) {
    let matcher = ListMatcher(before: before, after: after)
    var nextRemoved = 0
    func flushRemoved(upTo limit: Int) {
      while nextRemoved < limit {
        if matcher.afterOfBefore[nextRemoved] == nil {
          append(.removed, subject, before: before[nextRemoved], after: nil)
        }
        nextRemoved += 1
      }
    }
    for (index, record) in after.enumerated() {
      guard let original = matcher.beforeOfAfter[index] else {
        append(.added, subject, before: nil, after: record)
        continue
      }
      flushRemoved(upTo: original)
      let old = before[original]
      let fields = fieldChanges(old, record)
      let kind: DiffChange.Kind? =
        if matcher.moved.contains(index) {
          .moved
        } else if !sameTime(old.timing?.duration, record.timing?.duration)
          || old.trim != record.trim
        {
          .retimed
        } else if !fields.isEmpty {
          .modified
        } else if !sameTime(old.timing?.start, record.timing?.start) {
          .shifted
        } else {
          nil
        }
      if let kind {
        append(kind, subject, before: old, after: record, fields: fields)
      } else {
        unchanged += 1
      }
      if let oldChildren = old.children, let newChildren = record.children {
        compare(oldChildren, newChildren, subject: subject)
      } else {
        // A track that became something else: its clips went with it.
        for child in old.children ?? [] { append(.removed, subject, before: child, after: nil) }
        for child in record.children ?? [] { append(.added, subject, before: nil, after: child) }
      }
    }
    flushRemoved(upTo: before.count)
  }

  /// Compares the composition's own fields (preset, quality, crop, and any other).
  mutating func compareFields(_ before: JSONObject, _ after: JSONObject) {
    var keys = before.keys
    for key in after.keys where before[key] == nil { keys.append(key) }
    for key in keys.sorted() {
      let old = before[key]
      let new = after[key]
      guard old != new else { continue }
      let kind: DiffChange.Kind = old == nil ? .added : new == nil ? .removed : .modified
      let pointer = JSONPointer.root.appending(key: DocumentKeys.video).appending(key: key)
      changes.append(
        DiffChange(
          kind: kind, subject: .composition, label: key,
          beforePointer: old == nil ? nil : pointer.description,
          afterPointer: new == nil ? nil : pointer.description,
          fields: JSONFieldDiff.changes(old, new)))
    }
  }

  private func fieldChanges(_ before: Record, _ after: Record) -> [FieldChange] {
    guard before.content != after.content else { return [] }
    guard before.kindID == after.kindID else {
      return JSONFieldDiff.changes(before.content, after.content)
    }
    return JSONFieldDiff.changes(
      JSONFieldDiff.payload(of: before.content), JSONFieldDiff.payload(of: after.content))
  }

  private func sameTime(_ left: DiffTime?, _ right: DiffTime?) -> Bool {
    left?.time == right?.time
  }

  private mutating func append(
    _ kind: DiffChange.Kind, _ subject: DiffChange.Subject, before: Record?, after: Record?,
    fields: [FieldChange] = []
  ) {
    let record = after ?? before
    changes.append(
      DiffChange(
        kind: kind, subject: subject, label: record?.label ?? "", kindID: record?.kindID,
        beforePointer: before?.pointer.description, afterPointer: after?.pointer.description,
        beforePath: before?.path, afterPath: after?.path,
        before: before?.timing, after: after?.timing, fields: fields))
  }
}
