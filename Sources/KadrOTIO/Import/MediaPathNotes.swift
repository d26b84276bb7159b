import Foundation
import KadrPersistenceCore

/// The target URLs read by each rule of `MediaPath` other than plain URLs, reported once per
/// rule with a count and the first conversion, not once per clip.
struct MediaPathNotes {
  private var notes: [MediaPath.Rule: (count: Int, pointer: JSONPointer, from: String, to: URL)] =
    [:]

  mutating func note(
    _ rule: MediaPath.Rule, at pointer: JSONPointer, from text: String, to url: URL
  ) {
    if let existing = notes[rule] {
      notes[rule] = (existing.count + 1, existing.pointer, existing.from, existing.to)
    } else {
      notes[rule] = (1, pointer, text, url)
    }
  }

  /// One report item per rule that read a URL, in the order of `MediaPath.Rule`.
  func report(into report: inout ReportBuilder, base: URL?) {
    for rule in MediaPath.Rule.allCases {
      guard let note = notes[rule] else { continue }
      let count = note.count == 1 ? "1 target URL" : "\(note.count) target URLs"
      let against = rule == .relativePath ? " \(base?.path ?? "")" : ""
      report.add(
        .mediaPath, at: note.pointer,
        "\(count): \(rule.phrase)\(against) (first: '\(note.from)' → \(note.to.absoluteString)).")
    }
  }
}
