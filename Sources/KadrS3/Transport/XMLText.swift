/// The little XML reading the S3 answers need: the text of the first or of every element of a
/// name, entities decoded. S3's answers are flat and small; no general parser is needed.
enum XMLText {
  /// The text of the first `<name>…</name>` in `text`.
  static func first(_ name: String, in text: String) -> String? {
    all(name, in: text).first
  }

  /// The texts of every `<name>…</name>` in `text`, in order.
  static func all(_ name: String, in text: String) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let open = rest.range(of: "<\(name)>"),
      let close = rest.range(of: "</\(name)>", range: open.upperBound..<rest.endIndex)
    {
      found.append(unescaped(String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// `text` with the five predefined entities decoded.
  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// `text` with `&`, `<`, `>` and `"` escaped.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
