import Foundation

/// Hides the credentials of URLs (`https://user:password@host/…`) in text meant for people.
///
/// Tokens and redirect locations come from documents and servers; a message that repeats one
/// must not leak a password into a log. Every message of the package that names a token goes
/// through ``redacted(_:)``, and so does everything `kadr-doc` prints for people.
package enum URLRedaction {
  /// What replaces the user information of a URL.
  package static let mask = "***"

  /// `text` with the user information of every URL in it (`scheme://` followed by an authority
  /// holding `@`) replaced by ``mask``.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The text, unchanged when no URL in it carries credentials.
  package static func redacted(_ text: String) -> String {
    guard text.contains("@"), text.contains("://") else { return text }
    var scalars = Array(text.unicodeScalars)
    var index = 0
    while index + 2 < scalars.count {
      guard scalars[index] == ":", scalars[index + 1] == "/", scalars[index + 2] == "/" else {
        index += 1
        continue
      }
      let start = index + 3
      var end = start
      var lastAt: Int?
      while end < scalars.count, !endsAuthority(scalars[end]) {
        if scalars[end] == "@" { lastAt = end }
        end += 1
      }
      if let lastAt {
        scalars.replaceSubrange(start..<lastAt, with: mask.unicodeScalars)
        index = start + mask.unicodeScalars.count
      } else {
        index = end
      }
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// Whether `scalar` ends a URL's authority (or the URL).
  private static func endsAuthority(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "/", "?", "#", "'", "\"", "<", ">", "`", " ", "\\": return true
    default: return scalar.properties.isWhitespace || scalar.value < 0x20
    }
  }
}
