import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Preset and quality codecs")
struct PresetQualityCodecTests {
  let registry: CodecRegistry

  init() throws {
    registry = try CompositionTestKit.registry()
  }

  /// Every preset case and its exact JSON.
  static let presets: [(Preset, String)] = [
    (.auto, #"{"kind":"auto"}"#),
    (.reelsAndShorts, #"{"kind":"reelsAndShorts"}"#),
    (.tiktok, #"{"kind":"tiktok"}"#),
    (.square, #"{"kind":"square"}"#),
    (.cinema, #"{"kind":"cinema"}"#),
    (
      .custom(width: 1080, height: 1920, frameRate: 30, codec: .hevc),
      #"{"codec":"hevc","frameRate":30,"height":1920,"kind":"custom","width":1080}"#
    ),
    (
      .custom(width: 3840, height: 2160, frameRate: 60, codec: .h264),
      #"{"codec":"h264","frameRate":60,"height":2160,"kind":"custom","width":3840}"#
    ),
    (
      .customRate(width: 1920, height: 1080, frameRate: .ntsc30DropFrame, codec: .h264),
      #"{"codec":"h264","frameRate":{"denominator":1001,"dropFrame":true,"numerator":30000},"height":1080,"kind":"custom","width":1920}"#
    ),
    (
      .customRate(width: 1920, height: 1080, frameRate: .ntsc24, codec: .hevc),
      #"{"codec":"hevc","frameRate":{"denominator":1001,"numerator":24000},"height":1080,"kind":"custom","width":1920}"#
    ),
  ]

  /// Every quality case and its exact JSON.
  static let qualities: [(ExportQuality, String)] = [
    (.automatic, #"{"kind":"automatic"}"#),
    (.bitrate(6_000_000), #"{"bitrate":6000000,"kind":"bitrate"}"#),
    (.fileSize(bytes: 50_000_000), #"{"fileSizeBytes":50000000,"kind":"fileSize"}"#),
    (.bitrate(-1), #"{"bitrate":-1,"kind":"bitrate"}"#),
  ]

  @Test(arguments: presets)
  func presetIsWrittenAndReadExactly(preset: Preset, json: String) throws {
    #expect(try CompositionTestKit.text(registry.encode(model: preset).json) == json)
    let decoded = try registry.decodeModel(Preset.self, from: CompositionTestKit.json(json))
    #expect(decoded == preset)
    #expect(ReflectionDiff.differences(preset, decoded).isEmpty)
  }

  @Test(arguments: qualities)
  func qualityIsWrittenAndReadExactly(quality: ExportQuality, json: String) throws {
    #expect(try CompositionTestKit.text(registry.encode(model: quality).json) == json)
    let decoded = try registry.decodeModel(ExportQuality.self, from: CompositionTestKit.json(json))
    #expect(decoded == quality)
    #expect(ReflectionDiff.differences(quality, decoded).isEmpty)
  }

  @Test func tablesAndSamplesCoverEveryCase() {
    let presetCases = Set(Self.presets.map { Self.caseName($0.0) })
    #expect(
      presetCases == [
        "auto", "reelsAndShorts", "tiktok", "square", "cinema", "custom", "customRate",
      ])
    let codecs = Set(
      Self.presets.compactMap { entry -> Codec? in
        if case .custom(_, _, _, let codec) = entry.0 { return codec }
        return nil
      })
    #expect(codecs == Set(Codec.allCases))
    #expect(
      Set(Self.qualities.map { Self.caseName($0.0) }) == ["automatic", "bitrate", "fileSize"])
    #expect(Set(PresetCodec().samples().maximal.map(Self.caseName)) == presetCases)
    #expect(
      Set(QualityCodec().samples().maximal.map(Self.caseName))
        == ["automatic", "bitrate", "fileSize"])
  }

  @Test func codecsAreComplete() throws {
    CompositionTestKit.expectComplete(["preset", "quality"], in: registry)
  }

  @Test func manifestsMapPayloadKeysToTheCasesLabels() {
    let preset = PresetCodec().manifest.entries.map { "\($0.key ?? "-")=\($0.property)" }
    #expect(
      preset == [
        "kind=(case)", "width=width", "height=height", "frameRate=frameRate", "codec=codec",
      ])
    let quality = QualityCodec().manifest.entries.map { "\($0.key ?? "-")=\($0.property)" }
    #expect(quality == ["kind=(case)", "bitrate=.0", "fileSizeBytes=bytes"])
  }

  static let presetRefusals: [CompositionRefusal] = [
    CompositionRefusal(
      #"{"kind":"vertical"}"#, "unknownEnumValue", at: "/kind", "an unknown preset kind"),
    CompositionRefusal(
      #"{"codec":"av1","frameRate":30,"height":1920,"kind":"custom","width":1080}"#,
      "unknownEnumValue", at: "/codec", "an unknown codec"),
    CompositionRefusal(
      #"{"kind":"cinema","width":1080}"#, "unknownField", at: "/width",
      "custom fields on another kind are refused, not ignored"),
    CompositionRefusal(
      #"{"codec":"hevc","kind":"reelsAndShorts"}"#, "unknownField", at: "/codec",
      "a built-in preset's codec is implied, never written"),
    CompositionRefusal(
      #"{"codec":"hevc","frameRate":30,"height":1920,"kind":"custom"}"#, "missingField", at: "",
      "a custom preset needs its width"),
    CompositionRefusal(
      #"{"codec":"hevc","frameRate":30,"height":1920,"kind":"custom","width":100000000000000000000}"#,
      "integerOutOfRange", at: "/width", "an integer past Int's range"),
    CompositionRefusal(
      #"{"codec":"hevc","frameRate":29.97,"height":1920,"kind":"custom","width":1080}"#,
      "wrongType", at: "/frameRate", "the frame rate is an integer"),
    CompositionRefusal(#"{"width":1080}"#, "missingField", at: "", "the kind is required"),
    CompositionRefusal(#"{"kind":1}"#, "wrongType", at: "/kind", "the kind is a string"),
    CompositionRefusal(#""auto""#, "wrongType", at: "", "a preset is an object"),
  ]

  @Test(arguments: presetRefusals)
  func malformedPresetIsRefusedWithPointer(refusal: CompositionRefusal) throws {
    try refusal.check(Preset.self, registry: registry)
  }

  static let qualityRefusals: [CompositionRefusal] = [
    CompositionRefusal(#"{"kind":"lossless"}"#, "unknownEnumValue", at: "/kind", "unknown kind"),
    CompositionRefusal(
      #"{"bitrate":6000000,"kind":"automatic"}"#, "unknownField", at: "/bitrate",
      "a bitrate on automatic is refused, not ignored"),
    CompositionRefusal(
      #"{"bitrate":6000000,"fileSizeBytes":1,"kind":"bitrate"}"#, "unknownField",
      at: "/fileSizeBytes", "a file size on a bitrate quality"),
    CompositionRefusal(
      #"{"bitrate":1,"kind":"fileSize"}"#, "unknownField", at: "/bitrate",
      "a bitrate on a file-size quality"),
    CompositionRefusal(
      #"{"kind":"bitrate"}"#, "missingField", at: "", "a bitrate quality needs its bitrate"),
    CompositionRefusal(
      #"{"kind":"fileSize"}"#, "missingField", at: "", "a file-size quality needs its size"),
    CompositionRefusal(
      #"{"fileSizeBytes":1e300,"kind":"fileSize"}"#, "integerOutOfRange", at: "/fileSizeBytes",
      "a size past Int's range"),
    CompositionRefusal(
      #"{"bitrate":"6M","kind":"bitrate"}"#, "wrongType", at: "/bitrate", "the bitrate is a number"),
  ]

  @Test(arguments: qualityRefusals)
  func malformedQualityIsRefusedWithPointer(refusal: CompositionRefusal) throws {
    try refusal.check(ExportQuality.self, registry: registry)
  }

  @Test func unknownPresetKindErrorListsTheKinds() throws {
    let error = try #require(
      try CompositionTestKit.decodingError(
        Preset.self, from: #"{"kind":"vertical"}"#, registry: registry))
    guard case .unknownEnumValue(_, let field, let allowed) = error.reason else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(field == "preset")
    #expect(allowed == ["auto", "reelsAndShorts", "tiktok", "square", "cinema", "custom"])
    #expect(error.kindID == "preset")
  }

  static func caseName(_ value: Any) -> String {
    Mirror(reflecting: value).children.first?.label ?? String(describing: value)
  }
}
