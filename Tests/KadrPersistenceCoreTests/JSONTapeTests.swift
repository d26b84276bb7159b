import Foundation
import Testing

@testable import KadrPersistenceCore

/// The tape the reader writes and the decoders read: what it holds must be what the document
/// says, by Foundation's reading as much as by ours, whatever order a decoder reads it in.
@Suite("JSON tape")
struct JSONTapeTests {
  /// Documents whose objects follow the shape read before them, then leave it (another order,
  /// a key missing, one more key, an escaped spelling): read as Foundation reads them.
  @Test(arguments: [
    #"[{"a":1,"b":2},{"b":1,"a":2}]"#,
    #"[{"a":1,"b":2},{"a":1}]"#,
    #"[{"a":1,"b":2},{"a":1,"b":2,"c":3}]"#,
    #"[{"a":1,"b":2},{"\u0061":1,"b":2},{"a":3,"b":4}]"#,
    #"[{"ab":1},{"a":1},{"abc":1},{"a\"b":2}]"#,
    #"{"x":{"t":1,"v":2},"y":[{"t":1,"v":2},{"v":3,"t":4},{"t":5}],"z":{"t":6,"v":7}}"#,
    #"[{"a":{"b":{"c":1}}},{"a":{"b":{"c":2,"d":3}}},{"a":{"b":{}}},{"a":[]}]"#,
  ])
  func objectsLeavingAPredictedShapeReadAsFoundationReadsThem(_ text: String) throws {
    let ours = try JSONReader().read(text)
    let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(identical(ours, foundation), "\(ours) ≠ \(foundation)")
  }

  /// Every kind of word: small and wide integers at the payload's bounds, integral and other
  /// doubles, `-0.0`, empty, plain, escaped and long strings, empty and nested containers.
  static let everyKind: JSONValue = [
    nil, true, false, .integer(0), .integer(134_217_727), .integer(-134_217_728),
    .integer(134_217_728), .integer(-134_217_729), .integer(.max), .integer(.min),
    .number(1), .number(134_217_727), .number(134_217_728), .number(-134_217_728), .number(-0.0),
    .number(0.5), .number(1e300), .number(-1e-300), "", "plain", "esc\"aped\n\u{0}",
    .string(String(repeating: "long ", count: 3_000)), "é日😀", [], [:], [[[]]],
    ["k": [1, "two", ["three": 3.5]], "": nil, "e\u{301}": [[:], []]],
  ]

  @Test func theTapeOfEveryKindOfValueReadsBackAsTheTree() throws {
    let bytes = try JSONWriter().writeData(Self.everyKind)
    let read = try JSONReader().read(bytes)
    #expect(identical(read, expectedAfterRoundTrip(Self.everyKind)))
    // A tape made from the tree (as a decoder of a given value reads) holds the same.
    #expect(identical(JSONTape(Self.everyKind).value(at: 0), Self.everyKind))
  }

  /// Decoders step over the values before the one they read; reading elements backwards (each
  /// a walk from the first) and forwards (a step from the last) gives the same values.
  @Test(arguments: [1, 2, 3, 4, 5])
  func decodersReadArraysInAnyOrder(seed: UInt64) throws {
    var generator = JSONTreeGenerator(seed: seed)
    let elements = (0..<40).map { _ in generator.value(depth: 3) }
    let tree = JSONValue.array(elements)
    let bytes = try JSONWriter().writeData(tree)
    let expected = expectedAfterRoundTrip(tree)
    guard case .array(let expectedElements) = expected else {
      Issue.record("Not an array")
      return
    }
    let session = CodingSession(
      registry: CodecRegistry(), options: CodingOptions(), images: nil)
    try JSONReader().withTape(of: bytes) { read in
      let tape = try read.get()
      try ValueDecoder.withRoot(session: session, tape: tape, pointer: .root) { root in
        let decoders = try root.elements()
        #expect(decoders.count == expectedElements.count)
        for index in decoders.indices.reversed() {
          #expect(identical(decoders[index].json, expectedElements[index]))
        }
        for index in decoders.indices {
          let decoder = decoders[index]
          let element = expectedElements[index]
          #expect(identical(decoder.json, element))
          switch element {
          case .string(let text): #expect(try decoder.string() == text)
          case .integer(let integer): #expect(try decoder.int64() == integer)
          case .number(let number): #expect(try decoder.double().bitPattern == number.bitPattern)
          case .bool(let flag): #expect(try decoder.bool() == flag)
          case .array(let nested): #expect(try decoder.elements().count == nested.count)
          case .null, .object: break
          }
        }
      }
    }
  }

  /// Long arrays keep their element count; the count must be what stepping over the elements
  /// finds, at the threshold and around it, nested or not, and for a tape made from a tree
  /// (which keeps none).
  @Test(arguments: [0, 1, 255, 256, 257, 1_000])
  func longArraysCountTheirElementsAsSteppingDoes(count: Int) throws {
    let inner = JSONValue.array((0..<count).map { .integer(Int64($0)) })
    let tree: JSONValue = [inner, ["a": inner], [inner, [inner]], .array([inner, "x"])]
    let bytes = try JSONWriter().writeData(tree)
    try JSONReader().withTape(of: bytes) { result in
      let read = try result.get()
      for tape in [read, JSONTape(tree)] {
        let view = tape.view
        var index = 0
        while index < view.count {
          let tag = view.tag(at: index)
          if tag == .array {
            var stepped = 0
            var member = index + 1
            while member < index + view.span(at: index) {
              stepped += 1
              member += view.span(at: member)
            }
            #expect(view.memberCount(ofContainerAt: index) == stepped, "array at \(index)")
          }
          // Into a container (past its first word, and an object's shape), over a scalar.
          index += tag == .array ? 1 : tag == .object ? 2 : view.span(at: index)
        }
        #expect(identical(tape.value(at: 0), tree))
      }
    }
  }
}
