import Foundation
import KadrPersistenceCore

/// Text from documents, timelines and file names made safe to show on a terminal.
///
/// Input decides much of what the tool prints (kind ids, names, captions, tokens, paths). Raw,
/// it could drive the terminal: an escape sequence (CSI, OSC: colours, titles, hyperlinks,
/// clearing the screen), a bell, a carriage return that hides a line under another, NUL, a C1
/// control, or a bidirectional override that shows text in another order than it is. Every
/// line of human output goes through ``escaped(_:keepingNewlines:)``; `--json` output does not
/// (JSON escapes what JSON must, and a script reads it).
enum TerminalText {
  /// `text` with every control character, C1 control and bidirectional control written as a
  /// visible `\u{…}` escape (`\u{1B}` for ESC), and the credentials of URLs hidden.
  ///
  /// - Parameters:
  ///   - text: Text that may hold anything.
  ///   - keepingNewlines: Keep line feeds as they are (for output of several lines); otherwise
  ///     they are escaped too, so that one message stays one line.
  ///   - redactingURLs: Hide `user:password@` in URLs (see ``URLRedaction``).
  static func escaped(_ text: String, keepingNewlines: Bool = true, redactingURLs: Bool = true)
    -> String
  {
    let source = redactingURLs ? URLRedaction.redacted(text) : text
    guard source.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines) }) else {
      return source
    }
    var result = String.UnicodeScalarView()
    for scalar in source.unicodeScalars {
      if needsEscape(scalar, keepingNewlines) {
        result.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` must not reach a terminal raw.
  static func needsEscape(_ scalar: Unicode.Scalar, _ keepingNewlines: Bool) -> Bool {
    switch scalar.value {
    case 0x0A: return !keepingNewlines
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0 (ESC, BEL, CR, NUL…), DEL, C1 (CSI 0x9B…)
    case 0x061C, 0x200E, 0x200F: return true  // Arabic letter mark, LRM, RLM
    case 0x202A...0x202E, 0x2066...0x2069: return true  // embeddings, overrides, isolates
    case 0x2028, 0x2029: return true  // line and paragraph separators
    default: return false
    }
  }
}
