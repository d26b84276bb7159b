import Foundation

// The one place that turns a read error into sentences.
extension JSONReadError {
  /// What is wrong and where, in a sentence, followed by how to fix it.
  package var errorDescription: String? {
    "\(problem) \(recoverySuggestion ?? "")"
  }

  /// The same text as ``errorDescription``.
  package var description: String { errorDescription ?? "" }

  /// How to fix the document.
  package var recoverySuggestion: String? {
    switch kind {
    case .emptyDocument:
      "Open a file that holds a JSON value."
    case .byteOrderMark:
      "Save the file as UTF-8 without a byte order mark."
    case .unexpectedEnd:
      "The file may be cut short: restore a complete copy, or close every string, array and "
        + "object."
    case .unexpectedCharacter(_, let expected):
      Self.fix(expecting: expected)
    case .duplicateKey(let key):
      "Remove the second '\(key)' key at line \(line), column \(column), keeping the value you "
        + "want."
    case .invalidUTF8:
      "Save the file as UTF-8."
    case .invalidEscape:
      "After a backslash write only \\\" \\\\ \\/ \\b \\f \\n \\r \\t, or \\u and four hex digits."
    case .unpairedSurrogate:
      "Write a character above U+FFFF as a high-then-low pair (\\ud83d\\ude00) or as raw UTF-8."
    case .controlCharacterInString:
      "Escape it: write a line break as \\n, a tab as \\t and other control characters as "
        + "\\u00XX."
    case .invalidNumber:
      "Write the number as JSON does: no leading zeros, no '+' sign, digits on both sides of "
        + "'.', and digits after 'e'."
    case .nonFiniteNumber:
      "Replace it with a finite number (JSON has no NaN or infinity; a Double reaches ±1.8e308)."
    case .tooDeep:
      "Nest arrays and objects less deeply, or raise JSONReader.Options.maximumDepth if you "
        + "trust the document."
    case .trailingData:
      "Remove everything after the end of the top-level value."
    case .documentTooLarge:
      "Raise JSONReader.Options.maximumDocumentSize if you trust the document."
    case .stringTooLong:
      "Raise JSONReader.Options.maximumStringLength if you trust the document."
    case .tooManyValues:
      "Raise JSONReader.Options.maximumValueCount if you trust the document."
    }
  }

  /// The first sentence: what is wrong, and where.
  private var problem: String {
    let place = "at line \(line), column \(column)"
    let value = pointer.isRoot ? "the top-level value" : "the value at \(pointer)"
    switch kind {
    case .emptyDocument:
      return "The document is empty."
    case .byteOrderMark:
      return "The document starts with a byte order mark, which JSON does not allow."
    case .unexpectedEnd:
      return "The document ends \(place) before \(value) is complete."
    case .unexpectedCharacter(let found, let expected):
      return
        "Unexpected \(Self.describe(found)) \(place) in \(value): expected \(Self.describe(expected))."
    case .duplicateKey(let key):
      let object = pointer.isRoot ? "The top-level object" : "The object at \(pointer)"
      return "\(object) has the key '\(key)' twice; the second is \(place)."
    case .invalidUTF8:
      return "The document is not valid UTF-8 \(place) (byte \(offset)), in \(value)."
    case .invalidEscape:
      return "Invalid escape sequence \(place) in the string of \(value)."
    case .unpairedSurrogate:
      return "A \\u escape \(place) in \(value) is half of a UTF-16 surrogate pair without "
        + "the other half."
    case .controlCharacterInString:
      return "The string of \(value) contains a raw control character \(place)."
    case .invalidNumber:
      return "Invalid number \(place) in \(value)."
    case .nonFiniteNumber:
      return "The number \(place) in \(value) is not finite."
    case .tooDeep(let limit):
      return "Arrays and objects are nested more than \(limit) deep \(place), in \(value)."
    case .trailingData:
      return "There is more after the document's value, \(place)."
    case .documentTooLarge(let limit):
      return "The document is larger than the limit of \(limit) bytes."
    case .stringTooLong(let limit):
      return "A string \(place) in \(value) is longer than the limit of \(limit) bytes."
    case .tooManyValues(let limit):
      return "The document holds more than \(limit) values; the one past the limit is \(place)."
    }
  }

  /// A found character as a person reads it: `'x'`, or `U+0001` when it does not print.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    let printable = scalar.value >= 0x21 && scalar.value != 0x7F && !scalar.properties.isWhitespace
    let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
    return printable ? "'\(scalar)' (\(code))" : code
  }

  /// An expectation in words.
  private static func describe(_ expectation: Expectation) -> String {
    switch expectation {
    case .value: "a value"
    case .key: "a key in double quotes"
    case .colon: "':' after the key"
    case .commaOrEndOfArray: "',' or ']'"
    case .commaOrEndOfObject: "',' or '}'"
    }
  }

  /// How to fix a document where something else was expected.
  private static func fix(expecting expectation: Expectation) -> String {
    switch expectation {
    case .value:
      "Write a value there (an object, an array, a string in double quotes, a number, true, "
        + "false or null), or remove the ',' before a closing bracket."
    case .key:
      "Write each key as a string in double quotes, with no ',' before '}'."
    case .colon:
      "Put a ':' between each key and its value."
    case .commaOrEndOfArray:
      "Separate array elements with ',' and close the array with ']'."
    case .commaOrEndOfObject:
      "Separate members with ',' and close the object with '}'."
    }
  }
}
