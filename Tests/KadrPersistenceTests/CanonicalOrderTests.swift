import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrPersistenceCore

/// The built-in clip codecs write their members in canonical key order, so that saving never
/// reorders a clip's payload (reordering copies it; it made saves of long timelines slower).
@Suite("Clip payloads are written in key order")
struct CanonicalOrderTests {
  /// How many objects saving `video` had to reorder.
  static func reorderedObjects(in video: Video, images: InMemoryImageStore) throws -> Int {
    let session = CodingSession(
      registry: .standard, options: CodingOptions(allowingLoss: true), images: images)
    _ = try CodecRegistry.standard.encodeModel(
      video, to: ValueEncoder(session: session, pointer: .root))
    return session.reorderedObjects
  }

  /// The maximal composition with its clips repeated `times` times.
  static func repeated(_ times: Int) -> (Video, InMemoryImageStore) {
    let (video, store) = MaximalComposition.make()
    let clips = Array(repeating: video.clips, count: times).flatMap { $0 }
    return (
      Video(
        clips: clips, audioTracks: video.audioTracks, preset: video.preset,
        overlays: video.overlays, crop: video.crop, quality: video.quality,
        captions: video.captions), store
    )
  }

  @Test func moreClipsOfEveryKindAddNoReordering() throws {
    let (once, store) = Self.repeated(1)
    let (thrice, _) = Self.repeated(3)
    let base = try Self.reorderedObjects(in: once, images: store)
    #expect(try Self.reorderedObjects(in: thrice, images: store) == base)
  }

  @Test func theCounterSeesAnObjectWrittenOutOfOrder() throws {
    // The check above could pass with a counter that never moves: a payload written out of
    // order (as a plugin's codec may) is counted.
    let session = CodingSession(registry: .standard, options: CodingOptions(), images: nil)
    var object = ValueEncoder(session: session, pointer: .root).keyed(by: OrderKey.self)
    try object.encode(2.0, for: .zebra)
    try object.encode(1.0, for: .apple)
    #expect(object.finish() != nil)
    #expect(session.reorderedObjects == 1)
    #expect(String(decoding: session.data(since: 0), as: UTF8.self) == #"{"apple":1,"zebra":2}"#)
  }

  @Test func aFieldListCodecWritesItsFieldsInKeyOrderWhateverTheirListsOrder() throws {
    var registry = CodecRegistry.standard
    try registry.register(clip: BackwardsCodec())
    let session = CodingSession(registry: registry, options: CodingOptions(), images: nil)
    let video = Video(clips: (0..<5).map { Backwards(zebra: Double($0), apple: 1) })
    _ = try registry.encodeModel(video, to: ValueEncoder(session: session, pointer: .root))
    // Listed zebra, middle, apple: written apple, middle, zebra, so no payload is copied aside.
    #expect(session.reorderedObjects == 0)
    let text = String(decoding: session.data(since: 0), as: UTF8.self)
    #expect(text.contains(#"{"_0":{"apple":1,"middle":2,"zebra":4}}"#), "\(text)")
  }
}

private enum OrderKey: String, PayloadKey {
  case apple, zebra
}

/// A clip whose codec lists its fields against key order.
private struct Backwards: Clip {
  var zebra: Double
  var middle: Double = 2
  var apple: Double
  var duration: Time { Time(value: 1, timescale: 1) }
  var note: String?
}

private struct BackwardsCodec: ClipCodec, FieldListCodec {
  enum Key: String, PayloadKey { case zebra, middle, apple }
  var kindID: KindID { "com.test.backwards" }
  let fields: [PayloadField<Backwards, Key>] = [
    PayloadField(.zebra, \.zebra),
    PayloadField(codeOnly: "note", \.note),
    PayloadField(.middle, \.middle),
    PayloadField(.apple, \.apple),
  ]
  func label(for value: Backwards) -> String? { nil }
  func samples() -> CodecSamples<Backwards> {
    CodecSamples(minimal: Backwards(zebra: 0, apple: 0), maximal: [Backwards(zebra: 1, apple: 2)])
  }
}
