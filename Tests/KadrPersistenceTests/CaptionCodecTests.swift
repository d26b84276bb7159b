import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Caption codec")
struct CaptionCodecTests {
  /// The caption of `schema-1-broad.json`, copied byte for byte.
  static let fixtureCaption =
    #"{"text":"first","timeRange":{"duration":{"timescale":30,"value":30},"start":{"timescale":1,"value":0}}}"#

  let registry: CodecRegistry

  init() throws {
    registry = try CompositionTestKit.registry()
  }

  @Test func fixtureCaptionIsWrittenBackByteIdentical() throws {
    let bytes = try CompositionTestKit.reencoded(
      Caption.self, from: Self.fixtureCaption, registry: registry)
    #expect(bytes == Self.fixtureCaption)
  }

  @Test func fixtureCaptionDecodesToItsValues() throws {
    let caption = try registry.decodeModel(
      Caption.self, from: CompositionTestKit.json(Self.fixtureCaption))
    #expect(
      caption
        == Caption(
          text: "first",
          timeRange: TimeRange(start: .zero, duration: Time(value: 30, timescale: 30))))
  }

  @Test(arguments: [CaptionCodec().samples().minimal] + CaptionCodec().samples().maximal)
  func samplesRoundTripByReflection(caption: Caption) throws {
    let decoded = try CompositionTestKit.roundTrip(caption, registry: registry)
    #expect(ReflectionDiff.differences(caption, decoded) == [])
    #expect(decoded == caption)
  }

  @Test func codecIsComplete() throws {
    CompositionTestKit.expectComplete(["caption"], in: registry)
  }

  static let refusals: [CompositionRefusal] = [
    CompositionRefusal(
      #"{"timeRange":{"duration":{"timescale":30,"value":30},"start":{"timescale":1,"value":0}}}"#,
      "missingField", at: "", "the text is required"),
    CompositionRefusal(#"{"text":"first"}"#, "missingField", at: "", "the range is required"),
    CompositionRefusal(
      fixtureCaption.replacingOccurrences(of: #""first""#, with: "1"), "wrongType", at: "/text",
      "the text is a string"),
    CompositionRefusal(
      fixtureCaption.replacingOccurrences(of: #""text""#, with: #""language":"en","text""#),
      "unknownField", at: "/language", "an unknown key is refused"),
    CompositionRefusal(
      fixtureCaption.replacingOccurrences(of: #""timescale":30"#, with: #""timescale":0"#),
      "integerOutOfRange", at: "/timeRange/duration/timescale", "a timescale must be positive"),
    CompositionRefusal("[]", "wrongType", at: "", "a caption is an object"),
  ]

  @Test(arguments: refusals)
  func malformedCaptionIsRefusedWithPointer(refusal: CompositionRefusal) throws {
    try refusal.check(Caption.self, registry: registry)
  }
}
