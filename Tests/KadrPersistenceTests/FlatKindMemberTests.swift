import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

/// A plugin text animation whose payload has a key before `kind` and one after it.
private struct Swing: TextAnimation, Equatable {
  var amplitude: Double
  var zigzag: Int
}

/// Writes ``Swing`` under a kind identifier that JSON must escape.
private struct SwingCodec: TextAnimationCodec {
  enum Key: String, PayloadKey { case amplitude, zigzag }

  let kindID: KindID

  func encode(_ value: Swing, to payload: inout KeyedEncoder<Key>) throws {
    // Written out of order on purpose: the encoder puts `kind` between them.
    try payload.encode(value.zigzag, for: .zigzag)
    try payload.encode(value.amplitude, for: .amplitude)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Swing {
    Swing(
      amplitude: try payload.decode(Double.self, for: .amplitude),
      zigzag: try payload.decode(Int.self, for: .zigzag))
  }

  func samples() -> CodecSamples<Swing> {
    CodecSamples(minimal: Swing(amplitude: 0, zigzag: 0), maximal: [Swing(amplitude: 2, zigzag: 3)])
  }
}

/// The `"kind":"<kindID>"` member the registry adds to a flat payload is written from bytes made
/// once per codec (`LeadingMember`): they must spell the identifier as `JSONEncoder` does,
/// escapes included, in key order among the codec's own members.
@Suite("A flat kind's kind member")
struct FlatKindMemberTests {
  static let kindIDs: [String] = [
    "swing", #"sw"ing"#, "sw\\ing", "swïng/≈", "com.example.swing.v2",
  ]

  @Test(arguments: kindIDs)
  func isWrittenEscapedAndInKeyOrder(_ kindID: String) throws {
    var registry = CodecRegistry.standard
    try registry.register(textAnimation: SwingCodec(kindID: KindID(kindID)))
    let animation = Swing(amplitude: 1.5, zigzag: 4)
    let video = Video(clips: [TitleSequence("t", duration: 1)])
      .overlay(TextOverlay(text: "hi", layerID: "title", textAnimation: animation))
    let coder = KadrCoder(registry: registry)
    let bytes = try coder.data(for: video)
    let text = try #require(String(data: bytes, encoding: .utf8))

    // Schema 1 spells strings as `JSONEncoder` does.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let escaped = try #require(String(data: encoder.encode(kindID), encoding: .utf8))
    let expected = #"{"amplitude":1.5,"kind":"# + escaped + #","zigzag":4}"#
    #expect(text.contains(expected), "\(text)")

    let reopened = try coder.video(from: bytes)
    let overlay = try #require(reopened.overlays.first as? TextOverlay)
    #expect(overlay.textAnimation as? Swing == animation)
    #expect(try coder.data(for: reopened) == bytes)
  }
}
