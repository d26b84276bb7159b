import Foundation

/// A command's options as its help text describes them: one source for completion scripts,
/// checked against the command's ``ArgumentSpec`` by the tests, so help and parsing cannot drift.
struct OptionHelp: Equatable {
  /// The spellings, long first (`--output`, `-o`).
  var names: [String]
  /// The value's placeholder (`OUT`, `DIR`), or `nil` for a flag.
  var value: String?
  /// The description.
  var text: String

  /// Whether the value names a file or a directory (so a shell completes paths).
  var takesPath: Bool {
    guard let value else { return false }
    return value.hasPrefix("FILE") || value.hasPrefix("DIR") || value.hasPrefix("OUT")
      || value == "LIST"
  }

  /// The options listed under `options:` in `help`: lines `  -o, --output OUT   text`.
  static func parse(_ help: String) -> [OptionHelp] {
    var result: [OptionHelp] = []
    var inOptions = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces) == "options:" {
        inOptions = true
        continue
      }
      guard inOptions, line.hasPrefix("  ") else { continue }
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-"), let gap = trimmed.range(of: "  ") else { continue }
      let declaration = trimmed[..<gap.lowerBound]
      let text = trimmed[gap.upperBound...].trimmingCharacters(in: .whitespaces)
      var names: [String] = []
      var value: String?
      for part in declaration.split(separator: ",") {
        let words = part.split(separator: " ")
        guard let name = words.first else { continue }
        names.append(String(name))
        if words.count > 1 { value = String(words[1]) }
      }
      names.sort { $0.hasPrefix("--") && !$1.hasPrefix("--") }
      result.append(OptionHelp(names: names, value: value, text: text))
    }
    return result
  }
}
