/// The headers of a canonical request: names lowercased and sorted, values trimmed with runs of
/// whitespace (folded lines too) made one space, and a repeated name's values joined by commas
/// in their order.
struct CanonicalHeaders: Sendable {
  /// The `name:value` lines, each ending in a newline.
  let text: String
  /// The signed header names, joined by `;`.
  let names: String

  /// The canonical form of `headers`.
  init(_ headers: [SignableRequest.Header]) {
    var values: [String: [String]] = [:]
    for header in headers {
      values[header.name.lowercased(), default: []].append(Self.folded(header.value))
    }
    let sorted = values.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    text = sorted.map { "\($0):\(values[$0, default: []].joined(separator: ","))\n" }.joined()
    names = sorted.joined(separator: ";")
  }

  /// `value` trimmed, each run of spaces, tabs and line breaks made one space.
  static func folded(_ value: String) -> String {
    value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .joined(separator: " ")
  }
}
