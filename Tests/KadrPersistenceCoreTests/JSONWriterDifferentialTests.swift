import Foundation
import KadrPersistenceCore
import Testing

@Suite("JSON writer against JSONEncoder")
struct JSONWriterDifferentialTests {
  /// How many generated trees each seed checks.
  static let treesPerSeed = 1000

  /// `JSONEncoder` with the formatting the format's bytes are defined by.
  static func encoderBytes(_ value: JSONValue) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Array(try encoder.encode(EncodableJSON(value: value)))
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func writesTheBytesJSONEncoderWrites(seed: UInt64) throws {
    var generator = JSONTreeGenerator(seed: seed)
    var mismatches = 0
    for index in 0..<Self.treesPerSeed {
      let tree: JSONValue =
        generator.chance(50)
        ? .object(generator.object(depth: 4)) : generator.value(depth: 4)
      let expected = try Self.encoderBytes(tree)
      let written = try JSONWriter().write(tree)
      if written != expected {
        mismatches += 1
        Issue.record(
          "Tree \(index) of seed \(seed):\nJSONEncoder: \(expected.text)\nJSONWriter:  \(written.text)"
        )
        if mismatches >= 5 { return }
      }
    }
  }

  @Test(arguments: [4 as UInt64, 5])
  func readsBackWhatItWrote(seed: UInt64) throws {
    var generator = JSONTreeGenerator(seed: seed)
    for index in 0..<Self.treesPerSeed {
      let tree = JSONValue.object(generator.object(depth: 5))
      let written = try JSONWriter().write(tree)
      let read = try JSONReader().read(written)
      let expected = expectedAfterRoundTrip(tree)
      if !identical(read, expected) {
        Issue.record("Tree \(index) of seed \(seed) reads back differently: \(written.text)")
      }
      // Canonical: writing what was read gives the same bytes.
      let rewritten = try JSONWriter().write(read)
      if rewritten != written {
        Issue.record("Tree \(index) of seed \(seed):\n\(written.text)\n\(rewritten.text)")
      }
    }
  }

  @Test(arguments: [
    (JSONValue.number(1), "1"), (.number(-0.0), "-0"), (.number(1e-7), "1e-07"),
    (.number(1e21), "1e+21"), (.number(Double(Float(0.1))), "0.10000000149011612"),
    (.number(.leastNonzeroMagnitude), "5e-324"), (.number(100), "100"),
    (.integer(.min), "-9223372036854775808"),
    (.string("a/b\u{7F}\u{2028}\u{1F}\u{0}\t"), "\"a\\/b\u{7F}\u{2028}\\u001f\\u0000\\t\""),
    (
      .object(["B": 1, "_0": 2, "a": 3, "f": 4, "e\u{301}": 5]),
      "{\"B\":1,\"_0\":2,\"a\":3,\"e\u{301}\":5,\"f\":4}"
    ),
    (.object(["😀": 1, "\u{FF61}": 2]), "{\"\u{FF61}\":2,\"😀\":1}"),
  ])
  func writesKnownCases(value: JSONValue, text: String) throws {
    // The expected texts are what JSONEncoder writes; the differential test covers the rest.
    #expect(try JSONWriter().write(value).text == text)
    #expect(try Self.encoderBytes(value).text == text)
  }

