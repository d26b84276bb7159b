import Foundation

/// Conversions between ``JSONValue`` and the Foundation values (`[String: Any]`, `[Any]`,
/// `String`, `Int`, `Double`, `Bool`, `NSNull`) that migrations written for the original
/// kadr-persistence work on.
enum FoundationJSON {
  /// The Foundation dictionary of `object`.
  static func dictionary(of object: JSONObject) -> [String: Any] {
    var dictionary: [String: Any] = [:]
    for (key, value) in object { dictionary[key] = any(of: value) }
    return dictionary
  }

  /// The Foundation value of `value`.
  static func any(of value: JSONValue) -> Any {
    switch value {
    case .null: return NSNull()
    case .bool(let bool): return bool
    case .integer(let integer): return Int(exactly: integer) ?? Double(integer)
    case .number(let number): return number
    case .string(let string): return string
    case .array(let elements): return elements.map(any(of:))
    case .object(let object): return dictionary(of: object)
    }
  }

  /// The JSON object of a Foundation dictionary.
  ///
  /// - Throws: ``PersistenceError/malformed(_:)`` naming the first value that is not JSON.
  static func object(from dictionary: [String: Any], at pointer: JSONPointer) throws
    -> JSONObject
  {
    var object = JSONObject(minimumCapacity: dictionary.count)
    for key in dictionary.keys.sorted() {
      object[key] = try value(from: dictionary[key] as Any, at: pointer.appending(key: key))
    }
    return object
  }

  /// The JSON value of a Foundation value.
  ///
  /// - Throws: ``PersistenceError/malformed(_:)`` for a value that is not JSON.
  static func value(from any: Any, at pointer: JSONPointer) throws -> JSONValue {
    switch any {
    case is NSNull: return .null
    case let bool as Bool where !(any is any BinaryInteger) && !(any is Double):
      return .bool(bool)
    case let integer as Int: return .integer(Int64(integer))
    case let integer as Int64: return .integer(integer)
    case let integer as Int32: return .integer(Int64(integer))
    case let number as Double:
      guard number.isFinite else {
        throw PersistenceError.malformed("A migration wrote a non-finite number at \(pointer).")
      }
      return .number(number)
    case let string as String: return .string(string)
    case let array as [Any]:
      var elements: [JSONValue] = []
      for (index, element) in array.enumerated() {
        elements.append(try value(from: element, at: pointer.appending(index: index)))
      }
      return .array(elements)
    case let dictionary as [String: Any]: return .object(try object(from: dictionary, at: pointer))
    default:
      throw PersistenceError.malformed(
        "A migration wrote a \(type(of: any)) at \(pointer), which JSON cannot hold.")
    }
  }
}
