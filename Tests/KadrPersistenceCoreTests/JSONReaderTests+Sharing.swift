import Foundation
import KadrPersistenceCore
import Testing

// The reader lets identical small containers share storage. Sharing must never join members
// that differ in any way a reader of the tree (or the writer) can see.

/// The elements of the array `text` reads as.
private func elements(_ text: String) throws -> [JSONValue] {
  guard case .array(let elements) = try JSONReader().read(text) else {
    Issue.record("\(text) is not an array")
    return []
  }
  return elements
}

/// The member `key` of an object value.
private func member(_ value: JSONValue, _ key: String) -> JSONValue? {
  guard case .object(let object) = value else { return nil }
  return object[key]
}

@Suite("JSON reader: identical containers")
struct JSONReaderSharingTests {
  @Test func zeroAndNegativeZeroStayApart() throws {
    let read = try elements(#"[{"a":0.0},{"a":-0.0},{"a":0.0}]"#)
    let signs = read.compactMap { member($0, "a")?.doubleValue?.sign }
    #expect(signs == [.plus, .minus, .plus])
  }

  @Test func anIntegerAndAnIntegralNumberStayApart() throws {
    let read = try elements("[[1,2],[1,2],[1,2.0],[1,2]]")
    #expect(read == [[1, 2], [1, 2], [1, .number(2)], [1, 2]])
    guard case .array(let third) = read[2] else { return }
    #expect(third[1] == .number(2) && third[1] != .integer(2))
  }

  @Test func canonicallyEquivalentSpellingsStayApart() throws {
    // "é" precomposed, then "e" with a combining acute: equal as Swift strings, not as bytes.
    let read = try elements(#"[{"k":"\#u{E9}"},{"k":"e\#u{301}"},{"k":"\#u{E9}"}]"#)
    let scalars = read.compactMap { value -> Int? in
      guard case .string(let text)? = member(value, "k") else { return nil }
      return text.unicodeScalars.count
    }
    #expect(scalars == [1, 2, 1])
    let written = String(decoding: try JSONWriter().write(.array(read)), as: UTF8.self)
    #expect(written.utf8.contains(0xCC))  // The combining acute's first byte, kept.
  }

  @Test func nestedRepeatsKeepTheirOwnValues() throws {
    let read = try elements(
      #"[{"t":{"a":1,"b":[true,null]}},{"t":{"a":1,"b":[true,null]}},{"t":{"a":2,"b":[true,null]}},{"t":{"a":1,"b":[false,null]}}]"#
    )
    #expect(
      read == [
        ["t": ["a": 1, "b": [true, nil]]], ["t": ["a": 1, "b": [true, nil]]],
        ["t": ["a": 2, "b": [true, nil]]], ["t": ["a": 1, "b": [false, nil]]],
      ])
  }

  @Test func changingOneRepeatLeavesTheOthers() throws {
    let read = try elements(#"[{"a":1,"b":"x"},{"a":1,"b":"x"}]"#)
    guard case .object(var first) = read[0] else { return }
    first["a"] = 2
    #expect(first == ["a": 2, "b": "x"])
    #expect(read[1] == ["a": 1, "b": "x"])
    #expect(read[0] == ["a": 1, "b": "x"])
  }

  @Test func longStringsAndLargeContainersReadAsWritten() throws {
    let long = String(repeating: "long text ", count: 4)
    let many = (0..<12).map(String.init).joined(separator: ",")
    let text = #"[{"s":"\#(long)"},{"s":"\#(long)"},[\#(many)],[\#(many)]]"#
    let read = try elements(text)
    #expect(read.count == 4)
    #expect(member(read[1], "s") == .string(long))
    #expect(read[2] == read[3])
    #expect(try JSONWriter().write(.array(read)) == Array(text.utf8))
  }
}
