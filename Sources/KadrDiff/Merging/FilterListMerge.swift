import KadrPersistence

/// Three-way merge of a video clip's filters: three parallel arrays (`filters`, `filterIDs`,
/// `filterAnimations`) merged as one list of filters matched by their ids.
///
/// Merged member by member, the arrays would pair one side's animation with the other side's
/// filter order: "swap two filters" merged with "animate the first" put the animation on the
/// filter that moved into first place, with no conflict. Matched by id, each filter keeps its own
/// animation; the order is ours unless only theirs reordered; a filter deleted on one side and
/// changed on the other, or added on both with different content, is a conflict.
extension ValueMerge {
  private typealias Key = VideoClipCodec.Key

  /// The three keys merged together.
  static let filterKeys: Set<String> = [
    Key.filters.rawValue, Key.filterIDs.rawValue, Key.filterAnimations.rawValue,
  ]

  /// One side's filters, by id; `nil` when the arrays are not parallel or an id repeats.
  private struct Filters: Equatable {
    var order: [JSONValue]
    var filter: [JSONValue: JSONValue]
    var animation: [JSONValue: JSONValue]

    init?(_ object: JSONObject) {
      guard case .array(let filters)? = object[Key.filters.rawValue],
        case .array(let ids)? = object[Key.filterIDs.rawValue],
        case .array(let animations)? = object[Key.filterAnimations.rawValue],
        filters.count == ids.count, ids.count == animations.count, Set(ids).count == ids.count
      else { return nil }
      order = ids
      filter = Dictionary(uniqueKeysWithValues: zip(ids, filters))
      animation = Dictionary(uniqueKeysWithValues: zip(ids, animations))
    }

    init() {
      (order, filter, animation) = ([], [:], [:])
    }

    /// The three arrays, in ``order``.
    func write(into object: inout JSONObject) {
      object[Key.filters.rawValue] = .array(order.compactMap { filter[$0] })
      object[Key.filterIDs.rawValue] = .array(order)
      object[Key.filterAnimations.rawValue] = .array(order.map { animation[$0] ?? .null })
    }
  }

  /// Merges the filter arrays of a video clip's payload into `merged`; whether the payloads
  /// have them (else the caller merges the members one by one).
  mutating func mergeFilters(
    base: JSONObject, ours: JSONObject, theirs: JSONObject, at pointer: JSONPointer,
    label: String, origin: JSONPointer, into merged: inout JSONObject
  ) -> Bool {
    guard Self.filterKeys.allSatisfy({ ours[$0] != nil && theirs[$0] != nil }) else {
      return false
    }
    let group = { (object: JSONObject) in Self.filterKeys.map { object[$0] } }
    let baseGroup = group(base)
    let chosen: JSONObject?
    if group(ours) == group(theirs) || group(theirs) == baseGroup {
      chosen = ours
    } else if group(ours) == baseGroup {
      chosen = theirs
    } else {
      chosen = nil
    }
    if let chosen {
      for key in Self.filterKeys { merged[key] = chosen[key] }
      return true
    }
    guard let mine = Filters(ours), let other = Filters(theirs) else {
      // Not a list this merge can match by id: the whole group is one clash.
      let side = record(
        .bothChanged, at: pointer.appending(key: Key.filters.rawValue), label: label,
        origin: origin, base: base[Key.filters.rawValue], ours: ours[Key.filters.rawValue],
        theirs: theirs[Key.filters.rawValue])
      let kept = side == .ours ? ours : theirs
      for key in Self.filterKeys { merged[key] = kept[key] }
      return true
    }
    let original = Filters(base) ?? Filters()
    mergeByID(original, mine, other, at: pointer, label: label, origin: origin)
      .write(into: &merged)
    return true
  }

  private mutating func mergeByID(
    _ base: Filters, _ ours: Filters, _ theirs: Filters, at pointer: JSONPointer, label: String,
    origin: JSONPointer
  ) -> Filters {
    var result = Filters()
    let filtersPointer = pointer.appending(key: Key.filters.rawValue)
    for id in Self.order(base.order, ours.order, theirs.order) {
      let at = filtersPointer.appending(index: ours.order.firstIndex(of: id) ?? 0)
      let inBase = base.filter[id] != nil
      switch (ours.filter[id] != nil, theirs.filter[id] != nil) {
      case (true, true):
        result.filter[id] = merge(
          base: base.filter[id], ours: ours.filter[id], theirs: theirs.filter[id], at: at,
          label: label, origin: origin)
        result.animation[id] = merge(
          base: base.animation[id], ours: ours.animation[id], theirs: theirs.animation[id],
          at: pointer.appending(key: Key.filterAnimations.rawValue), label: label,
          origin: origin)
        if !inBase, ours.filter[id] != theirs.filter[id] {
          record(
            .bothAdded, at: at, label: label, origin: origin, base: nil, ours: ours.filter[id],
            theirs: theirs.filter[id])
        }
      case (true, false), (false, true):
        let side = ours.filter[id] != nil ? ours : theirs
        let changed = side.filter[id] != base.filter[id] || side.animation[id] != base.animation[id]
        guard inBase else {
          (result.filter[id], result.animation[id]) = (side.filter[id], side.animation[id])
          break
        }
        guard changed else { break }  // deleted on one side, untouched on the other
        let keptByOurs = ours.filter[id] != nil
        let kept = record(
          .deletedAndChanged, at: at, label: label, origin: origin, base: base.filter[id],
          ours: keptByOurs ? side.filter[id] : nil, theirs: keptByOurs ? nil : side.filter[id])
        if (kept == .ours) == keptByOurs {
          (result.filter[id], result.animation[id]) = (side.filter[id], side.animation[id])
        }
      case (false, false):
        break
      }
      if result.filter[id] != nil { result.order.append(id) }
    }
    return result
  }

  /// Every id of the three lists, in ours' order unless only theirs reordered the ids both kept;
  /// the other side's additions after the id they follow there.
  private static func order(_ base: [JSONValue], _ ours: [JSONValue], _ theirs: [JSONValue])
    -> [JSONValue]
  {
    let kept = { (side: [JSONValue]) in side.filter(base.contains) }
    let theirsFirst =
      kept(theirs) != base.filter(theirs.contains) && kept(ours) == base.filter(ours.contains)
    var order = theirsFirst ? theirs : ours
    var previous: JSONValue?
    for id in theirsFirst ? ours : theirs {
      defer { previous = id }
      guard !order.contains(id) else { continue }
      let position = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      order.insert(id, at: position)
    }
    for id in base where !order.contains(id) { order.append(id) }  // deleted on both sides
    return order
  }
}
