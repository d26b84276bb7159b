import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@Suite("Raw values in one call")
struct RawValueTests {
  @Test func enumsAndRawValueTypesAreWrittenAsTheirRawValues() throws {
    let text = try Badges.text(.maximal, HandWrittenBadgeCodec())
    #expect(
      text
        == #"{"schema":1,"video":{"border":"circle","glow":"0xffffff","id":"champion","level":3,"link":"next","note":"first","rank":2,"shape":"square","tint":"0xff8800","title":"Champion"}}"#
    )
  }

  @Test func theyReadBackAsTheyWere() throws {
    let coder = try Badges.coder(HandWrittenBadgeCodec())
    for badge in [Badge.minimal, Badge.maximal] {
      let reopened = try coder.decode(Badge.self, from: coder.encode(badge).bytes).root
      #expect(ReflectionDiff.differences(badge, reopened, ignoring: ["onTap"]) == [])
    }
  }

  @Test func absentOptionalsAreOmittedAndReadAsNil() throws {
    let text = try Badges.text(.minimal, HandWrittenBadgeCodec())
    #expect(
      text
        == #"{"schema":1,"video":{"id":"badge","level":1,"shape":"circle","tint":"0x000000","title":""}}"#
    )
  }

  /// An unknown raw value, with the pointer, field and allowed values `enumeration(_:field:)`
  /// gives; a type that is not `CaseIterable` has no list to give.
  @Test(arguments: [
    (#""shape":"hexagon""#, "/video/shape", "hexagon", "shape", ["circle", "square"]),
    (#""shape":"circle","level":7"#, "/video/level", "7", "level", ["1", "2", "3"]),
    (
      #""shape":"circle","border":"star""#, "/video/border", "star", "border", ["circle", "square"]
    ),
    (#""shape":"circle","tint":"red""#, "/video/tint", "red", "tint", []),
  ])
  func anUnknownRawValueIsRefused(
    members: String, pointer: String, value: String, field: String, allowed: [String]
  ) throws {
    let base = [#""id":"b""#, #""level":1"#, #""tint":"0x000000""#, #""title":"""#]
    var object: [String: String] = [:]
    for member in base + members.split(separator: ",").map(String.init) {
      object[String(member.split(separator: ":")[0])] = member
    }
    let payload = object.keys.sorted().compactMap { object[$0] }.joined(separator: ",")
    let error = try #require(throws: PersistenceError.self) {
      try Badges.coder(HandWrittenBadgeCodec()).decode(Badge.self, from: Badges.document(payload))
    }
    #expect(error.reason == .unknownEnumValue(value, field: field, allowed: allowed))
    #expect(error.pointer?.description == pointer)
    if allowed.isEmpty {
      #expect(error.recoverySuggestion?.contains("Use one of") == false)
    } else {
      #expect(error.recoverySuggestion == "Use one of: \(allowed.joined(separator: ", ")).")
    }
  }

  /// A case is matched in the document's bytes, once unescaped: `"squ\u0061re"` is `square`;
  /// a number where text belongs is refused as such, not as an unknown case.
  @Test func aCaseIsMatchedInTheUnescapedBytes() throws {
    let coder = try Badges.coder(HandWrittenBadgeCodec())
    let escaped = #""id":"b","level":1,"shape":"squ\u0061re","tint":"0x000000","title":"""#
    let badge = try coder.decode(Badge.self, from: Badges.document(escaped)).root
    #expect(badge.shape == .square)
    let number = #""id":"b","level":1,"shape":2,"tint":"0x000000","title":"""#
    let error = try #require(throws: PersistenceError.self) {
      try coder.decode(Badge.self, from: Badges.document(number))
    }
    #expect(error.pointer?.description == "/video/shape")
    if case .unknownEnumValue = error.reason { Issue.record("\(error.reason)") }
  }
}

/// A text enumeration that is also a `PersistableValue` of its own: reading one under a key
/// must pick its `PersistableValue` form, with no ambiguity between the overloads (this file
/// does not compile otherwise).
enum ShoutedFace: String, CaseIterable, PersistableValue {
  case smile, frown

  func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    try rawValue.uppercased().encodePersisted(to: encoder)
  }

  static func decodePersisted(from decoder: ValueDecoder) throws -> ShoutedFace {
    ShoutedFace(rawValue: try String.decodePersisted(from: decoder).lowercased()) ?? .smile
  }

  static func read<Key: PayloadKey>(_ object: KeyedDecoder<Key>, _ key: Key) throws -> ShoutedFace {
    try object.decode(ShoutedFace.self, for: key)
  }
}
