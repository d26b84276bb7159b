import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Image clip codec")
struct ImageClipCodecTests {
  /// The fixture's image clip, copied from `schema-1-broad.json`.
  static let fixture =
    #"{"image":{"_0":{"clipID":"photo","duration":{"timescale":30,"value":60},"imageToken":"file:fixture-pixel.png"}}}"#

  @Test func resavesTheFixtureClipByteForByteWithAStore() throws {
    let registry = try MediaCodecs.registry()
    let store = MediaCodecs.fixtureStore()
    let clip = try registry.decodeClip(from: MediaCodecs.read(Self.fixture), images: store)
    let image = try #require(clip as? ImageClip)
    #expect(image.image === MediaCodecs.fixturePixel)
    #expect(image.clipID == "photo")
    #expect(try MediaCodecs.write(registry.encode(clip: clip, images: store).json) == Self.fixture)
  }

  @Test func resavesTheFixtureClipUnchangedThroughAStoreOfUnresolvedTokens() throws {
    let registry = try MediaCodecs.registry()
    let store = UnresolvedImageStore()
    let resaved = try MediaCodecs.resaveClip(Self.fixture, registry: registry, images: store)
    #expect(resaved == Self.fixture)
    #expect(store.unresolvedTokens == ["file:fixture-pixel.png"])
  }

  @Test func opensWithoutAStoreButCannotSaveThePlaceholderWithoutOne() throws {
    let registry = try MediaCodecs.registry()
    let clip = try registry.decodeClip(
      from: MediaCodecs.read(Self.fixture), images: UnresolvedImageStore())
    let image = try #require(clip as? ImageClip)
    #expect(image.image.pixelWidth == 1)
    MediaCodecs.expectRefusal("lossyContent", at: "") {
      _ = try registry.encode(clip: clip)
    }
  }

  @Test func roundTripsTheMaximalSampleByReflection() throws {
    let registry = try MediaCodecs.registry()
    let store = InMemoryImageStore()
    for sample in [ImageClipCodec().samples().minimal] + ImageClipCodec().samples().maximal {
      let encoded = try registry.encode(clip: sample, images: store)
      let json = try #require(encoded.json)
      let bytes = try JSONWriter().writeData(json)
      let decoded = try registry.decodeClip(from: JSONReader().read(bytes), images: store)
      #expect(ReflectionDiff.differences(sample, decoded).isEmpty)
      #expect(encoded.lossReport.isLossless)
    }
  }

