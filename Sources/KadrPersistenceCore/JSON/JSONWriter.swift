import Foundation

/// A canonical JSON writer whose bytes equal what Foundation's `JSONEncoder` with
/// `outputFormatting = [.sortedKeys]` writes for the same tree.
///
/// The output is compact UTF-8. Object keys are sorted by their UTF-8 bytes, as `JSONEncoder`
/// sorts them (`utf8.lexicographicallyPrecedes`; for ASCII keys this is also Swift's `String`
/// order, `"B" < "_0" < "a"`, but not for every non-ASCII key: a decomposed `"e\u{301}"` sorts
/// before `"f"`). Keys that are already in order are not sorted again. Strings escape `"`, `\`
/// and `/` (as `\/`), write `\b \f \n \r \t`, write other control characters as `\u00xx` with
/// lowercase hex, and write everything else (DEL, U+2028, emoji) as raw UTF-8.
/// ``JSONValue/integer(_:)`` prints as an integer; ``JSONValue/number(_:)`` prints as Swift's
/// shortest round-tripping `description` without a trailing `.0`: `1`, `0.1`, `1e-07`, `1e+21`,
/// `-0`, `0.10000000149011612`.
///
/// Unlike `JSONEncoder`, which refuses 512 levels, the writer accepts trees as deep as
/// ``Options/maximumDepth`` (512 by default, the ``JSONReader``'s default), so that whatever the
/// reader accepts can be written back.
public struct JSONWriter: Sendable {
  /// Limits the writer enforces.
  public struct Options: Sendable, Equatable {
    /// How many arrays and objects may be nested: `[[1]]` is 2 deep. Default 512.
    public var maximumDepth: Int

    /// Creates writer options.
    ///
    /// - Parameter maximumDepth: How many arrays and objects may be nested. Default 512.
    public init(maximumDepth: Int = 512) {
      self.maximumDepth = maximumDepth
    }
  }

  /// The limits this writer enforces.
  public var options: Options

  /// Creates a writer.
  ///
  /// - Parameter options: The limits to enforce.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Writes a tree as canonical JSON bytes.
  ///
  /// - Parameter value: The tree.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Throws: ``JSONWriteError/nonFiniteNumber(pointer:)`` for a NaN or an infinity, and
  ///   ``JSONWriteError/tooDeep(limit:pointer:)`` for nesting deeper than the limit, naming
  ///   where.
  public func write(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
    var output = JSONOutput(maximumDepth: options.maximumDepth)
    do {
      try output.write(value, depth: 0)
    } catch {
      throw error.resolved
    }
    return output.bytes
  }

  /// Writes a tree as canonical JSON, in `Data`.
  ///
  /// - Parameter value: The tree.
  /// - Returns: The UTF-8 bytes, without a trailing newline.
  /// - Throws: ``JSONWriteError`` as ``write(_:)`` does.
  public func writeData(_ value: JSONValue) throws(JSONWriteError) -> Data {
    Data(try write(value))
  }
}

/// A write failure on its way up the tree, collecting the pointer as it goes.
struct JSONWriteFailure: Error {
  enum Kind {
    case nonFiniteNumber
    case tooDeep(limit: Int)
  }

  var kind: Kind
  /// The pointer's components, innermost first.
  var reversedComponents: [JSONPointer.Component] = []

  /// The public error, with its pointer in order.
  var resolved: JSONWriteError {
    let pointer = JSONPointer(reversedComponents.reversed())
    switch kind {
    case .nonFiniteNumber: return .nonFiniteNumber(pointer: pointer)
    case .tooDeep(let limit): return .tooDeep(limit: limit, pointer: pointer)
    }
  }
}

/// The bytes being written, and the recursive walk that writes them.
struct JSONOutput {
  var bytes: [UInt8] = []
  let maximumDepth: Int

  init(maximumDepth: Int) {
    self.maximumDepth = maximumDepth
    bytes.reserveCapacity(4096)
  }

  /// Writes a value nested inside `depth` arrays and objects.
  mutating func write(_ value: JSONValue, depth: Int) throws(JSONWriteFailure) {
    switch value {
    case .null: appendASCII("null")
    case .bool(let flag): appendASCII(flag ? "true" : "false")
    case .integer(let integer): writeInteger(integer)
    case .number(let number):
      guard number.isFinite else { throw JSONWriteFailure(kind: .nonFiniteNumber) }
      writeDouble(number)
    case .string(let string): writeString(string)
    case .array(let elements):
      guard depth < maximumDepth else {
        throw JSONWriteFailure(kind: .tooDeep(limit: maximumDepth))
      }
      bytes.append(UInt8(ascii: "["))
      for index in elements.indices {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        do {
          try write(elements[index], depth: depth + 1)
        } catch {
          var failure = error
          failure.reversedComponents.append(.index(index))
          throw failure
        }
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let object):
      guard depth < maximumDepth else {
        throw JSONWriteFailure(kind: .tooDeep(limit: maximumDepth))
      }
      try writeObject(object, depth: depth)
    }
  }

  /// Writes an object's members in key order.
  private mutating func writeObject(_ object: JSONObject, depth: Int) throws(JSONWriteFailure) {
    let keys = object.keys
    let values = object.values
    bytes.append(UInt8(ascii: "{"))
    if Self.isSorted(keys) {
      for index in keys.indices {
        try writeMember(key: keys[index], value: values[index], first: index == 0, depth: depth)
      }
    } else {
      // `sort` is stable, so keys with equal bytes (only via appendUnchecked) keep their order.
      var order = Array(keys.indices)
      order.sort { Self.precedes(keys[$0], keys[$1]) }
      for (position, index) in order.enumerated() {
        try writeMember(key: keys[index], value: values[index], first: position == 0, depth: depth)
      }
    }
    bytes.append(UInt8(ascii: "}"))
  }

  @inline(__always)
  private mutating func writeMember(key: String, value: JSONValue, first: Bool, depth: Int)
    throws(JSONWriteFailure)
  {
    if !first { bytes.append(UInt8(ascii: ",")) }
    writeString(key)
    bytes.append(UInt8(ascii: ":"))
    do {
      try write(value, depth: depth + 1)
    } catch {
      var failure = error
      failure.reversedComponents.append(.key(key))
      throw failure
    }
  }

  /// Whether keys are in order already (ties count as in order).
  static func isSorted(_ keys: [String]) -> Bool {
    guard keys.count > 1 else { return true }
    for index in 1..<keys.count where precedes(keys[index], keys[index - 1]) {
      return false
    }
    return true
  }

  /// Whether `lhs` sorts before `rhs` by UTF-8 bytes, as `JSONEncoder` sorts keys.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in precedes(left, right) }
    }
    if let fast, let result = fast { return result }
    return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }

  @inline(__always)
  private static func precedes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    let common = min(lhs.count, rhs.count)
    var index = 0
    while index < common {
      let left = lhs[index]
      let right = rhs[index]
      if left != right { return left < right }
      index += 1
    }
    return lhs.count < rhs.count
  }

  @inline(__always)
  mutating func appendASCII(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
