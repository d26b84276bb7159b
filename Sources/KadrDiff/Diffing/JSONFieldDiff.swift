import KadrPersistence

/// Compares two JSON values field by field.
///
/// Objects are compared member by member; arrays of the same length element by element; any
/// other difference (a scalar, a type, an array's length) is one change of the whole value.
enum JSONFieldDiff {
  /// The fields that differ, as pointers relative to the values compared.
  static func changes(_ before: JSONValue?, _ after: JSONValue?, at pointer: JSONPointer = .root)
    -> [FieldChange]
  {
    var changes: [FieldChange] = []
    collect(before, after, at: pointer, into: &changes)
    return changes
  }

  private static func collect(
    _ before: JSONValue?, _ after: JSONValue?, at pointer: JSONPointer,
    into changes: inout [FieldChange]
  ) {
    if before == after { return }
    switch (before, after) {
    case (.object(let left)?, .object(let right)?):
      for (key, value) in left {
        collect(value, right[key], at: pointer.appending(key: key), into: &changes)
      }
      for (key, value) in right where left[key] == nil {
        collect(nil, value, at: pointer.appending(key: key), into: &changes)
      }
    case (.array(let left)?, .array(let right)?) where left.count == right.count:
      for index in left.indices {
        collect(left[index], right[index], at: pointer.appending(index: index), into: &changes)
      }
    default:
      changes.append(FieldChange(field: pointer.description, before: before, after: after))
    }
  }

  /// The payload of a tagged entry, or the value itself when it is not tagged: fields are
  /// named relative to what the codec wrote.
  static func payload(of value: JSONValue) -> JSONValue {
    RecordBuilder.tagged(value).payload ?? value
  }
}
