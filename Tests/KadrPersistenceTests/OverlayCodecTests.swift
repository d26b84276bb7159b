import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Overlay codecs")
struct OverlayCodecTests {
  /// The fixture's three overlays, copied from `schema-1-broad.json`.
  static let textFixture =
    #"{"text":{"_0":{"anchor":"bottom","layerID":"wm","opacity":0.8,"position":{"kind":"normalized","x":0.5,"y":0.9},"style":{"alignment":"center","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontName":"Menlo","fontSize":42,"shadow":{"blur":4,"offset":{"height":2,"width":1}},"stroke":{"color":{"alpha":1,"blue":0,"green":0,"red":0},"width":2},"weight":"bold"},"text":"Watermark","textAnimation":{"beginTime":0,"durationTimescale":30,"durationValue":15,"from":0.10000000149011612,"kind":"fadeIn"},"visibilityRange":{"duration":{"timescale":30,"value":60},"start":{"timescale":1,"value":0}}}}}"#
  static let imageFixture =
    #"{"image":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","layerID":"logo","opacity":1,"position":{"kind":"normalized","x":0.2,"y":0.2},"size":{"aspectFit":{"sourceAspect":1.5,"within":{"normalized":{"height":0.4,"width":0.4}}}}}}}"#
  static let stickerFixture =
    #"{"sticker":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","layerID":"sticker","opacity":1,"position":{"kind":"normalized","x":0.8,"y":0.2},"rotation":0.4,"shadow":{"color":{"alpha":1,"blue":0,"green":0,"red":0},"offset":{"height":3,"width":2},"opacity":0.5,"radius":8}}}}"#

  static let fixtures = [textFixture, imageFixture, stickerFixture]

  @Test(arguments: fixtures)
  func resavesTheFixtureOverlayByteForByteWithAStore(_ fixture: String) throws {
    let registry = try MediaCodecs.registry()
    let resaved = try MediaCodecs.resaveOverlay(
      fixture, registry: registry, images: MediaCodecs.fixtureStore())
    #expect(resaved == fixture)
  }

  @Test(arguments: fixtures)
  func resavesTheFixtureOverlayUnchangedThroughAStoreOfUnresolvedTokens(_ fixture: String) throws {
    let registry = try MediaCodecs.registry()
    let store = UnresolvedImageStore()
    let resaved = try MediaCodecs.resaveOverlay(fixture, registry: registry, images: store)
    #expect(resaved == fixture)
  }

