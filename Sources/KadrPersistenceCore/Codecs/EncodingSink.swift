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

  /// Puts the losses reported since `base` in key order: first those reported outside any
  /// member, as they came, then each member's (written or left out), its key in canonical order.
  /// A member replaced by a later one with the same key takes its losses with it. So the losses,
  /// like the bytes, do not depend on the order a codec wrote its members in.
  ///
  /// - Parameters:
  ///   - base: Where the object's losses begin.
  ///   - all: The object's members, in the order written (their loss ranges ascend).
  func reorderLosses(from base: Int, members all: ArraySlice<ObjectMember>) {
    guard losses.count > base else { return }
    let members = Array(all)
    var reordered: [Loss] = []
    reordered.reserveCapacity(losses.count - base)
    var cursor = base
    for member in members {
      reordered += losses[cursor..<member.losses.lowerBound]
      cursor = member.losses.upperBound
    }
    reordered += losses[cursor...]
    // Replaced: a later member with the same key was written.
    var writtenLater: Set<String> = []
    var kept: [Int] = []
    for index in members.indices.reversed() {
      let member = members[index]
      if !writtenLater.contains(member.key) { kept.append(index) }
      if !member.isOmitted { writtenLater.insert(member.key) }
    }
    kept.sort { left, right in
      let (a, b) = (members[left].key, members[right].key)
      return a == b ? left < right : JSONOutput.precedes(a, b)
    }
    for index in kept { reordered += losses[members[index].losses] }
    losses.replaceSubrange(base..., with: reordered)
  }

  /// The members written (not those left out), in canonical key order; of a key written twice,
  /// the later value.
  static func canonicalOrder(of members: ArraySlice<ObjectMember>) -> [ObjectMember] {
    canonicalOrder(ofWritten: members.filter { !$0.isOmitted }[...])
  }

  /// Members in canonical key order, a replaced key (the same key twice) keeping its later value.
  private static func canonicalOrder(ofWritten members: ArraySlice<ObjectMember>)
    -> [ObjectMember]
  {
    // Stable, so of two members with the same key the later one (a replacement) stays after the
    // earlier one and wins below. An insertion sort for the usual object of a few members; a
    // codec that writes many (one key again and again, say) gets a sort by key and position.
    var sorted = Array(members)
    if sorted.count > 16 {
      sorted = sorted.indices.sorted { left, right in
        let (a, b) = (sorted[left].key, sorted[right].key)
        return a == b ? left < right : JSONOutput.precedes(a, b)
      }.map { sorted[$0] }
    }
    for index in sorted.indices.dropFirst() {
      let member = sorted[index]
      var slot = index
      while slot > 0, JSONOutput.precedes(member.key, sorted[slot - 1].key) {
        sorted[slot] = sorted[slot - 1]
        slot -= 1
      }
      sorted[slot] = member
    }
    var kept: [ObjectMember] = []
    kept.reserveCapacity(sorted.count)
    for (index, member) in sorted.enumerated() {
      if index + 1 < sorted.count, sorted[index + 1].key == member.key { continue }
      kept.append(member)
    }
    return kept
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
