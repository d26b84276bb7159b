import Foundation
import KadrPersistenceCore
import Testing

/// A document the reader must refuse, and exactly how.
struct Refusal: Sendable, CustomTestStringConvertible {
  let why: String
  let input: [UInt8]
  let kind: JSONReadError.Kind
  let pointer: String
  let line: Int
  let column: Int
  var options = JSONReader.Options()

  var testDescription: String { why }

  init(
    _ why: String, _ input: String, _ kind: JSONReadError.Kind, at pointer: String,
    _ line: Int, _ column: Int, options: JSONReader.Options = .init()
  ) {
    self.init(why, Array(input.utf8), kind, at: pointer, line, column, options: options)
  }

  init(
    _ why: String, _ input: [UInt8], _ kind: JSONReadError.Kind, at pointer: String,
    _ line: Int, _ column: Int, options: JSONReader.Options = .init()
  ) {
    self.why = why
    self.input = input
    self.kind = kind
    self.pointer = pointer
    self.line = line
    self.column = column
    self.options = options
  }
}

/// Bytes around raw (possibly invalid) UTF-8 inside a string: `["` bytes `"]`.
private func inString(_ bytes: [UInt8]) -> [UInt8] { Array("[\"".utf8) + bytes + Array("\"]".utf8) }

@Suite("JSON reader")
struct JSONReaderTests {
  static let multiLine = """
    {
      "video": {
        "clips": [],
        "clips": []
      }
    }
    """

