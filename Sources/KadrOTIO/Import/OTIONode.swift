import Foundation
import KadrPersistenceCore

/// One JSON object of an OpenTimelineIO file with its pointer, and typed reading of its fields
/// that refuses a wrong type with the field's pointer.
struct OTIONode {
  let object: JSONObject
  let pointer: JSONPointer

  /// The object at `pointer`.
  ///
  /// - Throws: `PersistenceError` when `value` is not an object.
  init(_ value: JSONValue, at pointer: JSONPointer) throws(PersistenceError) {
    guard let object = value.objectValue else {
      throw PersistenceError(.wrongType(expected: "an object", found: value.typeName), at: pointer)
    }
    self.object = object
    self.pointer = pointer
  }

  /// The pointer of a field.
  func pointer(_ key: String) -> JSONPointer { pointer.appending(key: key) }

  /// The `OTIO_SCHEMA` string.
  ///
  /// - Throws: `PersistenceError` when it is missing or not a string.
  func schema() throws(PersistenceError) -> String {
    guard let schema = try string(OTIOKey.schema) else {
      throw PersistenceError(.missingField(OTIOKey.schema), at: pointer)
    }
    return schema
  }

  /// The schema's family (`"Clip"` for `"Clip.2"`), or the whole string when it has no version.
  /// `Sequence`, the name OpenTimelineIO still reads as a track, is `"Track"`.
  func family() throws(PersistenceError) -> String {
    let schema = try schema()
    let family = OTIOSchema.parse(schema)?.family ?? schema
    return family == OTIOSchema.sequenceFamily ? "Track" : family
  }

  /// A string field, `nil` when absent or null.
  func string(_ key: String) throws(PersistenceError) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let value)?: return value
    case let other?: throw wrongType(key, expected: "a string", found: other)
    }
  }

  /// A number field, `nil` when absent or null.
  func number(_ key: String) throws(PersistenceError) -> Double? {
    switch object[key] {
    case nil, .null?: return nil
    case let value? where value.doubleValue != nil: return value.doubleValue
    case let other?: throw wrongType(key, expected: "a number", found: other)
    }
  }

  /// A boolean field, `nil` when absent or null.
  func bool(_ key: String) throws(PersistenceError) -> Bool? {
    switch object[key] {
    case nil, .null?: return nil
    case .bool(let value)?: return value
    case let other?: throw wrongType(key, expected: "a boolean", found: other)
    }
  }

  /// An object field, `nil` when absent or null.
  func node(_ key: String) throws(PersistenceError) -> OTIONode? {
    switch object[key] {
    case nil, .null?: return nil
    case let value?: return try OTIONode(value, at: pointer(key))
    }
  }

  /// The elements of an array field with their pointers; empty when absent or null.
  func elements(_ key: String) throws(PersistenceError) -> [(
    value: JSONValue, pointer: JSONPointer
  )] {
    switch object[key] {
    case nil, .null?: return []
    case .array(let values)?:
      let base = pointer(key)
      return values.enumerated().map { ($0.element, base.appending(index: $0.offset)) }
    case let other?: throw wrongType(key, expected: "an array", found: other)
    }
  }

  /// The elements of an array field that are objects.
  func nodes(_ key: String) throws(PersistenceError) -> [OTIONode] {
    var nodes: [OTIONode] = []
    for element in try elements(key) {
      nodes.append(try OTIONode(element.value, at: element.pointer))
    }
    return nodes
  }

  /// `metadata["kadr"]`, `nil` when the object has none.
  func kadr() throws(PersistenceError) -> OTIONode? {
    try node(OTIOKey.metadata)?.node(KadrMetadataKey.namespace)
  }

  /// The keys of `metadata` other than kadr's.
  func foreignMetadataKeys() throws(PersistenceError) -> [String] {
    (try node(OTIOKey.metadata)?.object.keys ?? []).filter { $0 != KadrMetadataKey.namespace }
  }

  /// A `RationalTime` field, `nil` when absent or null.
  func rationalTime(_ key: String) throws(PersistenceError) -> OTIORationalTime? {
    guard let node = try node(key) else { return nil }
    guard let rate = try node.number(OTIOKey.rate) else {
      throw PersistenceError(.missingField(OTIOKey.rate), at: node.pointer)
    }
    guard let value = try node.number(OTIOKey.value) else {
      throw PersistenceError(.missingField(OTIOKey.value), at: node.pointer)
    }
    guard rate > 0 else {
      throw .invalid(
        "A time's rate must be positive, not \(rate); give the rate in units per second",
        at: node.pointer(OTIOKey.rate))
    }
    return OTIORationalTime(value: value, rate: rate)
  }

  /// A `TimeRange` field, `nil` when absent or null.
  func timeRange(_ key: String) throws(PersistenceError) -> OTIOTimeRange? {
    guard let node = try node(key) else { return nil }
    guard let start = try node.rationalTime(OTIOKey.startTime) else {
      throw PersistenceError(.missingField(OTIOKey.startTime), at: node.pointer)
    }
    guard let duration = try node.rationalTime(OTIOKey.duration) else {
      throw PersistenceError(.missingField(OTIOKey.duration), at: node.pointer)
    }
    return OTIOTimeRange(start: start, duration: duration)
  }

  private func wrongType(_ key: String, expected: String, found: JSONValue) -> PersistenceError {
    PersistenceError(.wrongType(expected: expected, found: found.typeName), at: pointer(key))
  }
}
