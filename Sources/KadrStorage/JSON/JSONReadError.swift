import Foundation

/// Why a document is not the strict JSON ``JSONReader`` accepts, and where.
///
/// The location is given three ways: ``pointer`` names the place in the tree (for a duplicate
/// key, the object holding it), ``offset`` the byte, and ``line`` and ``column`` the place in an
/// editor. Both count from 1; lines end at each line feed (`\n`), columns count Unicode scalars
/// (characters for almost every text), so a column after `"é"` is one more than after `"e"`.
package struct JSONReadError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
  /// What the reader expected where it found something else.
  package enum Expectation: Sendable, Equatable {
    /// A value: an object, array, string, number, `true`, `false` or `null`.
    case value
    /// An object key (a string) or, right after `{`, the end of the object.
    case key
    /// The `:` between a key and its value.
    case colon
    /// A `,` or the `]` closing the array.
    case commaOrEndOfArray
    /// A `,` or the `}` closing the object.
    case commaOrEndOfObject
  }

  /// What is wrong with the document.
  package enum Kind: Sendable, Equatable {
    /// The document is empty or only whitespace.
    case emptyDocument
    /// The document starts with a UTF-8 byte order mark, which strict JSON does not allow.
    case byteOrderMark
    /// The document ends inside a value (an unclosed string, array or object, or a cut literal).
    case unexpectedEnd
    /// A character that cannot appear here.
    case unexpectedCharacter(found: Unicode.Scalar, expected: Expectation)
    /// An object has this key twice (as Swift `String`s, so canonically equal spellings match).
    case duplicateKey(String)
    /// Not UTF-8: an invalid, overlong, truncated or surrogate sequence, or one above U+10FFFF.
    case invalidUTF8
    /// A backslash followed by something other than `" \ / b f n r t` or `u` and four hex digits.
    case invalidEscape
    /// A `\u` escape of a UTF-16 surrogate that is not part of a high-then-low pair.
    case unpairedSurrogate
    /// A control character (U+0000 to U+001F) written raw inside a string.
    case controlCharacterInString
    /// A number that breaks JSON's grammar: a leading zero, a `+` sign, `.5`, `1.`, `1e`…
    case invalidNumber
    /// `NaN`, `Infinity`, or a number too large for a `Double` (`1e400`).
    case nonFiniteNumber
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// Something other than whitespace after the document's value.
    case trailingData
    /// The document is larger than the limit, in bytes.
    case documentTooLarge(limit: Int)
    /// A string (or key) longer than the limit, in UTF-8 bytes once unescaped.
    case stringTooLong(limit: Int)
    /// More values than the limit (objects, arrays, strings, numbers, booleans, nulls; not keys).
    case tooManyValues(limit: Int)
  }

  /// What is wrong.
  package var kind: Kind
  /// Where in the tree: the value being read, or for a duplicate key the object holding it.
  package var pointer: JSONPointer
  /// The byte offset of the problem, from 0.
  package var offset: Int
  /// The line of the problem, from 1.
  package var line: Int
  /// The column of the problem, from 1, in Unicode scalars.
  package var column: Int

  /// Creates an error from all of its stored properties.
  ///
  /// - Parameters:
  ///   - kind: What is wrong.
  ///   - pointer: Where in the tree.
  ///   - offset: The byte offset, from 0.
  ///   - line: The line, from 1.
  ///   - column: The column, from 1, in Unicode scalars.
  package init(kind: Kind, pointer: JSONPointer, offset: Int, line: Int, column: Int) {
    self.kind = kind
    self.pointer = pointer
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The same error placed at another byte of another document: for a reader of bytes that were
  /// rewritten before the strict reader saw them, so the place is in the bytes the user has.
  ///
  /// - Parameters:
  ///   - offset: The byte offset in `bytes`, from 0; clamped to them.
  ///   - bytes: The document as the user has it.
  /// - Returns: The error with that offset and its line and column.
  package func relocated(to offset: Int, in bytes: Data) -> JSONReadError {
    let clamped = min(max(0, offset), bytes.count)
    let (line, column) = bytes.withUnsafeBytes {
      Self.location(of: clamped, in: $0.bindMemory(to: UInt8.self))
    }
    var kind = kind
    // The character found is the file's (an `N` where the rewritten bytes had the `n` of `null`).
    if case .unexpectedCharacter(_, let expected) = kind, clamped < bytes.count,
      bytes[bytes.startIndex + clamped] < 0x80
    {
      kind = .unexpectedCharacter(
        found: Unicode.Scalar(bytes[bytes.startIndex + clamped]), expected: expected)
    }
    return JSONReadError(kind: kind, pointer: pointer, offset: clamped, line: line, column: column)
  }

  /// The line and column (1-based; columns in Unicode scalars) of a byte offset in a document.
  ///
  /// - Parameters:
  ///   - offset: The byte offset, from 0; clamped to the document.
  ///   - bytes: The document.
  /// - Returns: The line and column.
  package static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    line: Int, column: Int
  ) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(0, offset)) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
