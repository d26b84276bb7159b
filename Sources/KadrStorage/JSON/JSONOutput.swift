import Foundation

/// The bytes being written, and the walk that writes them.
///
/// The walk is iterative: open arrays and objects live in a stack of frames, not on the call
/// stack, so a tree nested as deep as a caller allows cannot exhaust the stack.
@usableFromInline
package struct JSONOutput: ~Copyable {
  /// An array or object being written.
  private struct Frame {
    let isObject: Bool
    /// The object's keys; empty for an array.
    let keys: [String]
    let values: [JSONValue]
    /// The order to write an object's members in, when its keys are not sorted already.
    let order: [Int]?
    /// How many members have been started.
    var position = 0

    /// The index in ``values`` of the member at `position`.
    var member: Int { order?[position] ?? position }

    /// The pointer component of the member being written.
    var component: JSONPointer.Component { isObject ? .key(keys[member]) : .index(position) }
  }

  @usableFromInline package var bytes = JSONByteBuffer(capacity: 4096)
  package let maximumDepth: Int

  package init(maximumDepth: Int) {
    self.maximumDepth = maximumDepth
  }

  /// Writes a tree.
  package mutating func write(_ root: JSONValue) throws(JSONWriteFailure) {
    var frames: [Frame] = []
    var value = root
    walking: while true {
      // Write `value`; a non-empty container opens a frame and goes on to its first member.
      switch value {
      case .null: bytes.append("null")
      case .bool(let flag): bytes.append(flag ? "true" : "false")
      case .integer(let integer): writeInteger(integer)
      case .number(let number):
        guard number.isFinite else {
          throw JSONWriteFailure(kind: .nonFiniteNumber, components: frames.map(\.component))
        }
        writeDouble(number)
      case .string(let string): writeString(string)
      case .array(let elements):
        guard frames.count < maximumDepth else {
          throw JSONWriteFailure(
            kind: .tooDeep(limit: maximumDepth), components: frames.map(\.component))
        }
        bytes.append(UInt8(ascii: "["))
        if let first = elements.first {
          frames.append(Frame(isObject: false, keys: [], values: elements, order: nil))
          value = first
          continue walking
        }
        bytes.append(UInt8(ascii: "]"))
      case .object(let object):
        guard frames.count < maximumDepth else {
          throw JSONWriteFailure(
            kind: .tooDeep(limit: maximumDepth), components: frames.map(\.component))
        }
        bytes.append(UInt8(ascii: "{"))
        if !object.isEmpty {
          let frame = Frame(
            isObject: true, keys: object.keys, values: object.values, order: Self.order(object.keys)
          )
          writeString(frame.keys[frame.member])
          bytes.append(UInt8(ascii: ":"))
          value = frame.values[frame.member]
          frames.append(frame)
          continue walking
        }
        bytes.append(UInt8(ascii: "}"))
      }
      // The value is written: go on to the next member, closing every container that ends.
      while !frames.isEmpty {
        let top = frames.count - 1
        frames[top].position += 1
        guard frames[top].position == frames[top].values.count else {
          bytes.append(UInt8(ascii: ","))
          let member = frames[top].member
          if frames[top].isObject {
            writeString(frames[top].keys[member])
            bytes.append(UInt8(ascii: ":"))
          }
          value = frames[top].values[member]
          continue walking
        }
        bytes.append(frames[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        frames.removeLast()
      }
      return
    }
  }

  /// The order to write members with these keys in, or `nil` when they are sorted already.
  private static func order(_ keys: [String]) -> [Int]? {
    if isSorted(keys) { return nil }
    // `sort` is stable, so keys with equal bytes (only via appendUnchecked) keep their order.
    var order = Array(keys.indices)
    order.sort { precedes(keys[$0], keys[$1]) }
    return order
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
  package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
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
}