  static let refusals: [Refusal] = [
    Refusal("an empty document", "", .emptyDocument, at: "", 1, 1),
    Refusal("only whitespace", " \n\t", .emptyDocument, at: "", 1, 1),
    Refusal(
      "a byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .byteOrderMark, at: "", 1, 1),
    Refusal(
      "a duplicate key names the object holding it", multiLine, .duplicateKey("clips"),
      at: "/video", 4, 5),
    Refusal(
      "a duplicate key deep in arrays", #"{"v":{"clips":[{},{"a":1,"a":2}]}}"#,
      .duplicateKey("a"), at: "/v/clips/1", 1, 26),
    Refusal(
      "a duplicate among more than 16 keys (the set path)",
      "{" + (0..<20).map { "\"k\($0)\":0," }.joined() + "\"k7\":1}", .duplicateKey("k7"),
      at: "", 1, 152),
    Refusal(
      "keys equal as Swift Strings (é precomposed and decomposed) are duplicates",
      "{\"\u{E9}\":1,\"e\u{301}\":2}", .duplicateKey("e\u{301}"), at: "", 1, 8),
    Refusal(
      "the Kelvin sign is the same String as K", "{\"K\":1,\"\u{212A}\":2}",
      .duplicateKey("\u{212A}"), at: "", 1, 8),
    Refusal(
      "an escaped key equals its plain spelling", #"{"a":1,"\u0061":2}"#,
      .duplicateKey("a"), at: "", 1, 8),
    // Objects after the first of a shape are read against it (their keys compared as bytes);
    // leaving the shape anywhere must still catch a duplicate.
    Refusal(
      "a duplicate among keys that follow the shape read before",
      #"[{"a":1,"b":2},{"a":1,"a":2}]"#, .duplicateKey("a"), at: "/1", 1, 23),
    Refusal(
      "a duplicate after every key of the shape read before",
      #"[{"a":1,"b":2},{"a":1,"b":2,"a":3}]"#, .duplicateKey("a"), at: "/1", 1, 29),
    Refusal(
      "an escaped spelling of a key of the shape read before",
      #"[{"a":1,"b":2},{"a":1,"\u0061":2}]"#, .duplicateKey("a"), at: "/1", 1, 23),
    Refusal(
      "a duplicate in a wide object whose keys have no id (the slot table path)",
      "{" + (0..<1_100).map { "\"key\($0)\":0," }.joined() + "\"key\\u0037\":1}",
      .duplicateKey("key7"), at: "", 1, 12_092),
    Refusal(
      "a duplicate key too long to be interned",
      "{\"\(String(repeating: "x", count: 45))\":1,\"\(String(repeating: "x", count: 45))\":2}",
      .duplicateKey(String(repeating: "x", count: 45)), at: "", 1, 52),
    Refusal(
      "a duplicate among keys past the interning capacity",
      "[{" + (0..<1200).map { "\"k\($0)\":0" }.joined(separator: ",")
        + #"},{"k1":0,"k1199":0,"k1199":1}]"#, .duplicateKey("k1199"), at: "/1", 1, 10912),
    Refusal("a second value after the first", "[1] [2]", .trailingData, at: "", 1, 5),
    Refusal("text after the value", "{}\n  x", .trailingData, at: "", 2, 3),
    Refusal("a closing bracket too many", "[1]]", .trailingData, at: "", 1, 4),
    Refusal("NaN", #"{"a": NaN}"#, .nonFiniteNumber, at: "/a", 1, 7),
    Refusal("Infinity", "[Infinity]", .nonFiniteNumber, at: "/0", 1, 2),
    Refusal("-Infinity", "[-Infinity]", .nonFiniteNumber, at: "/0", 1, 2),
    Refusal("a number too large for a Double", #"{"x": 1e400}"#, .nonFiniteNumber, at: "/x", 1, 7),
    Refusal("a negative number too large", "[-1.8e308]", .nonFiniteNumber, at: "/0", 1, 2),
    Refusal(
      "a huge integer", "[1" + String(repeating: "0", count: 400) + "]", .nonFiniteNumber,
      at: "/0", 1, 2),
    Refusal("a leading zero", "[01]", .invalidNumber, at: "/0", 1, 2),
    Refusal("a negative leading zero", "[-01]", .invalidNumber, at: "/0", 1, 2),
    Refusal("a plus sign", "[+1]", .invalidNumber, at: "/0", 1, 2),
    Refusal("no digit before the point", "[.5]", .invalidNumber, at: "/0", 1, 2),
    Refusal("no digit after the point", "[1.]", .invalidNumber, at: "/0", 1, 2),
    Refusal("no digit in the exponent", "[1e+]", .invalidNumber, at: "/0", 1, 2),
    Refusal("a lone minus", "[-]", .invalidNumber, at: "/0", 1, 2),
    Refusal(
      "hex", "[0x10]", .unexpectedCharacter(found: "x", expected: .commaOrEndOfArray),
      at: "", 1, 3),
    Refusal("a lone high surrogate", #"["\ud800"]"#, .unpairedSurrogate, at: "/0", 1, 3),
    Refusal("a lone low surrogate", #"["\uDC00"]"#, .unpairedSurrogate, at: "/0", 1, 3),
    Refusal(
      "a high surrogate before a non-surrogate", #"["\ud800\u0041"]"#, .unpairedSurrogate,
      at: "/0", 1, 3),
    Refusal("an unknown escape", #"["a\x"]"#, .invalidEscape, at: "/0", 1, 4),
    Refusal("a bad hex digit", #"["\u12G4"]"#, .invalidEscape, at: "/0", 1, 3),
    Refusal("a raw tab in a string", "[\"a\tb\"]", .controlCharacterInString, at: "/0", 1, 4),
    Refusal("a raw line break in a key", "{\"a\nb\":1}", .controlCharacterInString, at: "", 1, 4),
    Refusal("an overlong NUL", inString([0xC0, 0x80]), .invalidUTF8, at: "/0", 1, 3),
    Refusal(
      "an overlong three-byte form", inString([0xE0, 0x80, 0xAF]), .invalidUTF8, at: "/0",
      1, 3),
    Refusal(
      "an overlong four-byte form", inString([0xF0, 0x8F, 0xBF, 0xBF]), .invalidUTF8,
      at: "/0", 1, 3),
    Refusal(
      "a surrogate encoded in UTF-8", inString([0xED, 0xA0, 0x80]), .invalidUTF8, at: "/0",
      1, 3),
    Refusal(
      "a scalar above U+10FFFF", inString([0xF4, 0x90, 0x80, 0x80]), .invalidUTF8, at: "/0",
      1, 3),
    Refusal(
      "a sequence cut short by the quote", inString([0xE6, 0x97]), .invalidUTF8, at: "/0",
      1, 3),
    Refusal(
      "a sequence cut short by the end", Array("\"".utf8) + [0xE6], .invalidUTF8, at: "",
      1, 2),
    Refusal("a stray continuation byte", inString([0x61, 0x80]), .invalidUTF8, at: "/0", 1, 4),
    Refusal(
      "a byte that never appears in UTF-8", inString([0xF5, 0x80, 0x80, 0x80]),
      .invalidUTF8, at: "/0", 1, 3),
    Refusal("invalid UTF-8 outside a string", [0x5B, 0xFF, 0x5D], .invalidUTF8, at: "/0", 1, 2),
    Refusal(
      "a trailing comma in an array", "[1,]",
      .unexpectedCharacter(found: "]", expected: .value), at: "/1", 1, 4),
    Refusal(
      "a trailing comma in an object", #"{"a":1,}"#,
      .unexpectedCharacter(found: "}", expected: .key), at: "", 1, 8),
    Refusal(
      "a missing colon", #"{"a" 1}"#, .unexpectedCharacter(found: "1", expected: .colon),
      at: "", 1, 6),
    Refusal(
      "an unquoted key", "{a:1}", .unexpectedCharacter(found: "a", expected: .key),
      at: "", 1, 2),
    Refusal(
      "a missing comma in an array", "[1 2]",
      .unexpectedCharacter(found: "2", expected: .commaOrEndOfArray), at: "", 1, 4),
    Refusal(
      "a missing comma in an object", #"{"a":1 "b":2}"#,
      .unexpectedCharacter(found: "\"", expected: .commaOrEndOfObject), at: "", 1, 8),
    Refusal(
      "single quotes", "['a']", .unexpectedCharacter(found: "'", expected: .value),
      at: "/0", 1, 2),
    Refusal(
      "a comment", "// note\n{}", .unexpectedCharacter(found: "/", expected: .value),
      at: "", 1, 1),
    Refusal(
      "a capitalised literal", "[True]", .unexpectedCharacter(found: "T", expected: .value),
      at: "/0", 1, 2),
    Refusal(
      "a misspelt literal", "[nul1]", .unexpectedCharacter(found: "1", expected: .value),
      at: "/0", 1, 5),
    Refusal(
      "columns count characters, not bytes", "[\"é日\", x]",
      .unexpectedCharacter(found: "x", expected: .value), at: "/1", 1, 8),
    Refusal("a cut literal", "[tru", .unexpectedEnd, at: "/0", 1, 5),
    Refusal("an unclosed array", #"{"a":[1,"#, .unexpectedEnd, at: "/a/1", 1, 9),
    Refusal("an unclosed object after a value", "{\"a\":\n 1", .unexpectedEnd, at: "", 2, 3),
    Refusal("an unclosed string", "[\"abc", .unexpectedEnd, at: "/0", 1, 6),
    Refusal(
      "nesting past a small limit", "[[{\"a\":[1]}]]", .tooDeep(limit: 3), at: "/0/0/a",
      1, 8, options: .init(maximumDepth: 3)),
    Refusal(
      "a document past the size limit", "[1, 2, 3]", .documentTooLarge(limit: 8), at: "",
      1, 1, options: .init(maximumDocumentSize: 8)),
    Refusal(
      "a string past the length limit", #"{"ab": "abcd"}"#, .stringTooLong(limit: 3),
      at: "/ab", 1, 9, options: .init(maximumStringLength: 3)),
    Refusal(
      "an escaped string past the length limit", #"["\n\n\n\n"]"#,
      .stringTooLong(limit: 3), at: "/0", 1, 3, options: .init(maximumStringLength: 3)),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) {
    do {
      let value = try JSONReader(options: refusal.options).read(refusal.input)
      Issue.record("Accepted \(refusal.why): \(value)")
    } catch {
      #expect(error.kind == refusal.kind)
      #expect(error.pointer.description == refusal.pointer)
      #expect("\(error.line):\(error.column)" == "\(refusal.line):\(refusal.column)")
      #expect(error.errorDescription?.isEmpty == false)
    }
  }

  @Test func refuses100000NestedArraysAtTheDefaultLimit() {
    let input = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    #expect {
      try JSONReader().read(input)
    } throws: { error in
      guard let error = error as? JSONReadError else { return false }
      return error.kind == .tooDeep(limit: 512) && error.offset == 512 && error.pointer.count == 512
    }
  }

  @Test func readsDeepNestingWithoutTheStackWhenTheLimitIsRaised() {
    // 100 000 open arrays, never closed: the parser holds them on the heap, then reports the end.
    let input = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    #expect(throws: JSONReadError.self) {
      try JSONReader(options: .init(maximumDepth: 200_000)).read(input)
    }
  }

  @Test func messagesSayWhatIsWrongWhereAndHowToFixIt() throws {
    let error = try #require(throws: JSONReadError.self) { try JSONReader().read(Self.multiLine) }
    #expect(
      error.errorDescription
        == "The object at /video has the key 'clips' twice; the second is at line 4, column 5. "
        + "Remove the second 'clips' key at line 4, column 5, keeping the value you want.")
    #expect(error.recoverySuggestion?.hasPrefix("Remove the second 'clips' key") == true)
    #expect(error.offset == 36)
  }
}