  @Test func decodesTheFixtureImageToTheStoredImage() throws {
    let registry = try MediaCodecs.registry()
    let overlay = try registry.decodeOverlay(
      from: MediaCodecs.read(Self.stickerFixture), images: MediaCodecs.fixtureStore())
    let sticker = try #require(overlay as? StickerOverlay)
    #expect(sticker.image === MediaCodecs.fixturePixel)
    #expect(sticker.rotation == 0.4)
    #expect(
      sticker.shadow
        == StickerOverlay.Shadow(
          color: .black, radius: 8, offset: CGSize(width: 2, height: 3), opacity: 0.5))
  }

  @Test(arguments: [imageFixture, stickerFixture])
  func opensWithoutAStoreButCannotSaveThePlaceholderWithoutOne(_ fixture: String) throws {
    let registry = try MediaCodecs.registry()
    let overlay = try registry.decodeOverlay(
      from: MediaCodecs.read(fixture), images: UnresolvedImageStore())
    let error = #expect(throws: PersistenceError.self) { try registry.encode(overlay: overlay) }
    #expect(error?.losses.map(\.kind) == [.image])
  }

  @Test func reportsAnImageWithoutAStoreAsLossAndLeavesTheOverlayOut() throws {
    let registry = try MediaCodecs.registry()
    let overlays: [any Overlay] = [
      ImageOverlay(MediaCodecs.fixturePixel), StickerOverlay(MediaCodecs.fixturePixel),
    ]
    for (overlay, kind) in zip(overlays, ["image", "sticker"]) {
      let error = #expect(throws: PersistenceError.self) { try registry.encode(overlay: overlay) }
      let loss = try #require(error?.losses.first)
      #expect(loss.kind == .image)
      #expect(loss.pointer == "/0/\(kind)/_0/imageToken")
      #expect(loss.location.contains("\(kind) PNG 1×1"), "\(loss.location)")
      let allowed = try registry.encode(
        overlay: overlay, options: CodingOptions(allowingLoss: true))
      #expect(allowed.json == nil)
      #expect(allowed.lossReport.losses.count == 1)
    }
  }

  @Test func roundTripsEverySampleByReflection() throws {
    let registry = try MediaCodecs.registry()
    let store = InMemoryImageStore()
    let text = TextOverlayCodec().samples()
    let image = ImageOverlayCodec().samples()
    let sticker = StickerOverlayCodec().samples()
    let all: [any Overlay] =
      [text.minimal] + text.maximal + [image.minimal] + image.maximal + [sticker.minimal]
      + sticker.maximal
    for overlay in all {
      let encoded = try registry.encode(overlay: overlay, images: store)
      #expect(encoded.lossReport.isLossless)
      let bytes = try JSONWriter().writeData(try #require(encoded.json))
      let decoded = try registry.decodeOverlay(from: JSONReader().read(bytes), images: store)
      #expect(ReflectionDiff.differences(overlay, decoded).isEmpty, "\(overlay)")
    }
  }

  @Test func omitsEveryOptionalFieldThatIsAbsent() throws {
    let registry = try MediaCodecs.registry()
    let text = try MediaCodecs.write(registry.encode(overlay: TextOverlay("hi")).json)
    #expect(
      text
        == #"{"text":{"_0":{"anchor":"center","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"style":{"alignment":"leading","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontSize":36,"weight":"regular"},"text":"hi"}}}"#,
      "\(text)")
  }

  static let refusals: [Refusal] = [
    Refusal(
      #"{"text":{"_0":{"anchor":"center","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"text":"hi"}}}"#,
      "missingField", at: "/0/text/_0", "a text overlay needs a style"),
    Refusal(
      #"{"text":{"_0":{"anchor":"middle","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"style":{"alignment":"leading","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontSize":36,"weight":"regular"},"text":"hi"}}}"#,
      "unknownEnumValue", at: "/0/text/_0/anchor", "middle is not an anchor"),
    Refusal(
      #"{"text":{"_0":{"anchor":"center","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"positionAnimation":{},"style":{"alignment":"leading","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontSize":36,"weight":"regular"},"text":"hi"}}}"#,
      "unknownField", at: "/0/text/_0/positionAnimation", "a text overlay has no position animation"
    ),
    Refusal(
      #"{"text":{"_0":{"anchor":"center","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"style":{"alignment":"center","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontSize":48,"weight":"regular"},"text":"hi","textAnimation":{"durationTimescale":30,"durationValue":15,"beginTime":0,"kind":"wobble"}}}}"#,
      "unknownKind", at: "/0/text/_0/textAnimation/kind", "wobble is not a registered animation"),
    Refusal(
      #"{"image":{"_0":{"anchor":"center","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5}}}}"#,
      "missingField", at: "/0/image/_0", "an image overlay needs its image token"),
    Refusal(
      #"{"image":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":"high","position":{"kind":"normalized","x":0.5,"y":0.5}}}}"#,
      "wrongType", at: "/0/image/_0/opacity", "opacity is a number"),
    Refusal(
      #"{"image":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"size":{"percent":{"height":1,"width":1},"pixels":{"height":1,"width":1}}}}}"#,
      "invalidValue", at: "/0/image/_0/size", "a size holds exactly one kind"),
    Refusal(
      #"{"image":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":1,"position":{"kind":"inches","x":0.5,"y":0.5}}}}"#,
      "unknownEnumValue", at: "/0/image/_0/position/kind", "inches is not a position kind"),
    Refusal(
      #"{"image":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"rotation":0.4}}}"#,
      "unknownField", at: "/0/image/_0/rotation", "only a sticker has a rotation"),
    Refusal(
      #"{"image":{"_0":{"anchor":"center","imageToken":"file:elsewhere.png","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5}}}}"#,
      "unresolvableImageToken", at: "/0/image/_0/imageToken", "the store has no such image"),
    Refusal(
      #"{"sticker":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5}}}}"#,
      "missingField", at: "/0/sticker/_0", "a sticker needs its rotation"),
    Refusal(
      #"{"sticker":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"rotation":0,"shadow":{"color":{"alpha":1,"blue":0,"green":0,"red":0},"offset":{"height":3,"width":2},"opacity":0.5}}}}"#,
      "missingField", at: "/0/sticker/_0/shadow", "a shadow needs its radius"),
    Refusal(
      #"{"sticker":{"_0":{"anchor":"center","imageToken":"file:fixture-pixel.png","opacity":1,"position":{"kind":"normalized","x":0.5,"y":0.5},"rotation":0,"shadow":{"blur":1,"color":{"alpha":1,"blue":0,"green":0,"red":0},"offset":{"height":3,"width":2},"opacity":0.5,"radius":8}}}}"#,
      "unknownField", at: "/0/sticker/_0/shadow/blur", "a sticker shadow has a radius, not a blur"),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) throws {
    let registry = try MediaCodecs.registry()
    let json = try MediaCodecs.read(refusal.json)
    MediaCodecs.expectRefusal(refusal.reason, at: refusal.pointer) {
      _ = try registry.decodeOverlay(from: json, images: MediaCodecs.fixtureStore())
    }
  }

  @Test func areCompleteInTheCompletenessReport() throws {
    MediaCodecs.expectComplete(
      ["text", "image", "sticker"], at: .overlay, in: try MediaCodecs.registry())
  }
}
