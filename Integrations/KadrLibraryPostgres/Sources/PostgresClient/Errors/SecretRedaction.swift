// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  /// Replaces the passwords of a connection string in messages, so that no error shows them.
  ///
  /// libpq's messages can echo parts of a connection string (a malformed URI's token, an
  /// unparsable option's value), so every message of a connection passes through here. The
  /// passwords are found by reading the string itself, more generously than libpq does: a URI's
  /// whole user information after the first colon and its `password` query parameter, and a
  /// `password=` keyword's value, each both as written and percent-decoded. A password libpq took
  /// from elsewhere (`PGPASSWORD`, `~/.pgpass`) is added with ``adding(_:)``.
  struct SecretRedaction: Sendable {
    /// What a password is replaced with.
    static let mask = "********"

    /// The strings to replace, longest first (so that a password containing another is masked
    /// whole).
    private(set) var secrets: [String]

    /// The passwords of a connection string.
    ///
    /// - Parameter connectionString: A libpq key/value connection string or URI.
    init(connectionString: String) {
      var found: [String] = []
      for scheme in ["postgresql://", "postgres://"] where connectionString.hasPrefix(scheme) {
        let rest = connectionString.dropFirst(scheme.count)
        // The user information ends at the last "@" of the authority; be generous and take the
        // last "@" before any query, so that a password holding "/" or "@" is still masked.
        let beforeQuery = rest.prefix { $0 != "?" }
        if let at = beforeQuery.lastIndex(of: "@"),
          let colon = beforeQuery[..<at].firstIndex(of: ":")
        {
          found.append(String(beforeQuery[beforeQuery.index(after: colon)..<at]))
        }
      }
      found += Self.keywordValues(in: connectionString)
      secrets = []
      for secret in found where !secret.isEmpty {
        add(secret)
        if let decoded = secret.removingPercentEncoding { add(decoded) }
      }
    }

    /// This redaction with one more password (one libpq found in the environment or a file).
    ///
    /// - Parameter secret: A password; an empty one is ignored.
    /// - Returns: The redaction masking it as well.
    func adding(_ secret: String?) -> SecretRedaction {
      var copy = self
      if let secret, !secret.isEmpty { copy.add(secret) }
      return copy
    }

    /// The message with every password replaced by ``mask``.
    ///
    /// - Parameter message: A message from libpq, the server or this library.
    /// - Returns: The message without any password.
    func redact(_ message: String) -> String {
      var result = message
      for secret in secrets {
        result = result.replacingOccurrences(of: secret, with: Self.mask)
      }
      return result
    }

    private mutating func add(_ secret: String) {
      guard !secrets.contains(secret) else { return }
      secrets.append(secret)
      secrets.sort { $0.count > $1.count }
    }

    /// The values of every `password=` in a key/value string or a URI's query, quoted or not.
    private static func keywordValues(in text: String) -> [String] {
      var values: [String] = []
      var rest = Substring(text)
      while let range = rest.range(of: "password", options: .caseInsensitive) {
        var cursor = range.upperBound
        rest = rest[range.upperBound...]
        while cursor < rest.endIndex, rest[cursor] == " " { cursor = rest.index(after: cursor) }
        guard cursor < rest.endIndex, rest[cursor] == "=" else { continue }
        cursor = rest.index(after: cursor)
        while cursor < rest.endIndex, rest[cursor] == " " { cursor = rest.index(after: cursor) }
        var value = ""
        if cursor < rest.endIndex, rest[cursor] == "'" {
          // A quoted value: backslash escapes the next character, a quote ends it.
          cursor = rest.index(after: cursor)
          let start = cursor
          var end = rest.endIndex
          var escaped = false
          while cursor < rest.endIndex {
            let character = rest[cursor]
            if escaped {
              value.append(character)
              escaped = false
            } else if character == "\\" {
              escaped = true
            } else if character == "'" {
              end = cursor
              cursor = rest.index(after: cursor)
              break
            } else {
              value.append(character)
            }
            cursor = rest.index(after: cursor)
          }
          // The value as written too, escapes and all, in case a message echoes it raw.
          values.append(String(rest[start..<end]))
        } else {
          while cursor < rest.endIndex, !" &\t\n".contains(rest[cursor]) {
            value.append(rest[cursor])
            cursor = rest.index(after: cursor)
          }
        }
        values.append(value)
        rest = rest[cursor...]
      }
      return values
    }

    /// Why a `postgres://` URI cannot be read safely, or `nil`: a user name or password holding
    /// an unencoded `@` or `/`. libpq splits such a URI elsewhere than its author meant, and
    /// would then print part of the password as a host or database name; the message names
    /// neither part.
    static func ambiguousURI(_ text: String) -> String? {
      for scheme in ["postgresql://", "postgres://"] where text.hasPrefix(scheme) {
        let authority = text.dropFirst(scheme.count).prefix { $0 != "?" }
        let ats = authority.filter { $0 == "@" }.count
        guard ats > 0 else { return nil }
        let userInformation = authority[..<(authority.lastIndex(of: "@") ?? authority.endIndex)]
        guard ats > 1 || userInformation.contains("/") else { return nil }
        return "The connection URI's user name or password holds an unencoded \"@\" or \"/\", "
          + "which makes the URI ambiguous. Percent-encode them in the URI (\"@\" as %40, \"/\" "
          + "as %2F), or pass the password in PGPASSWORD or ~/.pgpass."
      }
      return nil
    }
  }
#endif