  @Test func writesOptionalFieldsOnlyWhenSet() throws {
    let registry = try MediaCodecs.registry()
    let store = InMemoryImageStore()
    store.insert(MediaCodecs.fixturePixel, token: "memory:pixel")
    let clip = ImageClip(
      image: MediaCodecs.fixturePixel, duration: Time(value: 3, timescale: 1),
      backgroundColor: .red, audioURL: URL(string: "https://example.com/a.m4a"))
    let text = try MediaCodecs.write(registry.encode(clip: clip, images: store).json)
    #expect(
      text
        == #"{"image":{"_0":{"audioURL":"https:\/\/example.com\/a.m4a","backgroundColor":{"alpha":1,"blue":0,"green":0,"red":1},"duration":{"timescale":1,"value":3},"imageToken":"memory:pixel"}}}"#
    )
  }

  /// A still's name is written only when set, after its token, and makes the document schema 2
  /// (schema-1 readers refuse it instead of skipping the name); a document whose stills have no
  /// name stays schema 1, byte for byte.
  @Test func aNameIsWrittenOnlyWhenSetAndOnlyThenAsksForSchemaTwo() throws {
    let store = MediaCodecs.fixtureStore()
    let plain = ImageClip(
      image: MediaCodecs.fixturePixel, duration: Time(value: 60, timescale: 30), clipID: "photo")
    let named = plain.named("Beach at dawn")
    let coder = KadrCoder()

    let plainText = String(
      decoding: try coder.data(for: Video(clips: [plain]), images: store), as: UTF8.self)
    #expect(plainText.hasPrefix(#"{"schema":1,"video":{"#))
    #expect(plainText.contains(Self.fixture), "\(plainText)")
    #expect(!plainText.contains(#""name""#))

    let video = Video(clips: [named])
    let namedData = try coder.data(for: video, images: store)
    let namedText = String(decoding: namedData, as: UTF8.self)
    #expect(namedText.hasPrefix(#"{"schema":2,"video":{"#))
    #expect(
      namedText.contains(
        #"{"image":{"_0":{"clipID":"photo","duration":{"timescale":30,"value":60},"imageToken":"file:fixture-pixel.png","name":"Beach at dawn"}}}"#
      ), "\(namedText)")
    #expect(try coder.save(video, images: store).schema == 2)
    let reopened = try coder.video(from: namedData, images: store)
    #expect(ReflectionDiff.differences(video, reopened) == [])
    #expect((reopened.clips.first as? ImageClip)?.name == "Beach at dawn")

    // A named still left out whole (no store, loss allowed) asks for nothing: schema 1.
    let leftOut = try coder.data(for: video, allowingLoss: true)
    #expect(String(decoding: leftOut, as: UTF8.self).hasPrefix(#"{"schema":1,"video":{"#))
  }

  @Test func aLostStillIsNamedByItsNameInTheReport() throws {
    let registry = try MediaCodecs.registry()
    let clip = ImageClip(MediaCodecs.fixturePixel, duration: Time(value: 1, timescale: 1))
      .named("Beach")
    let error = #expect(throws: PersistenceError.self) { try registry.encode(clip: clip) }
    let loss = try #require(error?.losses.first)
    #expect(loss.location.contains("image “Beach”"), "\(loss.location)")
  }

  @Test func reportsAnImageWithoutAStoreAsLossAndLeavesTheClipOut() throws {
    let registry = try MediaCodecs.registry()
    let clip = ImageClip(MediaCodecs.fixturePixel, duration: Time(value: 1, timescale: 1))
    let error = #expect(throws: PersistenceError.self) { try registry.encode(clip: clip) }
    let loss = try #require(error?.losses.first)
    #expect(error?.losses.count == 1)
    #expect(loss.kind == .image)
    #expect(loss.pointer == "/0/image/_0/imageToken")
    #expect(loss.location.contains("image PNG 1×1"), "\(loss.location)")

    let allowed = try registry.encode(clip: clip, options: CodingOptions(allowingLoss: true))
    #expect(allowed.json == nil)
    #expect(allowed.lossReport.losses.map(\.kind) == [.image])
  }

  static let refusals: [Refusal] = [
    Refusal(
      #"{"image":{"_0":{"duration":{"timescale":30,"value":60}}}}"#, "missingField",
      at: "/0/image/_0", "the image token is required"),
    Refusal(
      #"{"image":{"_0":{"duration":{"timescale":30,"value":60},"imageToken":7}}}"#, "wrongType",
      at: "/0/image/_0/imageToken", "a token is a string"),
    Refusal(
      #"{"image":{"_0":{"duration":{"timescale":30,"value":60},"imageToken":"file:other.png"}}}"#,
      "unresolvableImageToken", at: "/0/image/_0/imageToken",
      "a token the given store cannot resolve"),
    Refusal(
      #"{"image":{"_0":{"imageToken":"file:fixture-pixel.png"}}}"#, "missingField",
      at: "/0/image/_0", "the duration is required"),
    Refusal(
      #"{"image":{"_0":{"duration":{"timescale":0,"value":60},"imageToken":"file:fixture-pixel.png"}}}"#,
      "integerOutOfRange", at: "/0/image/_0/duration/timescale", "a timescale must be positive"),
    Refusal(
      #"{"image":{"_0":{"audioURL":"no scheme","duration":{"timescale":30,"value":60},"imageToken":"file:fixture-pixel.png"}}}"#,
      "invalidURL", at: "/0/image/_0/audioURL", "the audio URL must be absolute"),
    Refusal(
      #"{"image":{"_0":{"backgroundColor":"red","duration":{"timescale":30,"value":60},"imageToken":"file:fixture-pixel.png"}}}"#,
      "wrongType", at: "/0/image/_0/backgroundColor", "a colour is an object"),
    Refusal(
      #"{"image":{"_0":{"duration":{"timescale":30,"value":60},"imageToken":"file:fixture-pixel.png","pixels":"AAAA"}}}"#,
      "unknownField", at: "/0/image/_0/pixels", "pixels are never carried in a document"),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) throws {
    let registry = try MediaCodecs.registry()
    let json = try MediaCodecs.read(refusal.json)
    MediaCodecs.expectRefusal(refusal.reason, at: refusal.pointer) {
      _ = try registry.decodeClip(from: json, images: MediaCodecs.fixtureStore())
    }
  }

  @Test func isCompleteInTheCompletenessReport() throws {
    MediaCodecs.expectComplete(["image"], at: .clip, in: try MediaCodecs.registry())
  }
}
