import Foundation

/// One step from the document's root to the value being written: a member's key or an
/// element's index, kept as plain data (no `String` is copied for a member).
struct EncodingStep {
  /// The key table of a member's key, or `nil` for an element or a key outside any table.
  let table: EncodingKeys?
  /// The key's rank in ``table``; for a key outside any table its index in the session's
  /// ``CodingSession/extraKeys``; for an element its index.
  let value: Int
  /// Whether the step is a member's key.
  let isKey: Bool
  /// A number no other step of the save had (``CodingSession/pushStep(_:)``): the encoders
  /// made under it are live while it is on the stack.
  var serial: UInt32 = 0
}

/// A member of an object being written, as the session's member stack keeps it: plain data, its
/// key as a rank in the object's key table (or an index in ``CodingSession/extraKeys``).
struct StackedMember {
  /// The key's rank, or `-1 - index` for the key at `index` in the session's extra keys.
  let key: Int
  /// Where `"key":value` lies in the output (for a tree, where the value lies on the stack).
  let range: Range<Int>
  /// The losses its value reported, as indices of the session's losses.
  let losses: Range<Int>
  /// Whether the value was left out after reporting losses (kept for their place in key order).
  var isOmitted = false
}

extension CodingSession {
  /// Pushes `step` on ``path`` with a new serial number.
  @inline(__always)
  func pushStep(_ step: EncodingStep) {
    var step = step
    lastSerial &+= 1
    step.serial = lastSerial
    path.push(step)
  }

  /// Runs `body` with an encoder for the value at `pointer`, live until `body` returns: a step
  /// is pushed for it (one that is no component of any pointer).
  func withRootEncoder<Result>(
    at pointer: JSONPointer, _ body: (ValueEncoder) throws -> Result
  ) rethrows -> Result {
    pushStep(EncodingStep(table: nil, value: 0, isKey: false))
    defer { _ = path.popLast() }
    return try body(
      ValueEncoder(session: self, position: EncodingPosition(materialized: pointer, in: self)))
  }

  /// The key of a member: `key` is a rank in `table` or (negative) an extra key's place.
  @inline(__always)
  func key(_ key: Int, in table: EncodingKeys) -> String {
    key >= 0
      ? table.key(at: key) : extraKeys.element(at: -1 - key)
  }

  /// The pointer component of `step`.
  func component(of step: EncodingStep) -> JSONPointer.Component {
    guard step.isKey else { return .index(step.value) }
    guard let table = step.table else { return .key(extraKeys.element(at: step.value)) }
    return .key(table.key(at: step.value))
  }

  /// Writes a member's or element's value with `body`, `step` deeper in the path; what was
  /// written since `start` is forgotten when `body` throws or writes nothing.
  @inline(__always)
  func value(
    at step: EncodingStep, in position: EncodingPosition, since start: Int,
    _ body: (ValueEncoder) throws -> WrittenJSON?
  ) throws -> WrittenJSON? {
    pushStep(step)
    defer { _ = path.popLast() }
    do {
      guard let value = try body(ValueEncoder(session: self, position: position.child(in: self)))
      else {
        discard(since: start)
        return nil
      }
      return value
    } catch {
      discard(since: start)
      throw error
    }
  }
}

extension EncodingKeyTableCache {
  /// The table of `Key`'s cases.
  ///
  /// - Parameter type: The key type.
  @inline(__always)
  mutating func table<Key: PayloadKey>(of type: Key.Type) -> EncodingKeys {
    table(
      of: ObjectIdentifier(type), keys: { Key.allCases.map(\.rawValue) },
      frequent: CodecRegistry.flatKindKey)
  }
}
