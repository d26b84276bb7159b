import Foundation
import Testing

@testable import KadrPersistenceCore

/// Keys past the key table's room (1,024 distinct keys), which the reader keeps as spans of the
/// document's bytes (or of unescaped bytes) rather than as strings: refused, pointed at and read
/// back exactly as interned keys are.
@Suite("JSON reader: keys past the key table")
struct JSONKeySpanTests {
  /// An object of 1,100 distinct keys, which fills the key table: every key read after it that
  /// it does not hold gets no id.
  static let filler = "{" + (0..<1_100).map { "\"f\($0)\":0" }.joined(separator: ",") + "}"

  /// A refusal of `[filler, object]`, at the last `marker` in `object` (and `offset` scalars
  /// on).
  static func refusal(
    _ why: String, _ object: String, _ kind: JSONReadError.Kind, at pointer: String = "/1",
    where marker: String, plus offset: Int = 0
  ) -> Refusal {
    let prefix = "[" + filler + ","
    let range = object.range(of: marker, options: .backwards)
    let before = prefix + String(object[..<(range?.lowerBound ?? object.endIndex)])
    return Refusal(
      why, prefix + object + "]", kind, at: pointer, 1, before.unicodeScalars.count + offset + 1)
  }

  /// A refusal of `[filler, object]` for the duplicate `key`, whose second spelling starts at
  /// the last `second` in `object`.
  static func duplicate(
    _ why: String, _ object: String, _ key: String, at pointer: String = "/1",
    second: String
  ) -> Refusal {
    refusal(why, object, .duplicateKey(key), at: pointer, where: second)
  }

  static let long = String(repeating: "y", count: 60)

