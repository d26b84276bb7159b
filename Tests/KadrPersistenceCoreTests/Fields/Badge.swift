import Foundation
import KadrModel
import KadrPersistenceCore

/// A model with every shape of field a ``FieldListCodec`` handles: a `String` enum, an `Int`
/// enum, a raw-value type that is not `CaseIterable`, optionals of each, a persistable value
/// that is also `RawRepresentable` (`ClipID`), and a closure.
struct Badge: Sendable {
  enum Shape: String, Sendable, CaseIterable {
    case circle, square
  }

  enum Level: Int, Sendable, CaseIterable {
    case bronze = 1
    case silver = 2
    case gold = 3
  }

  /// A colour written `0xrrggbb`: any such string, so it cannot list its values.
  struct Tint: RawRepresentable, Sendable {
    let rawValue: String
    init?(rawValue: String) {
      guard rawValue.count == 8, rawValue.hasPrefix("0x") else { return nil }
      self.rawValue = rawValue
    }
  }

  var title: String
  var shape: Shape
  var level: Level
  var tint: Tint
  var border: Shape?
  var rank: Level?
  var glow: Tint?
  var note: String?
  var id: ClipID
  var link: ClipID?
  var onTap: (@Sendable () -> Void)?

  static let minimal = Badge(
    title: "", shape: .circle, level: .bronze, tint: Tint(rawValue: "0x000000")!, border: nil,
    rank: nil, glow: nil, note: nil, id: "badge", link: nil, onTap: nil)

  static let maximal = Badge(
    title: "Champion", shape: .square, level: .gold, tint: Tint(rawValue: "0xff8800")!,
    border: .circle, rank: .silver, glow: Tint(rawValue: "0xffffff")!, note: "first",
    id: "champion", link: "next", onTap: {})
}

/// The badge written by hand, one call per field each way.
struct HandWrittenBadgeCodec: ModelCodec {
  enum Key: String, PayloadKey {
    case title, shape, level, tint, border, rank, glow, note, id, link
  }

  var kindID: KindID { "badge" }
  var notEncoded: [NotEncodedField] { [NotEncodedField("onTap", reason: "code; reported as loss")] }

  func encode(_ value: Badge, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.title, for: .title)
    try payload.encode(value.shape, for: .shape)
    try payload.encode(value.level, for: .level)
    try payload.encode(value.tint, for: .tint)
    try payload.encodeIfPresent(value.border, for: .border)
    try payload.encodeIfPresent(value.rank, for: .rank)
    try payload.encodeIfPresent(value.glow, for: .glow)
    try payload.encodeIfPresent(value.note, for: .note)
    try payload.encode(value.id, for: .id)
    try payload.encodeIfPresent(value.link, for: .link)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Badge {
    Badge(
      title: try payload.decode(String.self, for: .title),
      shape: try payload.decode(Badge.Shape.self, for: .shape),
      level: try payload.decode(Badge.Level.self, for: .level),
      tint: try payload.decode(Badge.Tint.self, for: .tint),
      border: try payload.decodeIfPresent(Badge.Shape.self, for: .border),
      rank: try payload.decodeIfPresent(Badge.Level.self, for: .rank),
      glow: try payload.decodeIfPresent(Badge.Tint.self, for: .glow),
      note: try payload.decodeIfPresent(String.self, for: .note),
      id: try payload.decode(ClipID.self, for: .id),
      link: try payload.decodeIfPresent(ClipID.self, for: .link))
  }

  func losses(in value: Badge) -> [LossFinding] {
    value.onTap == nil ? [] : [LossFinding(.codeOnlyField("onTap"))]
  }

  func samples() -> CodecSamples<Badge> {
    CodecSamples(minimal: .minimal, maximal: .maximal)
  }
}

enum Badges {
  /// A coder whose registry holds `codec` for badges.
  static func coder(_ codec: some ModelCodec<Badge>) throws -> DocumentCoder {
    var registry = CodecRegistry.empty
    try registry.register(model: codec)
    return DocumentCoder(registry: registry, options: CodingOptions(allowingLoss: true))
  }

  /// The text of `badge` saved with `codec`.
  static func text(_ badge: Badge, _ codec: some ModelCodec<Badge>) throws -> String {
    String(decoding: try coder(codec).encode(badge).bytes, as: UTF8.self)
  }

  /// A document holding `payload` (a JSON object's members) as its badge.
  static func document(_ payload: String) -> Data {
    Data(#"{"schema":1,"video":{\#(payload)}}"#.utf8)
  }
}
