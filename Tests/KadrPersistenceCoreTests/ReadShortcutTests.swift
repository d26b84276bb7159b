import Foundation
import KadrModel
import Testing

@testable import KadrPersistenceCore

// An open takes shortcuts: a payload's keys are checked through a table of its key type's cases
// (found by their tags), and an object's shape, once checked, is remembered on the tape for the
// next object of that shape. These tests hold each shortcut to what the long way reads or refuses.

/// A finish, written as a string.
/// An enumeration that lists its cases out of their order: its tags are not their positions.
private enum Reordered: String, CaseIterable {
  case first, second
  static let allCases: [Reordered] = [.second, .first]
}

/// A type of two bytes whose values are listed as cases.
private struct Int16Cases: CaseIterable {
  let value: Int16
  static let allCases = [Int16Cases(value: 0), Int16Cases(value: 1)]
}

private enum Finish: String, CaseIterable, Sendable {
  case matte
  case gloss
  /// A raw value with a character that has two spellings (precomposed and decomposed).
  case eggshell = "\u{E9}mail"
}

/// A clip with a time, a finish and a colour.
private struct Swatch: Clip {
  var at: Time
  var finish: Finish
  var color: Int
  var duration: Time { .zero }
}

private struct SwatchCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case at, color, finish

    /// Accepts the British spelling of `color` too, as a plugin's key type may.
    init?(rawValue: String) {
      switch rawValue {
      case "at": self = .at
      case "color", "colour": self = .color
      case "finish": self = .finish
      default: return nil
      }
    }
  }

  var kindID: KindID { "com.example.swatch" }

  func encode(_ value: Swatch, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.at, for: .at)
    try payload.encode(value.color, for: .color)
    try payload.encode(value.finish.rawValue, for: .finish)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Swatch {
    Swatch(
      at: try payload.decode(Time.self, for: .at),
      finish: try payload.valueDecoder(for: .finish).enumeration(Finish.self, field: "finish"),
      color: try payload.decode(Int.self, for: .color))
  }

  func samples() -> CodecSamples<Swatch> {
    CodecSamples(minimal: Swatch(at: .zero, finish: .matte, color: 0), maximal: [])
  }
}

private func swatch(at: String = #"{"timescale":600,"value":60}"#, finish: String = #""gloss""#)
  -> String
{
  #"{"com.example.swatch":{"_0":{"at":\#(at),"color":7,"finish":\#(finish)}}}"#
}

private func open(_ clips: [String]) throws -> [Swatch] {
  var registry = try Toy.registry()
  try registry.register(clip: SwatchCodec())
  let bytes = Toy.bytes(
    #"{"schema":1,"video":{"clips":[\#(clips.joined(separator: ","))],"name":"r"}}"#)
  return try DocumentCoder(registry: registry).decode(ToyReel.self, from: bytes).root.clips
    .compactMap { $0 as? Swatch }
}

private func refusal(_ clips: [String]) throws -> PersistenceError {
  try #require(throws: PersistenceError.self) { _ = try open(clips) }
}

@Suite("Read shortcuts: the same values and refusals as the long way")
struct ReadShortcutTests {
  @Test func timesAfterTheFirstReadThroughTheRememberedShapeAsTheFirst() throws {
    // The first time's shape is checked in full; the others are read through the shape the
    // tape remembers, in either key order.
    let opened = try open([
      swatch(), swatch(at: #"{"value":-5,"timescale":30}"#),
      swatch(at: #"{"timescale":1,"value":9007199254740993}"#),
    ])
    #expect(
      opened.map(\.at) == [
        Time(value: 60, timescale: 600), Time(value: -5, timescale: 30),
        Time(value: 9_007_199_254_740_993, timescale: 1),
      ])
  }

  @Test(arguments: [
    (#"{"timescale":0,"value":1}"#, "integerOutOfRange", "/timescale"),
    (#"{"timescale":4294967296,"value":1}"#, "integerOutOfRange", "/timescale"),
    (#"{"timescale":600,"value":1.5}"#, "wrongType", "/value"),
    (#"{"timescale":600}"#, "missingField", ""),
    (#"{"timescale":600,"value":1,"epoch":0}"#, "unknownField", "/epoch"),
  ])
  func aMalformedTimeAfterAWellFormedOneIsRefusedAsBefore(
    _ time: String, _ reason: String, _ inside: String
  ) throws {
    // After a well-formed time of the same key type, so that its remembered shape is tried.
    let error = try refusal([swatch(), swatch(at: time)])
    let found = error.reason.map { "\($0)" } ?? "none"
    #expect(found.hasPrefix(reason), "\(found)")
    #expect(error.pointer?.description == "/video/clips/1/com.example.swatch/_0/at\(inside)")
  }

  @Test func anEnumerationReadsThePlainEscapedAndOtherSpellingsOfItsValues() throws {
    let opened = try open([
      swatch(finish: #""gloss""#), swatch(finish: #""\u0067loss""#),
      swatch(finish: #""\u00e9mail""#),
      // The decomposed spelling: other bytes, the same `String` (canonical equivalence).
      swatch(finish: "\"e\u{301}mail\""), swatch(finish: #""e\u0301mail""#),
      swatch(finish: #""matte""#),
    ])
    #expect(opened.map(\.finish) == [.gloss, .gloss, .eggshell, .eggshell, .eggshell, .matte])
  }

  @Test func anUnknownValueIsRefusedWithTheAllowedOnes() throws {
    let error = try refusal([swatch(), swatch(finish: #""glos""#)])
    guard case .unknownEnumValue(let value, let field, let allowed) = error.reason else {
      Issue.record("\(error.reason)")
      return
    }
    #expect(value == "glos")
    #expect(field == "finish")
    #expect(allowed == Finish.allCases.map(\.rawValue))
    #expect(error.pointer?.description == "/video/clips/1/com.example.swatch/_0/finish")
  }

  @Test func aKeyTypeThatAcceptsAnotherSpellingOfAKeyStillDoes() throws {
    let british =
      #"{"com.example.swatch":{"_0":{"at":{"timescale":1,"value":1},"colour":3,"finish":"matte"}}}"#
    let opened = try open([swatch(), british])
    #expect(opened.map(\.color) == [7, 3])
    let error = try refusal([british.replacingOccurrences(of: "colour", with: "hue")])
    #expect(unknownKey(error) == "hue")
    if case .unknownField(_, let known) = error.reason {
      #expect(known == ["at", "color", "finish"])
    }
  }

  @Test func keysAreFoundByTagOnlyWhenTheTagsAreTheCasesPositions() {
    #expect(PlainEnum.caseCount(of: Finish.self) == 3)
    #expect(PlainEnum.tag(of: Finish.gloss) == 1)
    // Cases whose tags are not their positions, or values of two bytes, are never found by tag.
    #expect(PlainEnum.caseCount(of: Reordered.self) == nil)
    #expect(PlainEnum.caseCount(of: Int16Cases.self) == nil)
  }
}

private func unknownKey(_ error: PersistenceError) -> String? {
  guard case .unknownField(let key, _) = error.reason else { return nil }
  return key
}
