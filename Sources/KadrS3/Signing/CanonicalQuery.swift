/// The query of a canonical request: each name and value decoded then encoded strictly, the
/// pairs sorted by name then value (byte order), joined by `&`.
struct CanonicalQuery: Sendable {
  /// The encoded pairs, unsorted.
  private var pairs: [(name: String, value: String)] = []

  /// The pairs of a raw query (`a=1&b&c=%E1%88%B4`); a name with no `=` has an empty value.
  init(raw: String) {
    for item in raw.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = URIEncoding.encode(bytes: URIEncoding.decode(String(parts[0])))
      let value =
        parts.count > 1 ? URIEncoding.encode(bytes: URIEncoding.decode(String(parts[1]))) : ""
      pairs.append((name, value))
    }
  }

  /// Adds a pair given unencoded.
  mutating func append(_ name: String, _ value: String) {
    pairs.append((URIEncoding.encode(name), URIEncoding.encode(value)))
  }

  /// The sorted pairs as `name=value` joined by `&`.
  var text: String {
    pairs.sorted {
      $0.name == $1.name
        ? Array($0.value.utf8).lexicographicallyPrecedes(Array($1.value.utf8))
        : Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8))
    }
    .map { "\($0.name)=\($0.value)" }.joined(separator: "&")
  }
}
