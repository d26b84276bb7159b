import KadrPersistence

/// Three-way merge of one list (clips, a track's clips, overlays, audio tracks, captions),
/// values matched by identity as the differ matches them.
///
/// - A value both sides kept is merged field by field (``ValueMerge``); a track's clips are
///   merged as a list of their own.
/// - A value one side deleted is deleted, unless the other side changed it: a conflict.
/// - A value one side added is inserted after the value it follows on that side; both sides
///   adding the same identity differently is a conflict.
/// - The order is ours, unless only theirs reordered (then theirs, with our additions placed).
struct ListMerge {
  /// A value of the merged list, by where it comes from.
  private enum Slot: Hashable {
    case base(Int)
    case ours(Int)
    case theirs(Int)
  }

  static func merge(
    base: [Record], ours: [Record], theirs: [Record], values: inout ValueMerge
  ) -> [JSONValue] {
    let toOurs = ListMatcher(before: base, after: ours)
    let toTheirs = ListMatcher(before: base, after: theirs)
    let oursAdded = ours.indices.filter { toOurs.beforeOfAfter[$0] == nil }
    let theirsAdded = theirs.indices.filter { toTheirs.beforeOfAfter[$0] == nil }
    var resolved: [Slot: JSONValue] = [:]

    for index in base.indices {
      let old = base[index]
      switch (toOurs.afterOfBefore[index], toTheirs.afterOfBefore[index]) {
      case (let mine?, let other?):
        resolved[.base(index)] = item(old, ours[mine], theirs[other], values: &values)
      case (let mine?, nil):
        guard ours[mine].entry != old.entry else { break }
        let side = values.record(
          .deletedAndChanged, at: ours[mine].pointer, label: old.label, base: old.entry,
          ours: ours[mine].entry, theirs: nil)
        if side == .ours { resolved[.base(index)] = ours[mine].entry }
      case (nil, let other?):
        guard theirs[other].entry != old.entry else { break }
        let side = values.record(
          .deletedAndChanged, at: theirs[other].pointer, label: old.label, base: old.entry,
          ours: nil, theirs: theirs[other].entry)
        if side == .theirs { resolved[.base(index)] = theirs[other].entry }
      case (nil, nil):
        break
      }
    }

    // Additions on both sides with the same identity are one value.
    let added = ListMatcher(
      before: oursAdded.map { ours[$0] }, after: theirsAdded.map { theirs[$0] })
    var pairedTheirs: [Int: Int] = [:]
    for index in oursAdded { resolved[.ours(index)] = ours[index].entry }
    for pair in added.pairs {
      let mine = oursAdded[pair.before]
      let other = theirsAdded[pair.after]
      pairedTheirs[other] = mine
      guard ours[mine].entry != theirs[other].entry else { continue }
      let side = values.record(
        .bothAdded, at: ours[mine].pointer, label: ours[mine].label, base: nil,
        ours: ours[mine].entry, theirs: theirs[other].entry)
      if side == .theirs { resolved[.ours(mine)] = theirs[other].entry }
    }
    for index in theirsAdded where pairedTheirs[index] == nil {
      resolved[.theirs(index)] = theirs[index].entry
    }

    let ourSlots = ours.indices.map { toOurs.beforeOfAfter[$0].map(Slot.base) ?? .ours($0) }
    let theirSlots = theirs.indices.map { index in
      toTheirs.beforeOfAfter[index].map(Slot.base)
        ?? pairedTheirs[index].map(Slot.ours) ?? .theirs(index)
    }
    let theirsFirst = !toTheirs.moved.isEmpty && toOurs.moved.isEmpty
    var order = theirsFirst ? theirSlots : ourSlots
    var present = Set(order)
    var previous: Slot?
    for slot in theirsFirst ? ourSlots : theirSlots {
      defer { previous = slot }
      guard !present.contains(slot) else { continue }
      let position = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      order.insert(slot, at: position)
      present.insert(slot)
    }
    return order.compactMap { resolved[$0] }
  }

  /// One value both sides kept.
  private static func item(
    _ base: Record, _ ours: Record, _ theirs: Record, values: inout ValueMerge
  ) -> JSONValue {
    if ours.entry == theirs.entry || theirs.entry == base.entry { return ours.entry }
    if ours.entry == base.entry { return theirs.entry }
    let content =
      values.merge(
        base: base.content, ours: ours.content, theirs: theirs.content, at: ours.pointer,
        label: ours.label) ?? ours.content
    let (kind, payload) = RecordBuilder.tagged(content)
    guard let baseChildren = base.children, let ourChildren = ours.children,
      let theirChildren = theirs.children, let kind, case .object(var payload)? = payload
    else { return content }
    payload[DocumentKeys.clips] = .array(
      merge(base: baseChildren, ours: ourChildren, theirs: theirChildren, values: &values))
    return RecordBuilder.retagged(content, kind: kind, payload: .object(payload))
  }
}
