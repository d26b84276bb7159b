import Foundation
import KadrPersistence

/// What `check` found in one file, and how it is printed.
struct CheckResult: Sendable {
  var errors: [PersistenceError]
  var moreErrors = 0
  var preserved: [PreservedContent] = []
  var schema: Int?
  var warnings: [String] = []

  /// The bytes of a file name that is not UTF-8, for `--json` (`fileNameBytes`).
  var fileNameBytes: String?

  var isValid: Bool { errors.isEmpty }

  /// The result for an entry kadr-doc cannot name: invalid, with its name's bytes.
  static func unnamable(_ entry: InputFiles.Unusable) -> CheckResult {
    var result = CheckResult(
      errors: [
        PersistenceError(.fileSystem(path: entry.shown, underlying: FileNameNotUTF8()))
      ])
    result.fileNameBytes = entry.hexadecimal
    return result
  }

  /// A file name that is not UTF-8.
  struct FileNameNotUTF8: LocalizedError {
    var errorDescription: String? {
      "the file name is not UTF-8, so kadr-doc cannot name it; rename it to check it"
    }
  }

  /// The lines for standard error: every error, the count of the rest, warnings, what was kept.
  func lines(file: String) -> [String] {
    var lines = errors.map { Input.describe($0, file: file) }
    let name = TerminalText.escaped(file == "-" ? "<stdin>" : file, keepingNewlines: false)
    if moreErrors > 0 {
      lines.append(
        "\(name): \(Plural.count(moreErrors, "more error")) not shown (see --max-errors)")
    }
    for warning in warnings {
      lines.append(TerminalText.escaped("\(name): warning: \(warning)", keepingNewlines: false))
    }
    for content in preserved {
      lines.append(
        TerminalText.escaped(
          "\(name): \(content.pointer): kept verbatim: \(content.extensionPoint) kind "
            + "'\(content.kindID)' (no codec registered; saved back unchanged)",
          keepingNewlines: false))
    }
    return lines
  }

  /// The JSON Lines object for `--json` (see `Schemas/check-result.schema.json`).
  func json(file: String) -> String {
    var object = JSONObject()
    object["file"] = .string(file)
    if let fileNameBytes { object["fileNameBytes"] = .string(fileNameBytes) }
    object["valid"] = .bool(isValid)
    if let schema { object["schema"] = .integer(Int64(schema)) }
    object["errors"] = .array(errors.map(Self.json(of:)))
    object["moreErrors"] = .integer(Int64(moreErrors))
    object["preserved"] = .array(
      preserved.map { content in
        var item = JSONObject()
        item["extensionPoint"] = .string(content.extensionPoint.rawValue)
        item["kind"] = .string(content.kindID.rawValue)
        item["payloadVersion"] = .integer(Int64(content.payloadVersion))
        item["pointer"] = .string(content.pointer)
        return .object(item)
      })
    object["warnings"] = .array(warnings.map { .string($0) })
    object["toolVersion"] = .string(KadrDoc.version)
    return JSONText.compact(.object(object))
  }

  static func json(of error: PersistenceError) -> JSONValue {
    var object = JSONObject()
    object["reason"] = .string(error.code)
    object["message"] = .string(error.sentence(for: .commandLine))
    if let fix = error.fix(for: .commandLine) { object["fix"] = .string(fix) }
    if let kind = error.kindID { object["kind"] = .string(kind.rawValue) }
    if let point = error.extensionPoint { object["extensionPoint"] = .string(point.rawValue) }
    if let pointer = error.pointer { object["pointer"] = .string(pointer.description) }
    if let position = error.lineAndColumn {
      object["line"] = .integer(Int64(position.line))
      object["column"] = .integer(Int64(position.column))
    }
    return .object(object)
  }
}

/// The counts behind `check`'s summary line.
struct CheckSummary {
  private(set) var checked = 0
  private(set) var invalid = 0
  private(set) var preserving = 0
  private(set) var warned = 0

  mutating func add(_ result: CheckResult) {
    checked += 1
    if !result.isValid { invalid += 1 }
    if !result.preserved.isEmpty { preserving += 1 }
    if !result.warnings.isEmpty { warned += 1 }
  }

  /// `3 checked, 1 invalid, 1 with kept unknown content, 0 with warnings`.
  var line: String {
    var parts = ["\(checked) checked", "\(invalid) invalid"]
    if preserving > 0 { parts.append("\(preserving) with unknown content kept") }
    if warned > 0 { parts.append("\(warned) with warnings") }
    return parts.joined(separator: ", ")
  }
}

/// Counted nouns: "1 error", "3 errors".
enum Plural {
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
