import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// Three numbers, each of which its codec reports a loss for while writing it.
struct LossyTriple: Sendable {
  var a = 1.0
  var b = 2.0
  var c = 3.0
}

/// Writes a ``LossyTriple``'s members in `order`, each reporting a loss named after its key; a key
/// listed twice is written twice, the second time with `10 ×` the value.
struct LossyTripleCodec: ModelCodec {
  enum Key: String, PayloadKey { case a, b, c }

  var order: [Key] = [.a, .b, .c]
  /// Keys whose value is left out after its loss is reported.
  var omitting: Set<Key> = []
  var kindID: KindID { "triple" }

  func encode(_ value: LossyTriple, to payload: inout KeyedEncoder<Key>) throws {
    payload.reportLoss(.other("before the members"))
    var seen: Set<Key> = []
    for key in order {
      let number = [Key.a: value.a, .b: value.b, .c: value.c][key]! * (seen.contains(key) ? 10 : 1)
      let note = seen.contains(key) ? "\(key.rawValue) again" : key.rawValue
      seen.insert(key)
      let omit = omitting.contains(key)
      try payload.encode(for: key) { encoder throws in
        encoder.reportLoss(.other(note))
        return omit ? nil : try encoder.number(number)
      }
    }
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> LossyTriple {
    LossyTriple(
      a: try payload.decode(Double.self, for: .a), b: try payload.decode(Double.self, for: .b),
      c: try payload.decode(Double.self, for: .c))
  }

  func samples() -> CodecSamples<LossyTriple> {
    CodecSamples(minimal: LossyTriple(), maximal: LossyTriple())
  }
}

/// The encoder puts an object's members in canonical key order whatever order a codec wrote
/// them in; the losses they reported follow them, so a loss report does not depend on that
/// order either.
@Suite("Losses follow their members into canonical order")
struct MemberOrderLossTests {
  func save(_ codec: LossyTripleCodec) throws -> (text: String, losses: [String]) {
    var registry = CodecRegistry.empty
    try registry.register(model: codec)
    let coder = DocumentCoder(registry: registry, options: CodingOptions(allowingLoss: true))
    let saved = try coder.encode(LossyTriple())
    let described = { (report: LossReport) in
      report.losses.map { loss -> String in
        guard case .other(let note) = loss.kind else { return "\(loss.kind)" }
        return "\(loss.pointer) \(note)"
      }
    }
    let losses = described(saved.lossReport)
    // The tree a loss report or an export builds, and the report alone, order them the same.
    #expect(described(try coder.encodeJSON(LossyTriple()).report) == losses)
    #expect(described(try coder.lossReport(for: LossyTriple())) == losses)
    return (String(decoding: saved.bytes, as: UTF8.self), losses)
  }

  static let orders: [[LossyTripleCodec.Key]] = [
    [.a, .b, .c], [.a, .c, .b], [.b, .a, .c], [.b, .c, .a], [.c, .a, .b], [.c, .b, .a],
  ]

  @Test(arguments: orders)
  func anyOrderOfMembersGivesTheSameBytesAndLosses(order: [LossyTripleCodec.Key]) throws {
    let saved = try save(LossyTripleCodec(order: order))
    #expect(saved.text.contains(#""video":{"a":1,"b":2,"c":3}"#), "\(saved.text)")
    #expect(
      saved.losses == [
        "/video before the members", "/video/a a", "/video/b b", "/video/c c",
      ])
  }

  /// A member left out after reporting a loss writes nothing, and its loss still takes its key's
  /// place.
  @Test(arguments: orders)
  func aMemberLeftOutKeepsItsLossInKeyOrder(order: [LossyTripleCodec.Key]) throws {
    let saved = try save(LossyTripleCodec(order: order, omitting: [.b]))
    #expect(saved.text.contains(#""video":{"a":1,"c":3}"#), "\(saved.text)")
    #expect(
      saved.losses == [
        "/video before the members", "/video/a a", "/video/b b", "/video/c c",
      ])
  }

  @Test func aMemberWrittenAgainReplacesTheFirstAndItsLosses() throws {
    let saved = try save(LossyTripleCodec(order: [.b, .a, .c, .a]))
    #expect(saved.text.contains(#""video":{"a":10,"b":2,"c":3}"#), "\(saved.text)")
    #expect(
      saved.losses == [
        "/video before the members", "/video/a a again", "/video/b b", "/video/c c",
      ])
  }

  /// Past a handful of members the order is found by a sort of keys and positions (an insertion
  /// sort would be quadratic in a codec that writes one key again and again).
  @Test func manyMembersKeepTheLastOfEachKeyInOrder() throws {
    let order = Array(repeating: [LossyTripleCodec.Key.c, .b, .a], count: 200).flatMap { $0 }
    let saved = try save(LossyTripleCodec(order: order))
    #expect(saved.text.contains(#""video":{"a":10,"b":20,"c":30}"#), "\(saved.text)")
    #expect(
      saved.losses == [
        "/video before the members", "/video/a a again", "/video/b b again", "/video/c c again",
      ])
  }
}
