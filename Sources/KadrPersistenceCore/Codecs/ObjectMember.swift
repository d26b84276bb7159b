import Foundation

/// One member of an object being written, with its key as a `String`: a ``StackedMember``
/// whose key is resolved, for the slow path (reordering) that compares keys.
struct ObjectMember {
  let key: String
  /// Where the member lies, its losses, and whether it was left out.
  let stacked: StackedMember

  /// Where `"key":value` lies in the output.
  var range: Range<Int> { stacked.range }
  /// The losses its value reported, put in canonical order with the members.
  var losses: Range<Int> { stacked.losses }
  /// Whether the value was left out after reporting losses (kept for their place in key order).
  var isOmitted: Bool { stacked.isOmitted }
}

// Putting an object's members, and the losses they reported, in canonical key order.
extension CodingSession {
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

  /// The members written (not those left out), in canonical key order, a key's later value.
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