  static let refusals: [Refusal] = [
    duplicate("a duplicate of a new key", #"{"n0":0,"zz":1,"zz":2}"#, "zz", second: #""zz":2"#),
    duplicate(
      "an escaped spelling after the plain one", #"{"nq":1,"n\u0071":2}"#, "nq",
      second: #""n\u0071""#),
    duplicate(
      "a plain spelling after the escaped one", #"{"n\u0071":1,"nq":2}"#, "nq",
      second: #""nq""#),
    duplicate(
      "two escaped spellings", #"{"\u006eq":1,"n\u0071":2}"#, "nq", second: #""n\u0071""#),
    duplicate(
      "the Kelvin sign after K, neither interned", "{\"K\":1,\"\u{212A}\":2}", "\u{212A}",
      second: "\"\u{212A}\""),
    duplicate(
      "K after an escaped Kelvin sign", #"{"\u212a":1,"K":2}"#, "K", second: #""K""#),
    duplicate(
      "é decomposed after precomposed, escaped", "{\"\\u00e9x\":1,\"e\u{301}x\":2}",
      "e\u{301}x", second: "\"e\u{301}x\""),
    duplicate(
      "a duplicate long key", "{\"\(long)\":1,\"m\":0,\"\(long)\":2}", long,
      second: "\"\(long)\":2"),
    duplicate(
      "an escaped duplicate among more than 16 new keys (the set path)",
      "{" + (0..<40).map { "\"s\($0)\":0," }.joined() + #""s\u0033":1}"#, "s3",
      second: #""s\u0033""#),
    duplicate(
      "the Kelvin sign among more than 16 new keys",
      "{\"K\":0," + (0..<30).map { "\"t\($0)\":0," }.joined() + "\"\u{212A}\":1}", "\u{212A}",
      second: "\"\u{212A}\""),
    duplicate(
      "a long key among more than 16 new keys",
      "{\"\(long)\":0," + (0..<30).map { "\"u\($0)\":0," }.joined() + "\"\(long)\":1}", long,
      second: "\"\(long)\":1"),
    duplicate(
      "a new key repeated in an object nested in new keys",
      #"{"o\u0031":{"o2":{"o3":[{"d":1,"d":2}]}}}"#, "d", at: "/1/o1/o2/o3/0",
      second: #""d":2"#),
    duplicate(
      "a duplicate after objects of new keys have closed",
      #"{"p1":{"q1":{}},"p2":{"q2":{}},"p\u0031":0}"#, "p1", second: #""p\u0031""#),
    refusal(
      "an error in the value of an escaped new key names it unescaped",
      #"{"a\/b":{"c\u007e":[1,}}"#, .unexpectedCharacter(found: "}", expected: .value),
      at: "/1/a~1b/c~0/1", where: ",}}", plus: 1),
    refusal(
      "an error after closed objects of escaped keys names the open ones",
      #"{"p\u0031":{"q\u0032":{}},"p\u0033":{"q\u0034":x}}"#,
      .unexpectedCharacter(found: "x", expected: .value), at: "/1/p3/q4", where: "x}}"),
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
    }
  }

  /// Keys of every kind past the table: plain, long, non-ASCII, escaped (to ASCII and not),
  /// empty, with `/` and `~`; in one wide object, in objects of one key each, nested.
  static let keys: [String] =
    (0..<1_500).map { "w\($0)" } + [
      "", "a/b", "c~d", "é", "ne\u{301}", "日本", "😀", "tab\there", "quote\"d", "back\\slash",
      "nul\u{0}", String(repeating: "long", count: 30), "\u{212A}",
    ]

  /// The document: the filler, a wide object of ``keys``, an object of one key each, and the
  /// keys nested in one another, written with every key escaped every other time.
  static func document() -> (text: String, keys: [String]) {
    func literal(_ key: String, escaped: Bool) -> String {
      var text = "\""
      for scalar in key.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\t": text += "\\t"
        case "\u{0}": text += "\\u0000"
        default:
          if escaped, scalar.value < 0x10000 {
            text += String(format: "\\u%04x", scalar.value)
          } else {
            text += String(scalar)
          }
        }
      }
      return text + "\""
    }
    let wide = Self.keys.enumerated().map { literal($1, escaped: $0 % 2 == 1) + ":\($0)" }
    let single = Self.keys.enumerated().map { "{" + literal($1, escaped: $0 % 3 == 0) + ":[]}" }
    var nested = "0"
    for key in Self.keys.suffix(13).reversed() {
      nested = "{" + literal(key, escaped: true) + ":" + nested + "}"
    }
    let text =
      "[" + filler + ",{" + wide.joined(separator: ",") + "},[" + single.joined(separator: ",")
      + "]," + nested + "]"
    return (text, Self.keys)
  }

  @Test func keysReadBackExactlyAndInOrder() throws {
    let (text, keys) = Self.document()
    let value = try JSONReader().read(text)
    guard case .array(let elements) = value, elements.count == 4,
      case .object(let wide) = elements[1], case .array(let singles) = elements[2]
    else {
      Issue.record("Not the document's shape: \(value)")
      return
    }
    #expect(wide.keys.map { Array($0.utf8) } == keys.map { Array($0.utf8) })
    #expect(wide.values == keys.indices.map { .integer(Int64($0)) })
    #expect(
      singles.map { element -> [[UInt8]] in
        guard case .object(let object) = element else { return [] }
        return object.keys.map { Array($0.utf8) }
      } == keys.map { [Array($0.utf8)] })
    var nested = elements[3]
    for key in keys.suffix(13) {
      guard case .object(let object) = nested,
        object.keys.map({ Array($0.utf8) }) == [Array(key.utf8)]
      else {
        Issue.record("Not the key \(key): \(nested)")
        return
      }
      nested = object.values[0]
    }
    #expect(nested == .integer(0))
  }

  @Test func keysReadAsFoundationReadsThem() throws {
    let text = Self.document().text
    let ours = try JSONReader().read(text)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(identical(ours, decoded))
    // JSONSerialization's dictionaries: the same keys with the same values.
    let serialized = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
    let wide = serialized?[1] as? [String: Int]
    #expect(wide?.count == Self.keys.count)
    for (index, key) in Self.keys.enumerated() { #expect(wide?[key] == index, "\(key)") }
  }

  @Test func theTapeGivesTheKeysOfFlatShapesToTheDecoders() throws {
    let (text, keys) = Self.document()
    try JSONReader().withTape(of: Data(text.utf8)) { read in
      let tape = try read.get()
      let view = tape.view
      let wide = view.word(ofMember: 1, ofContainerAt: 0)
      #expect(view.tag(at: wide) == .object)
      #expect(view.memberCount(ofContainerAt: wide) == keys.count)
      #expect(view.keys(ofObjectAt: wide).map { Array($0.utf8) } == keys.map { Array($0.utf8) })
      for (index, key) in keys.enumerated() {
        #expect(Array(view.key(index, ofObjectAt: wide).utf8) == Array(key.utf8))
      }
      let singles = view.word(ofMember: 2, ofContainerAt: 0)
      for (index, key) in keys.enumerated() {
        let object = view.word(ofMember: index, ofContainerAt: singles)
        #expect(view.keys(ofObjectAt: object).map { Array($0.utf8) } == [Array(key.utf8)])
      }
    }
  }

  /// A document of one object of 200,000 distinct keys (past any table): read, and a
  /// duplicate at its end refused at its place.
  @Test func oneObjectOfDistinctKeys() throws {
    var text = "{" + (0..<200_000).map { "\"\($0)\":0" }.joined(separator: ",")
    let value = try JSONReader().read(text + "}")
    guard case .object(let object) = value else {
      Issue.record("Not an object")
      return
    }
    #expect(object.keys == (0..<200_000).map { "\($0)" })
    let column = text.utf8.count + 2
    text += #","19\u0039999":1}"#
    do {
      _ = try JSONReader().read(text)
      Issue.record("Accepted a duplicate")
    } catch {
      #expect(error.kind == .duplicateKey("199999"))
      #expect(error.pointer.description == "")
      #expect("\(error.line):\(error.column)" == "1:\(column)")
    }
  }
}
