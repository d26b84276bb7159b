import Foundation

/// A JSON tree: what the strict reader produces and the canonical writer consumes.
///
/// Numbers keep the distinction the format needs: a literal without fraction or exponent that fits
/// `Int64` reads as ``integer(_:)``; every other number reads as ``number(_:)``. The writer prints
/// ``number(_:)`` exactly as `JSONEncoder` prints a `Double` (so an integral double prints as `1`),
/// and ``integer(_:)`` as an integer.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer literal that fits `Int64`.
  case integer(Int64)
  /// Any other number. Always finite: the reader refuses NaN and infinities and the writer
  /// refuses to print them.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; members keep the order they were read or inserted in, and the writer sorts them.
  case object(JSONObject)

  /// The number as a `Double`, for ``integer(_:)`` and ``number(_:)``; otherwise `nil`.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// A short name of the value's JSON type, for messages: "object", "array", "string",
  /// "number", "boolean" or "null".
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer, .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

/// The members of a JSON object, in insertion order, with keyed access.
///
/// Keys are unique: the reader refuses duplicates, and ``subscript(_:)`` replaces a member in place.
/// Two objects are equal when they have the same keys with equal values, in any order.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// The keys, in insertion order.
  public private(set) var keys: [String]
  /// The values, parallel to ``keys``.
  public private(set) var values: [JSONValue]

  /// Creates an empty object.
  ///
  /// - Parameter capacity: How many members to reserve room for.
  public init(minimumCapacity capacity: Int = 0) {
    keys = []
    values = []
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Creates an object from parallel keys and values that the caller (the reader) knows are
  /// equally many, with no key twice.
  package init(uniqueKeys keys: [String], values: [JSONValue]) {
    self.keys = keys
    self.values = values
  }

  /// Creates an object from literal members; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(minimumCapacity: elements.count)
    for (key, value) in elements { self[key] = value }
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The value for `key`, or `nil`. Setting `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get {
      guard let index = index(of: key) else { return nil }
      return values[index]
    }
    set {
      if let index = index(of: key) {
        if let newValue {
          values[index] = newValue
        } else {
          keys.remove(at: index)
          values.remove(at: index)
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
      }
    }
  }

  /// Appends a member whose key the caller knows is not present yet (the reader checks that).
  ///
  /// - Parameters:
  ///   - value: The member's value.
  ///   - key: The member's key, not already in the object.
  public mutating func appendUnchecked(_ value: JSONValue, forKey key: String) {
    keys.append(key)
    values.append(value)
  }

  /// The position of `key` in ``keys``, or `nil`.
  ///
  /// - Parameter key: The key to find.
  public func index(of key: String) -> Int? {
    // Objects in this format are small (a few dozen keys at most): a scan beats hashing.
    keys.firstIndex(of: key)
  }

  /// Iterates the members in insertion order.
  public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
    zip(keys, values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent: combine the per-member hashes commutatively.
    var combined = 0
    for (key, value) in zip(keys, values) {
      var member = Hasher()
      member.combine(key)
      member.combine(value)
      combined ^= member.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}
