import Foundation

/// Text and numbers as they go into SVG: escaped for XML, measured, and truncated to fit a box.
///
/// Widths are estimated, not measured (the tool has no font engine): the per-character
/// estimates follow DejaVu Sans, the widest common sans-serif, so a label that is judged to fit
/// also fits with Helvetica, Arial or Inter.
enum SVGText {
  /// `text` with `& < > " '` escaped, line breaks and tabs as spaces, and characters XML 1.0
  /// does not allow (other control characters, U+FFFE, U+FFFF) replaced by U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\r", "\t": result += " "
      default:
        let value = scalar.value
        if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// The estimated width of `text` in pixels at `size` (bold text is wider).
  static func width(of text: String, size: Double, bold: Bool = false) -> Double {
    let total = text.reduce(0.0) { $0 + ems(of: $1) }
    return total * size * (bold ? 1.1 : 1)
  }

  /// `text`, cut with an ellipsis so that it fits in `width` pixels; empty if not even the
  /// ellipsis fits.
  static func fitting(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
    guard width.isFinite, width > 0 else { return "" }
    if Self.width(of: text, size: size, bold: bold) <= width { return text }
    let ellipsis = Self.width(of: "…", size: size, bold: bold)
    guard ellipsis <= width else { return "" }
    var result = ""
    var used = ellipsis
    for character in text {
      let next = Self.width(of: String(character), size: size, bold: bold)
      if used + next > width { break }
      used += next
      result.append(character)
    }
    // Cut at the last word boundary when one is not too far back, so that a label never ends
    // in half a word ("Chapter One, the longest…", not "Chapter One, the lon…").
    if let space = result.lastIndex(of: " "),
      result.distance(from: result.startIndex, to: space) * 2 >= result.count
    {
      result = String(result[..<space])
    }
    let trimmed = result.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
    return trimmed.isEmpty ? "" : trimmed + "…"
  }

  /// A coordinate or length for an attribute: at most one decimal, `0` for a non-finite value.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10).rounded() / 10
    guard rounded.magnitude < 1e15 else { return String(format: "%.0f", rounded) }
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(format: "%.1f", rounded)
  }

  /// The estimated advance of one character, in ems.
  private static func ems(of character: Character) -> Double {
    guard let scalar = character.unicodeScalars.first, scalar.isASCII else {
      switch character {
      case "“", "”", "‘", "’", "·": return 0.4
      case "…": return 1
      case "–": return 0.5
      default: return 1
      }
    }
    switch character {
    case "i", "l", "j", ".", ",", ":", ";", "|", "!", "'", " ", "I": return 0.32
    case "f", "t", "r", "(", ")", "[", "]", "-", "/": return 0.42
    case "m", "w": return 0.92
    case "M", "W", "@", "%": return 0.98
    case "0"..."9": return 0.64
    case "A"..."Z": return 0.74
    default: return 0.63
    }
  }
}
