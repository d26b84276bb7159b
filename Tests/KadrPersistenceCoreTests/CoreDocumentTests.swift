import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@Suite("The core with a toy model and no built-in module")
struct CoreDocumentTests {
  static let reelJSON =
    #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":1,"value":3},"from":3,"label":"go"}}},{"com.example.group":{"_0":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":30,"value":45},"from":1}}}]}}}],"name":"toy"}}"#

  @Test func roundTripsADocumentByteForByte() throws {
    let coder = try Toy.coder()
    let opened = try coder.decode(ToyReel.self, from: Toy.bytes(Self.reelJSON))
    #expect(opened.root.name == "toy")
    #expect(opened.root.clips.count == 2)
    let saved = try coder.encode(opened.root)
    #expect(Toy.text(saved.bytes) == Self.reelJSON)
    #expect(saved.lossReport.isLossless)
  }

  @Test func roundTripIsEqualByReflection() throws {
    let coder = try Toy.coder()
    let reel = ToyReel(
      name: "deep",
      clips: [
        Group(clips: [Group(clips: [Countdown(from: 9, label: "nine", duration: .zero)])]),
        Countdown(from: 1, label: nil, duration: Time(value: 7, timescale: 600)),
      ])
    let reopened = try coder.decode(ToyReel.self, from: coder.encode(reel).bytes).root
    #expect(ReflectionDiff.differences(reel, reopened) == [])
  }

  @Test func reflectionSeesADifferenceThatEqualityWouldHide() {
    let a = ToyReel(name: "a", clips: [Countdown(from: 1, label: "x", duration: .zero)])
    let b = ToyReel(name: "a", clips: [Countdown(from: 1, label: "y", duration: .zero)])
    let differences = ReflectionDiff.differences(a, b)
    #expect(differences.count == 1)
    #expect(differences.first?.contains(".clips[0].label") == true)
  }

  @Test func unknownKindIsRefusedWithItsPointerAndTheFix() throws {
    let json =
      #"{"schema":1,"video":{"clips":[{"com.example.group":{"_0":{"clips":[{"com.other.chart":{"_0":{}}}]}}}],"name":"x"}}"#
    let error = try #require(throws: PersistenceError.self) {
      try Toy.coder().decode(ToyReel.self, from: Toy.bytes(json))
    }
    #expect(error.pointer?.description == "/video/clips/0/com.example.group/_0/clips/0")
    guard case .unknownKind(.clip, let kind) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    #expect(kind == "com.other.chart")
    #expect(error.recoverySuggestion?.contains("preservingUnknown") == true)
  }

  @Test func preservedUnknownContentIsWrittenBackVerbatim() throws {
    let json =
      #"{"schema":1,"video":{"clips":[{"com.example.group":{"_0":{"clips":[{"com.other.chart":{"_0":{"bars":[1,2.5,{"z":null}],"title":"Q3"}}}]}}},{"com.other.chart":{"_0":{}}}],"name":"x"}}"#
    let coder = try Toy.coder(CodingOptions(preservingUnknown: true))
    let opened = try coder.decode(ToyReel.self, from: Toy.bytes(json))
    #expect(
      opened.preserved.map(\.pointer) == [
        "/video/clips/0/com.example.group/_0/clips/0", "/video/clips/1",
      ])
    let saved = try coder.encode(opened.root)
    #expect(Toy.text(saved.bytes) == json)
    #expect(saved.lossReport.isLossless)
    #expect(saved.lossReport.preserved.count == 2)
  }

  @Test func lossIsRefusedByDefaultAndLeftOutWhenAllowed() throws {
    let reel = ToyReel(
      name: "lossy",
      clips: [
        Countdown(from: 3, label: nil, duration: .zero, onTick: { _ in }),
        Group(clips: [Stranger()]),
      ])
    let error = try #require(throws: PersistenceError.self) { try Toy.coder().encode(reel) }
    let losses = error.losses
    #expect(losses.count == 2)
    #expect(losses.first?.kind == .codeOnlyField("onTick"))
    #expect(losses.first?.location == "clips[0] (countdown from 3)")
    #expect(losses.first?.pointer == "/video/clips/0/com.example.countdown/_0")
    #expect(losses.last?.pointer == "/video/clips/1/com.example.group/_0/clips/0")
    if case .unregisteredType(.clip, let type)? = losses.last?.kind {
      #expect(type.hasSuffix("Stranger"))
    } else {
      Issue.record("expected an unregistered-type loss, got \(losses)")
    }

    let allowed = try Toy.coder(CodingOptions(allowingLoss: true)).encode(reel)
    #expect(allowed.lossReport.losses == losses)
    let text = Toy.text(allowed.bytes)
    #expect(text.contains(#""clips":[]"#), "the unregistered clip is absent, not a placeholder")
    #expect(!text.contains("onTick"))
  }

  @Test func lossyContentIsReportedWithoutSaving() throws {
    let reel = ToyReel(name: "r", clips: [Stranger()])
    let report = try Toy.coder().lossReport(for: reel)
    #expect(report.losses.count == 1)
    #expect(report.rendered().contains("cannot be saved"))
  }

  @Test func invalidTimeIsRefusedNamingTheField() throws {
    let reel = ToyReel(name: "r", clips: [Countdown(from: 1, label: nil, duration: .invalid)])
    let error = try #require(throws: PersistenceError.self) { try Toy.coder().encode(reel) }
    #expect(error.pointer?.description == "/video/clips/0/com.example.countdown/_0/duration")
  }

  @Test(arguments: [
    // A field of the wrong JSON type.
    (
      #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":1,"value":3},"from":"3"}}}],"name":"x"}}"#,
      "/video/clips/0/com.example.countdown/_0/from"
    ),
    // A missing required field is reported at its object.
    (
      #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"from":3}}}],"name":"x"}}"#,
      "/video/clips/0/com.example.countdown/_0"
    ),
    // A field the kind does not have.
    (
      #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":1,"value":3},"from":3,"extra":1}}}],"name":"x"}}"#,
      "/video/clips/0/com.example.countdown/_0/extra"
    ),
    // A timescale of zero.
    (
      #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":0,"value":3},"from":3}}}],"name":"x"}}"#,
      "/video/clips/0/com.example.countdown/_0/duration/timescale"
    ),
    // A timescale beyond Int32.
    (
      #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"_0":{"duration":{"timescale":4294967296,"value":3},"from":3}}}],"name":"x"}}"#,
      "/video/clips/0/com.example.countdown/_0/duration/timescale"
    ),
    // A clip with two kind keys.
    (
      #"{"schema":1,"video":{"clips":[{"a":{"_0":{}},"b":{"_0":{}}}],"name":"x"}}"#,
      "/video/clips/0"
    ),
    // A clip whose payload box is not {"_0": …}.
    (
      #"{"schema":1,"video":{"clips":[{"com.example.countdown":{"payload":{}}}],"name":"x"}}"#,
      "/video/clips/0/com.example.countdown"
    ),
    // An unknown top-level key.
    (#"{"schema":1,"video":{"clips":[],"name":"x"},"extra":true}"#, "/extra"),
    // No composition at all.
    (#"{"schema":1}"#, ""),
  ])
  func refusesMalformedContentAtItsPointer(json: String, pointer: String) throws {
    let error = try #require(throws: PersistenceError.self) {
      try Toy.coder().decode(ToyReel.self, from: Toy.bytes(json))
    }
    #expect(error.pointer?.description == pointer, "\(error)")
    #expect(error.errorDescription?.isEmpty == false)
  }
}
