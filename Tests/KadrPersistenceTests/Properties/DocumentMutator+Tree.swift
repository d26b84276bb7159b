import Foundation
import KadrPersistence

// Walking and rebuilding JSON trees by path.
extension DocumentMutator {
  /// Every path in `json` except the root, parents before children.
  static func collectPaths(
    _ json: JSONValue, prefix: [JSONPointer.Component], into paths: inout [[JSONPointer.Component]]
  ) {
    if !prefix.isEmpty { paths.append(prefix) }
    switch json {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collectPaths(element, prefix: prefix + [.index(index)], into: &paths)
      }
    case .object(let object):
      for (key, value) in object {
        collectPaths(value, prefix: prefix + [.key(key)], into: &paths)
      }
    default: break
    }
  }

  /// The value at `path`, or `nil` when there is none.
  static func value(at path: ArraySlice<JSONPointer.Component>, in json: JSONValue) -> JSONValue? {
    guard let first = path.first else { return json }
    switch (first, json) {
    case (.key(let key), .object(let object)):
      return object[key].flatMap { value(at: path.dropFirst(), in: $0) }
    case (.index(let index), .array(let elements)) where elements.indices.contains(index):
      return value(at: path.dropFirst(), in: elements[index])
    default:
      return nil
    }
  }

  /// `json` with the value at `path` replaced (or added, for a missing key).
  static func replacing(
    _ path: ArraySlice<JSONPointer.Component>, in json: JSONValue, with replacement: JSONValue
  ) -> JSONValue {
    guard let first = path.first else { return replacement }
    switch (first, json) {
    case (.key(let key), .object(var object)):
      object[key] = replacing(path.dropFirst(), in: object[key] ?? .null, with: replacement)
      return .object(object)
    case (.index(let index), .array(var elements)) where elements.indices.contains(index):
      elements[index] = replacing(path.dropFirst(), in: elements[index], with: replacement)
      return .array(elements)
    default:
      return json
    }
  }

  /// `json` with the object at `path` edited by `edit`.
  static func editingObject(
    _ path: ArraySlice<JSONPointer.Component>, in json: JSONValue,
    _ edit: (inout JSONObject) -> Void
  ) -> JSONValue {
    guard case .object(var object)? = value(at: path, in: json) else { return json }
    edit(&object)
    return replacing(path, in: json, with: .object(object))
  }

  /// `json` with the array at `path` edited by `edit`.
  static func editingArray(
    _ path: ArraySlice<JSONPointer.Component>, in json: JSONValue,
    _ edit: (inout [JSONValue]) -> Void
  ) -> JSONValue {
    guard case .array(var elements)? = value(at: path, in: json) else { return json }
    edit(&elements)
    return replacing(path, in: json, with: .array(elements))
  }
}
