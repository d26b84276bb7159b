import Foundation
import KadrPersistenceCore
import Testing

@Suite("JSON reader acceptances")
struct JSONReaderAcceptanceTests {
  @Test(arguments: [
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u0041\u00e9\u65E5\u0000""#, "Aé日\u{0}"),
    (#""\ud83d\ude00 and \uD83D\uDE00""#, "😀 and 😀"),
    (#""\udbff\udfff""#, "\u{10FFFF}"),
    ("\"raw 日本😀 e\u{301} \u{7F}\u{2028}\"", "raw 日本😀 e\u{301} \u{7F}\u{2028}"),
    (#""abcdefgh\"ijklmnop\\qrstuvwx""#, "abcdefgh\"ijklmnop\\qrstuvwx"),
    ("\"\"", ""),
  ])
  func decodesStrings(json: String, expected: String) throws {
    let value = try JSONReader().read(json)
    guard case .string(let string) = value else {
      Issue.record("Not a string: \(value)")
      return
    }
    #expect(Array(string.unicodeScalars) == Array(expected.unicodeScalars))
  }

  /// Numbers, with the case they must read as: integers that fit `Int64` stay integers, others
  /// become correctly rounded doubles, and `-0` keeps its sign as `.number(-0.0)`.
  @Test(arguments: [
    ("0", JSONValue.integer(0)), ("-0", .number(-0.0)), ("-0.0", .number(-0.0)),
    ("1.0", .number(1)), ("1e2", .number(100)), ("1E+2", .number(100)), ("25e-2", .number(0.25)),
    ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
    ("9223372036854775808", .number(9_223_372_036_854_775_808)),
    ("-9223372036854775809", .number(-9_223_372_036_854_775_808)),
    ("12345678901234567890123", .number(1.2345678901234568e22)),
    ("0.1", .number(0.1)), ("0.10000000149011612", .number(Double(Float(0.1)))),
    ("1e-400", .number(0)), ("-1e-400", .number(-0.0)), ("0e999999999", .number(0)),
    ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
    ("4.9406564584124654e-324", .number(.leastNonzeroMagnitude)),
    ("2.2250738585072011e-308", .number(Double.leastNormalMagnitude.nextDown)),
    ("9007199254740993.0", .number(9_007_199_254_740_992)),
    ("0.000001", .number(0.000001)), ("123456.789e3", .number(123_456_789)),
  ])
  func readsNumbers(json: String, expected: JSONValue) throws {
    let value = try JSONReader().read(json)
    #expect(identical(value, expected), "\(json) read as \(value)")
  }

  @Test func readsEveryNumberAsDoubleFromStringDoes() throws {
    // Random literals across the fast path (few digits, small exponents) and the slow path.
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let integerDigits = Int.random(in: 1...22, using: &random)
      var literal = Int.random(in: 0...1, using: &random) == 0 ? "" : "-"
      literal += String(Int.random(in: 1...9, using: &random))
      for _ in 1..<integerDigits { literal += String(Int.random(in: 0...9, using: &random)) }
      if Int.random(in: 0...1, using: &random) == 0 {
        literal += "."
        for _ in 0..<Int.random(in: 1...20, using: &random) {
          literal += String(Int.random(in: 0...9, using: &random))
        }
      }
      literal += "e\(Int.random(in: -330...300, using: &random))"
      guard let expected = Double(literal), expected.isFinite else { continue }
      let value = try JSONReader().read(literal)
      #expect(value == .number(expected), "\(literal) read as \(value), not \(expected)")
      if value != .number(expected) { return }
    }
  }

  @Test func readsPlainNumbersAsTheLongWayDoes() throws {
    // Literals without an exponent, around the shortcut's limit of 15 digits, in a list (where
    // the shortcut reads them) and alone at the top (where the document's end follows them).
    var random = SplitMix64(seed: 11)
    for _ in 0..<20_000 {
      let integerDigits = Int.random(in: 1...17, using: &random)
      var literal = Int.random(in: 0...3, using: &random) == 0 ? "-" : ""
      literal += integerDigits == 1 ? String(Int.random(in: 0...9, using: &random)) : "1"
      for _ in 1..<integerDigits { literal += String(Int.random(in: 0...9, using: &random)) }
      let isFraction = Int.random(in: 0...1, using: &random) == 0
      if isFraction {
        literal += "."
        for _ in 0..<Int.random(in: 1...17, using: &random) {
          literal += String(Int.random(in: 0...9, using: &random))
        }
      }
      let expected: JSONValue =
        if !isFraction, literal != "-0", let integer = Int64(literal) {
          .integer(integer)
        } else {
          .number(try #require(Double(literal)))
        }
      let listed = try JSONReader().read("[\(literal),\(literal)]")
      let alone = try JSONReader().read(literal)
      #expect(identical(listed, .array([expected, expected])), "\(literal) read as \(listed)")
      #expect(identical(alone, expected), "\(literal) read as \(alone)")
      if !identical(listed, .array([expected, expected])) { return }
    }
  }

  @Test func keepsMembersInDocumentOrder() throws {
    let value = try JSONReader().read(#"{"b":1,"a":[true,false,null],"c":{}}"#)
    guard case .object(let object) = value else {
      Issue.record("Not an object: \(value)")
      return
    }
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["a"] == [true, false, nil])
  }

  @Test func acceptsWhitespaceAroundEveryToken() throws {
    let value = try JSONReader().read(" \t\r\n{ \"a\" : [ 1 , 2 ] , \"b\" : \"c\" }\r\n ")
    #expect(value == ["a": [1, 2], "b": "c"])
  }

  @Test(arguments: [
    ("1", JSONValue.integer(1)), ("\"a\"", "a"), ("null", nil), ("true", true), ("-2.5", -2.5),
  ])
  func acceptsAScalarAtTheTop(json: String, expected: JSONValue) throws {
    #expect(try JSONReader().read(json) == expected)
  }

  @Test func acceptsNestingExactlyAtTheLimit() throws {
    #expect(try JSONReader(options: .init(maximumDepth: 3)).read("[[{\"a\":1}]]") == [[["a": 1]]])
  }

  @Test func acceptsObjectsWithManyKeys() throws {
    let members = (0..<40).map { "\"key\($0)\":\($0)" }.joined(separator: ",")
    guard case .object(let object) = try JSONReader().read("{\(members)}") else {
      Issue.record("Not an object")
      return
    }
    #expect(object.count == 40)
    #expect(object["key39"] == 39)
  }

  @Test func readsObjectsOfOneShapeInTheirOwnOrder() throws {
    // Objects with the same keys share one keys array inside the reader; each keeps its order
    // and its values, and changing one leaves the others alone.
    let json = #"[{"a":1,"b":2},{"a":3,"b":4},{"b":5,"a":6},{"a":7,"b":8,"c":9},{"a":1,"b":2}]"#
    guard case .array(let elements) = try JSONReader().read(json),
      case .object(var first) = elements.first, case .object(let second) = elements[1],
      case .object(let third) = elements[2]
    else {
      Issue.record("Not an array of objects")
      return
    }
    #expect(
      elements == [
        ["a": 1, "b": 2], ["a": 3, "b": 4], ["b": 5, "a": 6], ["a": 7, "b": 8, "c": 9],
        ["a": 1, "b": 2],
      ])
    #expect(third.keys == ["b", "a"])
    first["z"] = 0
    #expect(first.keys == ["a", "b", "z"])
    #expect(second.keys == ["a", "b"])
  }

  @Test func readsKeysPastTheInterningLimits() throws {
    // More distinct keys than the reader interns, and keys longer than it interns.
    let long = String(repeating: "k", count: 100)
    let members = (0..<3000).map { "\"key\($0)\":\($0)" } + ["\"\(long)\":true"]
    guard case .object(let object) = try JSONReader().read("{\(members.joined(separator: ","))}")
    else {
      Issue.record("Not an object")
      return
    }
    #expect(object.count == 3001)
    #expect(object["key2999"] == 2999)
    #expect(object[long] == true)
  }

  @Test func readsKeysThatLookAlikeToTheInterningTable() throws {
    // Same length, same first and last eight bytes: the reader's key table sees them collide.
    let keys = (0..<200).map { "aaaaaaaa\(1000 + $0)bbbbbbbb" }
    let small = keys.prefix(10).map { "{\"\($0)\":1}" }.joined(separator: ",")
    let json = "[\(small),{\(keys.map { "\"\($0)\":0" }.joined(separator: ","))}]"
    guard case .array(let elements) = try JSONReader().read(json),
      case .object(let object) = elements.last
    else {
      Issue.record("Not an array ending with an object")
      return
    }
    #expect(elements.count == 11)
    #expect(object.keys == keys)
    // Past the table's probe limit keys are compared as strings: duplicates are still caught.
    let big = "{\(keys.map { "\"\($0)\":0" }.joined(separator: ","))}"
    let duplicated = "[\(big),{\"\(keys[150])\":0,\"\(keys[151])\":0,\"\(keys[150])\":1}]"
    let error = try #require(throws: JSONReadError.self) { try JSONReader().read(duplicated) }
    #expect(error.kind == .duplicateKey(keys[150]))
    #expect(error.pointer == [1])
  }

  @Test func readsEveryKindOfInputTheSame() throws {
    let text = #"{"clips":[{"a":1.5}],"name":"é"}"#
    let bytes = Array(text.utf8)
    let expected = try JSONReader().read(text)
    #expect(try JSONReader().read(bytes) == expected)
    #expect(try JSONReader().read(Data(bytes)) == expected)
    #expect(try JSONReader().read(bytes[...]) == expected)
    #expect(try JSONReader().read(AnyCollection(bytes)) == expected)
  }
}
