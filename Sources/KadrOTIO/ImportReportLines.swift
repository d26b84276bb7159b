/// How the interchange import reports print for people: a summary line, then one line per
/// kind of item, in the order each kind first appears, with its count, the first places and
/// the first item's sentence.
///
/// `"roles left out: 3 (at /a, /b, …) — first: The audioRole 'dialogue' is left out."` — the
/// count follows the kind's phrase, so one item reads as well as many.
package enum ImportReportLines {
  /// The lines of a report.
  ///
  /// - Parameters:
  ///   - items: Each item's kind, place (a pointer or an element path) and sentence, in order.
  ///   - summary: The first line, without `prefix`.
  ///   - phrase: What a kind's items are, in the plural ("roles left out").
  ///   - firstPlaces: How many places a line lists.
  ///   - prefix: Put before each line.
  package static func rendered<Kind: Hashable>(
    _ items: [(kind: Kind, place: String, detail: String)], summary: String,
    phrase: (Kind) -> String, firstPlaces: Int, prefix: String
  ) -> String {
    var order: [Kind] = []
    var byKind: [Kind: [(place: String, detail: String)]] = [:]
    for item in items {
      if byKind[item.kind] == nil { order.append(item.kind) }
      byKind[item.kind, default: []].append((item.place, item.detail))
    }
    var lines = [prefix + summary]
    for kind in order {
      let group = byKind[kind] ?? []
      let places = group.prefix(firstPlaces).map { $0.place.isEmpty ? "/" : $0.place }
      let more = group.count > firstPlaces ? ", …" : ""
      let example = group.count == 1 ? group[0].detail : "first: \(group[0].detail)"
      lines.append(
        prefix + "\(phrase(kind)): \(group.count) (at \(places.joined(separator: ", "))\(more)) "
          + "— \(example)")
    }
    return lines.joined(separator: "\n")
  }
}
