import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

/// A text animation no codec is registered for.
private struct Wobble: TextAnimation {
  let amplitude: Double
}

@Suite("Text animation codecs")
struct TextAnimationCodecTests {
  /// The fixture's fade-in, copied from `schema-1-broad.json`.
  static let fixture =
    #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"from":0.10000000149011612,"kind":"fadeIn"}"#

  @Test func resavesTheFixtureFadeInByteForByte() throws {
    let registry = try MediaCodecs.registry()
    let animation = try registry.decodeTextAnimation(from: MediaCodecs.read(Self.fixture))
    let fade = try #require(animation as? FadeIn)
    #expect(fade == FadeIn(duration: Time(value: 15, timescale: 30), from: 0.1, beginTime: 0))
    #expect(try MediaCodecs.write(registry.encode(textAnimation: animation).json) == Self.fixture)
  }

  static let animations: [(any TextAnimation, String)] = [
    (
      FadeIn(duration: Time(value: 1, timescale: 2), from: 0.25, beginTime: 1e-100),
      #"{"beginTime":1e-100,"durationTimescale":2,"durationValue":1,"from":0.25,"kind":"fadeIn"}"#
    ),
    (
      SlideIn(direction: .fromTop, duration: Time(value: 600, timescale: 600), beginTime: 2),
      #"{"beginTime":2,"direction":"fromTop","durationTimescale":600,"durationValue":600,"kind":"slideIn"}"#
    ),
    (
      ScaleUp(from: 0.5, duration: Time(value: 45, timescale: 30), beginTime: 0.5),
      #"{"beginTime":0.5,"durationTimescale":30,"durationValue":45,"from":0.5,"kind":"scaleUp"}"#
    ),
  ]

  @Test(arguments: animations)
  func writesEachKindAndReadsItBack(_ animation: any TextAnimation, _ expected: String) throws {
    let registry = try MediaCodecs.registry()
    let text = try MediaCodecs.write(registry.encode(textAnimation: animation).json)
    #expect(text == expected)
    let decoded = try registry.decodeTextAnimation(from: MediaCodecs.read(text))
    #expect(ReflectionDiff.differences(animation, decoded).isEmpty)
  }

  @Test func roundTripsEverySampleByReflection() throws {
    let registry = try MediaCodecs.registry()
    let fade = FadeInCodec().samples()
    let slide = SlideInCodec().samples()
    let scale = ScaleUpCodec().samples()
    let all: [any TextAnimation] =
      [fade.minimal] + fade.maximal + [slide.minimal] + slide.maximal + [scale.minimal]
      + scale.maximal
    for animation in all {
      let json = try #require(try registry.encode(textAnimation: animation).json)
      let decoded = try registry.decodeTextAnimation(from: json)
      #expect(ReflectionDiff.differences(animation, decoded).isEmpty, "\(animation)")
    }
  }

  @Test func readsAnAbsentFromAsTheModelDefault() throws {
    let registry = try MediaCodecs.registry()
    let fade = try registry.decodeTextAnimation(
      from: MediaCodecs.read(
        #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"kind":"fadeIn"}"#))
    #expect((fade as? FadeIn)?.from == 0)
    let scale = try registry.decodeTextAnimation(
      from: MediaCodecs.read(
        #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"kind":"scaleUp"}"#))
    #expect((scale as? ScaleUp)?.from == 0)
  }

  @Test func reportsATextAnimationWithoutACodecAsLoss() throws {
    let registry = try MediaCodecs.registry()
    let overlay = TextOverlay(text: "hi", layerID: "title", textAnimation: Wobble(amplitude: 2))
    let error = #expect(throws: PersistenceError.self) { try registry.encode(overlay: overlay) }
    let loss = try #require(error?.losses.first)
    #expect(error?.losses.count == 1)
    #expect(loss.pointer == "/0/text/_0/textAnimation")
    #expect(loss.location == "overlay “title”")
    #expect(loss.kind == .textAnimation)
    #expect(loss.detail?.hasSuffix("Wobble") == true)

    let allowed = try registry.encode(overlay: overlay, options: CodingOptions(allowingLoss: true))
    let text = try MediaCodecs.write(allowed.json)
    #expect(!text.contains("textAnimation"), "\(text)")
    #expect(allowed.lossReport.losses.count == 1)
  }

  @Test func refusesToSaveAnInvalidDuration() throws {
    let registry = try MediaCodecs.registry()
    MediaCodecs.expectRefusal("invalidValue", at: "/durationTimescale") {
      _ = try registry.encode(textAnimation: FadeIn(duration: .invalid))
    }
    MediaCodecs.expectRefusal("nonFiniteNumber", at: "/beginTime") {
      _ = try registry.encode(textAnimation: ScaleUp(duration: .zero, beginTime: .nan))
    }
  }

  static let refusals: [Refusal] = [
    Refusal(
      #"{"beginTime":0,"durationTimescale":0,"durationValue":15,"kind":"fadeIn"}"#,
      "integerOutOfRange", at: "/durationTimescale", "a timescale of zero"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":-30,"durationValue":15,"kind":"slideIn","direction":"fromLeft"}"#,
      "integerOutOfRange", at: "/durationTimescale", "a negative timescale"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":2147483648,"durationValue":15,"kind":"scaleUp"}"#,
      "integerOutOfRange", at: "/durationTimescale", "a timescale beyond Int32"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":30,"durationValue":1.5,"kind":"fadeIn"}"#,
      "wrongType", at: "/durationValue", "a duration value is an integer"),
    Refusal(
      #"{"beginTime":0,"durationValue":15,"kind":"fadeIn"}"#, "missingField", at: "",
      "the timescale is required"),
    Refusal(
      #"{"beginTime":"0","durationTimescale":30,"durationValue":15,"kind":"fadeIn"}"#,
      "wrongType", at: "/beginTime", "the begin time is a number"),
    Refusal(
      #"{"durationTimescale":30,"durationValue":15,"kind":"scaleUp"}"#, "missingField", at: "",
      "the begin time is required"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"from":1e300,"kind":"fadeIn"}"#,
      "invalidValue", at: "/from", "a starting opacity beyond the range of a Float"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"kind":"slideIn"}"#,
      "missingField", at: "", "a slide-in needs a direction"),
    Refusal(
      #"{"beginTime":0,"direction":"fromNowhere","durationTimescale":30,"durationValue":15,"kind":"slideIn"}"#,
      "unknownEnumValue", at: "/direction", "fromNowhere is not a direction"),
    Refusal(
      #"{"beginTime":0,"direction":"fromLeft","durationTimescale":30,"durationValue":15,"kind":"fadeIn"}"#,
      "unknownField", at: "/direction", "a fade-in has no direction"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"from":0,"kind":"slideIn","direction":"fromTop"}"#,
      "unknownField", at: "/from", "a slide-in has no starting value"),
    Refusal(
      #"{"beginTime":0,"durationTimescale":30,"durationValue":15,"kind":"bounce"}"#,
      "unknownKind", at: "/kind", "bounce is not a registered animation"),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) throws {
    let registry = try MediaCodecs.registry()
    let json = try MediaCodecs.read(refusal.json)
    MediaCodecs.expectRefusal(refusal.reason, at: refusal.pointer) {
      _ = try registry.decodeTextAnimation(from: json)
    }
  }

  @Test func areCompleteInTheCompletenessReport() throws {
    MediaCodecs.expectComplete(
      ["fadeIn", "slideIn", "scaleUp"], at: .textAnimation, in: try MediaCodecs.registry())
  }
}
