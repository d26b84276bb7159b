import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// A model of the original package's reader: `JSONDecoder` over schema 1, which skips keys it
/// does not know and refuses a value of another type than its field's.
private struct SeedDocument: Decodable {
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
}

@Suite("What earlier readers do with the professional facts")
struct SeedReaderTests {
  let coder = DocumentCoder(registry: .standard)

  @Test func theSeedRefusesAnExactRateInsteadOfReadingAnother() throws {
    let video = Video(clips: []).preset(
      .custom(width: 1920, height: 1080, rate: .ntsc24, codec: .h264))
    let bytes = try coder.encode(video).bytes
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SeedDocument.self, from: bytes) }
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
}
