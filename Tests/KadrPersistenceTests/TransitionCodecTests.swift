import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Transition codec")
struct TransitionCodecTests {
  /// The fixture's transition, copied from `schema-1-broad.json`.
  static let fixture =
    #"{"transition":{"_0":{"direction":"fromBottom","duration":{"timescale":30,"value":15},"kind":"slide"}}}"#

  @Test func resavesTheFixtureTransitionByteForByte() throws {
    let registry = try MediaCodecs.registry()
    let clip = try registry.decodeClip(from: MediaCodecs.read(Self.fixture))
    #expect(
      clip as? Transition
        == .slide(direction: .fromBottom, duration: Time(value: 15, timescale: 30)))
    #expect(try MediaCodecs.write(registry.encode(clip: clip).json) == Self.fixture)
  }

  static let cases: [(Transition, String)] = [
    (
      .fade(duration: Time(value: 300, timescale: 600)),
      #"{"transition":{"_0":{"duration":{"timescale":600,"value":300},"kind":"fade"}}}"#
    ),
    (
      .dissolve(duration: Time(value: 1, timescale: 2)),
      #"{"transition":{"_0":{"duration":{"timescale":2,"value":1},"kind":"dissolve"}}}"#
    ),
    (
      .slide(direction: .fromLeft, duration: Time(value: 15, timescale: 30)),
      #"{"transition":{"_0":{"direction":"fromLeft","duration":{"timescale":30,"value":15},"kind":"slide"}}}"#
    ),
  ]

  @Test(arguments: cases)
  func writesEachCaseAndReadsItBack(_ transition: Transition, _ expected: String) throws {
    let registry = try MediaCodecs.registry()
    let text = try MediaCodecs.write(registry.encode(clip: transition).json)
    #expect(text == expected)
    let decoded = try registry.decodeClip(from: MediaCodecs.read(text))
    #expect(decoded as? Transition == transition)
    #expect(ReflectionDiff.differences(transition, decoded).isEmpty)
  }

  @Test func roundTripsEverySampleByReflection() throws {
    let registry = try MediaCodecs.registry()
    let samples = TransitionCodec().samples()
    for sample in [samples.minimal] + samples.maximal {
      let json = try #require(try registry.encode(clip: sample).json)
      let decoded = try registry.decodeClip(from: json)
      #expect(ReflectionDiff.differences(sample, decoded).isEmpty, "\(sample)")
    }
  }

  static let refusals: [Refusal] = [
    Refusal(
      #"{"transition":{"_0":{"duration":{"timescale":30,"value":15},"kind":"wipe"}}}"#,
      "unknownEnumValue", at: "/0/transition/_0/kind", "wipe is not a transition kind"),
    Refusal(
      #"{"transition":{"_0":{"duration":{"timescale":30,"value":15},"kind":1}}}"#,
      "wrongType", at: "/0/transition/_0/kind", "the kind is a string"),
    Refusal(
      #"{"transition":{"_0":{"duration":{"timescale":30,"value":15}}}}"#, "missingField",
      at: "/0/transition/_0", "the kind is required"),
    Refusal(
      #"{"transition":{"_0":{"kind":"fade"}}}"#, "missingField", at: "/0/transition/_0",
      "the duration is required"),
    Refusal(
      #"{"transition":{"_0":{"duration":{"timescale":30,"value":15},"kind":"slide"}}}"#,
      "missingField", at: "/0/transition/_0", "a slide needs a direction"),
    Refusal(
      #"{"transition":{"_0":{"direction":"sideways","duration":{"timescale":30,"value":15},"kind":"slide"}}}"#,
      "unknownEnumValue", at: "/0/transition/_0/direction", "sideways is not a direction"),
    Refusal(
      #"{"transition":{"_0":{"direction":"fromTop","duration":{"timescale":30,"value":15},"kind":"fade"}}}"#,
      "invalidValue", at: "/0/transition/_0/direction",
      "a direction on a fade would be lost"),
    Refusal(
      #"{"transition":{"_0":{"direction":"fromTop","duration":{"timescale":30,"value":15},"kind":"dissolve"}}}"#,
      "invalidValue", at: "/0/transition/_0/direction",
      "a direction on a dissolve would be lost"),
    Refusal(
      #"{"transition":{"_0":{"duration":{"timescale":30,"value":15},"easing":"linear","kind":"fade"}}}"#,
      "unknownField", at: "/0/transition/_0/easing", "transitions have no easing"),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) throws {
    let registry = try MediaCodecs.registry()
    let json = try MediaCodecs.read(refusal.json)
    MediaCodecs.expectRefusal(refusal.reason, at: refusal.pointer) {
      _ = try registry.decodeClip(from: json)
    }
  }

  @Test func explainsWhyADirectionOnAFadeIsRefused() throws {
    let registry = try MediaCodecs.registry()
    let json = try MediaCodecs.read(
      #"{"transition":{"_0":{"direction":"fromTop","duration":{"timescale":30,"value":15},"kind":"fade"}}}"#
    )
    let error = #expect(throws: PersistenceError.self) { try registry.decodeClip(from: json) }
    let message = try #require(error?.failureReason)
    #expect(message.contains("Only a slide transition has a direction"), "\(message)")
  }

  @Test func isCompleteInTheCompletenessReport() throws {
    MediaCodecs.expectComplete(["transition"], at: .clip, in: try MediaCodecs.registry())
  }
}
