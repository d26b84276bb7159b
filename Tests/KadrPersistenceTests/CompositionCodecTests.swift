import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Composition codec")
struct CompositionCodecTests {
  /// The `crop`, `preset` and `quality` of `schema-1-broad.json`, copied byte for byte.
  static let fixtureCrop =
    #"{"anchor":"center","position":{"kind":"percent","x":50,"y":50},"size":{"normalized":{"height":0.9,"width":0.9}}}"#
  static let fixturePreset =
    #"{"codec":"hevc","frameRate":30,"height":1920,"kind":"custom","width":1080}"#
  static let fixtureQuality = #"{"bitrate":6000000,"kind":"bitrate"}"#

  let registry: CodecRegistry

  init() throws {
    registry = try CompositionTestKit.registry()
  }

  /// A composition of title clips, audio, captions and a crop, with `preset` and `quality`.
  static func composition(preset: Preset, quality: ExportQuality) -> Video {
    Video(
      clips: [
        TitleSequence("One", duration: Time(value: 90, timescale: 30)),
        TitleCodec().samples().maximal[0],
      ],
      audioTracks: AudioTrackCodec().samples().maximal,
      preset: preset,
      crop: CropRegion(
        position: .normalized(x: 0.5, y: 0.5), size: .pixels(width: 720, height: 720),
        anchor: .bottomLeft),
      quality: quality,
      captions: CaptionCodec().samples().maximal)
  }

  static let settings: [(Preset, ExportQuality)] = zip(
    PresetCodec().samples().maximal,
    [
      ExportQuality.automatic, .bitrate(1), .fileSize(bytes: 2), .automatic, .bitrate(3),
      .fileSize(bytes: 4), .automatic,
    ]
  ).map { ($0, $1) }

  @Test(arguments: settings)
  func compositionRoundTripsByReflection(preset: Preset, quality: ExportQuality) throws {
    let video = Self.composition(preset: preset, quality: quality)
    let decoded = try CompositionTestKit.roundTrip(video, registry: registry)
    #expect(ReflectionDiff.differences(video, decoded) == [])
    #expect(decoded.preset == preset)
    #expect(decoded.quality == quality)
  }

  @Test func emptyCompositionIsWrittenExactly() throws {
    let text = try CompositionTestKit.text(registry.encode(model: Video(clips: [])).json)
    #expect(
      text
        == #"{"audioTracks":[],"captions":[],"clips":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#
    )
  }

  @Test func decodedDurationIsRecomputedFromTheClips() throws {
    let title =
      #"{"title":{"_0":{"backgroundColor":{"alpha":1,"blue":0,"green":0,"red":0},"duration":{"timescale":30,"value":DURATION},"style":{"alignment":"center","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontSize":48,"weight":"regular"},"text":"t"}}}"#
    let clips = [45, 15].map { title.replacingOccurrences(of: "DURATION", with: "\($0)") }
    let text =
      #"{"audioTracks":[],"captions":[],"clips":["#
      + clips.joined(separator: ",")
      + #"],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#
    let video = try registry.decodeModel(Video.self, from: CompositionTestKit.json(text))
    #expect(video.clips.count == 2)
    #expect(video.duration == Time(value: 2, timescale: 1))
  }

  @Test func videoStoresExactlyTheManifestsProperties() {
    let stored = ReflectionDiff.storedPropertyNames(of: Video(clips: []))
    #expect(
      stored == [
        "clips", "audioTracks", "preset", "overlays", "crop", "multiInputCompositor",
        "compositorWindow", "quality", "captions", "markers", "startTimecode", "duration",
      ])
    #expect(CompositionCodec().manifest.properties == stored)
    // kadr's stored duration is recomputed from the clips on open, never written.
    #expect(
      CompositionCodec().manifest.notEncodedProperties
        == ["duration", "multiInputCompositor", "compositorWindow"])
  }

  @Test(arguments: [
    (fixtureCrop, "crop"), (fixturePreset, "preset"), (fixtureQuality, "quality"),
  ])
  func fixtureFragmentIsWrittenBackByteIdentical(json: String, kind: String) throws {
    let bytes: String
    switch kind {
    case "crop":
      bytes = try CompositionTestKit.reencoded(CropRegion.self, from: json, registry: registry)
    case "preset":
      bytes = try CompositionTestKit.reencoded(Preset.self, from: json, registry: registry)
    default:
      bytes = try CompositionTestKit.reencoded(ExportQuality.self, from: json, registry: registry)
    }
    #expect(bytes == json)
  }

  @Test(arguments: [CropCodec().samples().minimal] + CropCodec().samples().maximal)
  func cropSamplesRoundTripByReflection(crop: CropRegion) throws {
    let decoded = try CompositionTestKit.roundTrip(crop, registry: registry)
    #expect(ReflectionDiff.differences(crop, decoded) == [])
    #expect(decoded == crop)
  }

  @Test func codecsAreCompleteWithATextOverlayKind() throws {
    CompositionTestKit.expectComplete(
      ["composition", "crop", "preset", "quality", "audioTrack", "caption"],
      in: try CompositionTestKit.registryWithTextOverlays())
  }

  @Test func maximalSamplesUseOnlyStandardKinds() {
    for video in CompositionCodec().samples().maximal {
      #expect(video.clips.allSatisfy { $0 is TitleSequence })
      #expect(video.overlays.allSatisfy { $0 is TextOverlay })
      #expect(!video.overlays.isEmpty && !video.clips.isEmpty && video.crop != nil)
    }
  }

  static let refusals: [CompositionRefusal] = [
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"clips":[],"overlays":[],"quality":{"kind":"automatic"}}"#,
      "missingField", at: "", "the preset is required"),
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"clips":[],"overlays":[],"preset":{"kind":"auto"}}"#,
      "missingField", at: "", "the quality is required"),
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#,
      "missingField", at: "", "the clips are required, even when empty"),
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"clips":[],"crop":"center","overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#,
      "wrongType", at: "/crop", "a crop is an object"),
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"clips":[],"compositorWindow":{},"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#,
      "unknownField", at: "/compositorWindow", "the window is never written, so never read"),
    CompositionRefusal(
      #"{"audioTracks":[{}],"captions":[],"clips":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#,
      "missingField", at: "/audioTracks/0", "a nested audio track is checked"),
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"clips":[{"com.example.countdown":{"_0":{}}}],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#,
      "unknownKind", at: "/clips/0", "a clip kind with no codec"),
    CompositionRefusal(
      #"{"audioTracks":[],"captions":[],"clips":[],"crop":{"anchor":"middle","position":{"kind":"percent","x":50,"y":50},"size":{"pixels":{"height":1,"width":1}}},"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#,
      "unknownEnumValue", at: "/crop/anchor", "an unknown crop anchor"),
  ]

  @Test(arguments: refusals)
  func malformedCompositionIsRefusedWithPointer(refusal: CompositionRefusal) throws {
    try refusal.check(Video.self, registry: registry)
  }
}
