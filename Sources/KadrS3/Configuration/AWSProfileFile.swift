import Foundation

/// The INI files of the AWS tools: `[name]` sections (`[profile name]` in the config file) of
/// `key = value` lines; `#` and `;` start comments.
enum AWSProfileFile {
  /// The keys of section `profile` in `file`, or `nil` when the file or the section is missing.
  static func section(_ profile: String, in file: URL, configStyle: Bool) -> [String: String]? {
    guard let data = try? Data(contentsOf: file) else { return nil }
    let wanted = configStyle && profile != "default" ? "profile \(profile)" : profile
    var current: String?
    var found: [String: String]?
    for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("["), line.hasSuffix("]") {
        current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        if current == wanted, found == nil { found = [:] }
        continue
      }
      guard current == wanted, let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      found?[key] = value
    }
    return found
  }
}