  @Test func writesEveryDoubleAsItsDescriptionWithoutPointZero() throws {
    // The writer's fast paths must agree with `description` (what JSONEncoder prints).
    var random = SplitMix64(seed: 11)
    var checked = 0
    for round in 0..<300_000 {
      let value: Double
      switch round % 6 {
      case 0:
        let digits = Double(UInt64.random(in: 0...999_999_999_999, using: &random))
        value = digits / [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e9, 1e12][round / 6 % 9]
      case 1: value = Double(Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &random)))
      case 2: value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
      case 3: value = Double(Int64.random(in: -(1 << 54)...(1 << 54), using: &random))
      case 4: value = Double.random(in: 0.0009...0.0011, using: &random)
      default: value = Double.random(in: 0.99e14...1.01e14, using: &random).rounded() / 10
      }
      let signed = round % 12 < 6 ? value : -value
      var expected = signed.description
      if expected.hasSuffix(".0") { expected.removeLast(2) }
      let written = try JSONWriter().write(.number(signed)).text
      if written != expected {
        Issue.record("\(signed.bitPattern): description \(expected), writer \(written)")
        return
      }
      checked += 1
    }
    #expect(checked == 300_000)
  }

  @Test func writesEveryIntegerAsItsDescription() throws {
    // Around every power of ten (where the digit-pair loop changes its number of steps), then
    // random integers of every length, each with both signs.
    var values: [Int64] = [0, .max, .min, .min + 1]
    var power: Int64 = 1
    for _ in 0...18 {
      values += [power - 1, power, power + 1, power * 2 - 1]
      if power <= Int64.max / 10 { power *= 10 }
    }
    var random = SplitMix64(seed: 12)
    for digits in 1...18 {
      let upper = (0..<digits).reduce(Int64(1)) { value, _ in value * 10 }
      for _ in 0..<2_000 { values.append(Int64.random(in: 0..<upper, using: &random)) }
    }
    var checked = 0
    for value in values + values.map({ $0 == .min ? .max : -$0 }) {
      let written = try JSONWriter().write(.integer(value)).text
      if written != String(value) {
        Issue.record("\(value): writer \(written)")
        return
      }
      checked += 1
    }
    #expect(checked == 2 * (4 + 19 * 4 + 18 * 2_000))
  }

  @Test func writesShortStringsAsJSONEncoderDoes() throws {
    // Each length around the escape scan's eight-byte steps, with and without a byte to escape
    // at each place, must come out as JSONEncoder writes it.
    let specials = ["\"", "\\", "/", "\u{0}", "\u{1F}", "\t", "\u{7F}", "é", "~"]
    var checked = 0
    for length in 0...17 {
      let plain = String(repeating: "k", count: length)
      var strings = [plain]
      for special in specials {
        for place in 0...length {
          strings.append(String(plain.prefix(place)) + special + String(plain.dropFirst(place)))
        }
      }
      for string in strings {
        let written = try JSONWriter().write(.string(string))
        let expected = try Self.encoderBytes(.string(string))
        #expect(written == expected, "\(string.debugDescription): \(written.text)")
        checked += 1
      }
    }
    #expect(checked == 18 + 9 * (1...18).reduce(0, +))
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func refusesNonFiniteNumbersNamingWhere(number: Double) {
    let tree: JSONValue = ["video": ["clips": [1, ["speedRate": .number(number)]]]]
    #expect(throws: JSONWriteError.nonFiniteNumber(pointer: ["video", "clips", 1, "speedRate"])) {
      try JSONWriter().write(tree)
    }
  }

  @Test func refusesNestingDeeperThanTheLimit() throws {
    let deep: JSONValue = [[["a": [1]]]]
    #expect(try JSONWriter(options: .init(maximumDepth: 4)).write(deep).text == "[[{\"a\":[1]}]]")
    #expect(throws: JSONWriteError.tooDeep(limit: 3, pointer: [0, 0, "a"])) {
      try JSONWriter(options: .init(maximumDepth: 3)).write(deep)
    }
  }

  @Test func writesDeepTreesWithoutTheStackWhenTheLimitIsRaised() throws {
    // Reader and writer both keep open containers on the heap, so a raised limit is safe.
    let depth = 10_000
    let document =
      [UInt8](repeating: UInt8(ascii: "["), count: depth) + Array("1".utf8)
      + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    let tree = try JSONReader(options: .init(maximumDepth: depth)).read(document)
    #expect(try JSONWriter(options: .init(maximumDepth: depth)).write(tree) == document)
    let error = try #require(throws: JSONWriteError.self) { try JSONWriter().write(tree) }
    #expect(error.pointer.count == 512)
    #expect(error == .tooDeep(limit: 512, pointer: JSONPointer(repeatElement(0, count: 512))))
  }

  @Test func writesDataWithTheSameBytes() throws {
    let tree: JSONValue = ["b": [true, false, .null], "a": "x"]
    #expect(try JSONWriter().writeData(tree) == Data(try JSONWriter().write(tree)))
    #expect(try JSONWriter().write(tree).text == "{\"a\":\"x\",\"b\":[true,false,null]}")
  }
}
