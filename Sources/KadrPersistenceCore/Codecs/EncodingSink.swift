import Foundation

/// Where a session's encoders put what they write.
///
/// A save writes canonical bytes (``bytes``, the hot path). A caller that wants the values
/// themselves (a single value, a piece of an export, a document as a tree) gets them built as
/// ``JSONValue``s (``tree``) rather than written and parsed back; one that only wants the losses
/// keeps nothing (``nothing``). The codecs cannot tell the three apart.
enum EncodingSink {
  /// Canonical bytes in ``CodingSession/output``.
  case bytes
  /// ``JSONValue``s on ``CodingSession/tree``, the same values (keys in the same order, numbers
  /// in the same form) that reading the bytes would give.
  case tree
  /// Nothing: every value is dropped as it is written.
  case nothing
}

// The tree sink: each value written is pushed on the session's `tree` stack, a `WrittenJSON`
// is its index there, and closing an array or an object replaces its elements by itself.
// Never inlined: they are off the save's path, and inlined they made its writers too large to
// inline (+1 % instructions saving, callgrind, kadr-bench --profile save --clips 2000).
extension CodingSession {
  /// Pushes a finished value (tree), or drops it (nothing).
  @inline(never)
  func push(_ value: JSONValue) -> WrittenJSON {
    guard sink == .tree else { return WrittenJSON(start: 0, end: 0) }
    let start = tree.count
    tree.append(value)
    return WrittenJSON(start: start, end: start + 1)
  }

  /// Replaces the values pushed since `start` by the array of them.
  @inline(never)
  func closeArray(from start: Int) -> WrittenJSON {
    guard sink == .tree else { return WrittenJSON(start: 0, end: 0) }
    let elements = Array(tree[start...])
    tree.removeSubrange(start...)
    return push(.array(elements))
  }

  /// Replaces the values of `members` (pushed since `start`) by the object of them, its keys in
  /// the canonical order the byte sink writes them in.
  @inline(never)
  func closeObject(from start: Int, members ordered: ArraySlice<ObjectMember>) -> WrittenJSON {
    guard sink == .tree else { return WrittenJSON(start: 0, end: 0) }
    let object = JSONObject(
      uniqueKeys: ordered.map(\.key), values: ordered.map { tree[$0.range.lowerBound] })
    tree.removeSubrange(start...)
    return push(.object(object))
  }
}

extension JSONValue {
  /// The tree as the byte writer writes it and the reader reads it back: object keys in
  /// canonical order, each number in the form its text reads as (``JSONOutput/canonicalNumber(_:)``).
  ///
  /// Iterative, as ``JSONOutput/write(_:)`` is, so that a deep tree cannot exhaust the stack.
  /// - Throws: ``JSONWriteFailure`` for a NaN or an infinity, naming where.
  func canonicalized() throws(JSONWriteFailure) -> JSONValue {
    /// An array or object being rebuilt.
    struct Frame {
      let keys: [String]?
      let values: [JSONValue]
      var done: [JSONValue] = []
      var component: JSONPointer.Component {
        keys.map { .key($0[done.count]) } ?? .index(done.count)
      }
    }
    var frames: [Frame] = []
    var value = self
    while true {
      // Rebuild `value`, or open a frame for a non-empty container and go to its first member.
      var built: JSONValue
      switch value {
      case .number(let number):
        guard number.isFinite else {
          throw JSONWriteFailure(kind: .nonFiniteNumber, components: frames.map(\.component))
        }
        built = JSONOutput.canonicalNumber(number)
      case .array(let elements) where !elements.isEmpty:
        frames.append(Frame(keys: nil, values: elements))
        value = elements[0]
        continue
      case .object(let object) where !object.isEmpty:
        let order = object.keys.indices.sorted {
          JSONOutput.precedes(object.keys[$0], object.keys[$1])
        }
        let frame = Frame(
          keys: order.map { object.keys[$0] }, values: order.map { object.values[$0] })
        value = frame.values[0]
        frames.append(frame)
        continue
      default:
        built = value
      }
      // Hand the rebuilt value to its container, closing every container it completes.
      while let top = frames.indices.last {
        frames[top].done.append(built)
        if frames[top].done.count < frames[top].values.count {
          break
        }
        let frame = frames.removeLast()
        built =
          frame.keys.map { .object(JSONObject(uniqueKeys: $0, values: frame.done)) }
          ?? .array(frame.done)
      }
      guard let top = frames.indices.last else { return built }
      value = frames[top].values[frames[top].done.count]
    }
  }
}
