import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// A model of the original package's reader: `JSONDecoder` over schema 1, which refuses a
/// schema newer than 1 (FORMAT.md, "Envelope"), skips keys it does not know and refuses a value
/// of another type than its field's.
private struct SeedDocument: Decodable {
  /// The original reader's refusal of a newer schema.
  struct NewerSchema: Error {}
  struct Composition: Decodable {
    let preset: Preset
  }
  struct Preset: Decodable {
    enum Kind: String, Decodable {
      case auto, reelsAndShorts, tiktok, square, cinema, custom
    }
    let kind: Kind
    let width: Int?
    let height: Int?
    let frameRate: Int?
  }
  let schema: Int
  let video: Composition

  enum CodingKeys: String, CodingKey { case schema, video }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schema = try container.decode(Int.self, forKey: .schema)
    guard schema <= 1 else { throw NewerSchema() }
    video = try container.decode(Composition.self, forKey: .video)
  }
}

@Suite("What earlier readers do with the professional facts")
struct SeedReaderTests {
  let coder = DocumentCoder(registry: .standard)

  @Test func theSeedRefusesAnExactRateInsteadOfReadingAnother() throws {
    let video = Video(clips: []).preset(
      .custom(width: 1920, height: 1080, rate: .ntsc24, codec: .h264))
    let bytes = try coder.encode(video).bytes
    #expect(throws: SeedDocument.NewerSchema.self) {
      try JSONDecoder().decode(SeedDocument.self, from: bytes)
    }
    // A whole rate is still the seed's integer.
    let whole = try coder.encode(
      Video(clips: []).preset(.custom(width: 1920, height: 1080, rate: .fps50, codec: .h264)))
    #expect(
      try JSONDecoder().decode(SeedDocument.self, from: whole.bytes).video.preset.frameRate == 50)
  }

  /// Versions 0.3.0 and earlier refuse a member a payload does not have; the rule is in the
  /// core's keyed decoder, unchanged since: a key this version does not know stands in for the
  /// new keys there.
  @Test func anUnknownMemberIsRefusedByName() throws {
    let document =
      #"{"schema":1,"video":{"audioTracks":[],"captions":[],"chapters":[],"clips":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}}"#
    let error = #expect(throws: PersistenceError.self) {
      try coder.decode(Video.self, from: Data(document.utf8))
    }
    #expect(error?.pointer?.description == "/video/chapters")
  }

  /// Every fact the original reader would skip unseen (a name, a role, a marker, a start
  /// timecode, an exact speed) makes the document schema 2, which it refuses as newer: it never
  /// opens such a document without them. A document without them it reads as before.
  @Test func theSeedRefusesEveryDocumentWithAFactItWouldSkip() throws {
    let title = TitleSequence("t", duration: 1)
    let documents = [
      Video(clips: [title.named("Opening")]), Video(clips: [title.role(.titles)]),
      Video(clips: [title.marker(Marker("m", at: .zero))]),
      Video(clips: [title]).marker(Marker("m", at: .zero)),
      Video(clips: [title]).startTimecode(
        try SMPTETimecode(parsing: "01:00:00:00", rate: .fps25)),
      Video(clips: [
        VideoClip(url: URL(fileURLWithPath: "/m.mov")).speed(numerator: 1001, denominator: 1000)
      ]),
    ]
    for video in documents {
      let bytes = try coder.encode(video).bytes
      #expect(throws: SeedDocument.NewerSchema.self) {
        try JSONDecoder().decode(SeedDocument.self, from: bytes)
      }
      // And 0.3.0, which knew schema 1 only, refuses it the same way.
      #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"schema":2,"#))
    }
    let plain = try coder.encode(Video(clips: [title])).bytes
    #expect(try JSONDecoder().decode(SeedDocument.self, from: plain).schema == 1)
  }
}
