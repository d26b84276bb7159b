import Foundation
import KadrDiff
import KadrPersistence
import KadrPluginExample
import Testing

@Suite("Composition diff")
struct DiffTests {
  let differ = CompositionDiffer()

  func diff(_ before: [any Clip], _ after: [any Clip]) throws -> CompositionDiff {
    try differ.diff(from: Video(clips: before), to: Video(clips: after))
  }

  func change(_ diff: CompositionDiff, _ label: String) -> DiffChange? {
    diff.changes.first { $0.label == label }
  }

  @Test func equalCompositionsHaveNoChanges() throws {
    let clips: [any Clip] = [Compositions.video("a"), Compositions.title(id: "t")]
    let result = try diff(clips, clips)
    #expect(result.isEmpty)
    #expect(result.unchangedCount == 2)
    #expect(result.summary == "2 unchanged")
  }

  @Test func trimmedClipIsRetimedByHowMuchAndLaterClipsShift() throws {
    let before: [any Clip] = [
      Compositions.video("a", seconds: 5), Compositions.video("b"), Compositions.title(id: "t"),
    ]
    let after: [any Clip] = [
      Compositions.video("a", seconds: 4), Compositions.video("b"), Compositions.title(id: "t"),
    ]
    let result = try diff(before, after)
    #expect(result.summary == "1 retimed, 2 shifted, 0 unchanged")
    let retimed = try #require(change(result, "clip “a”"))
    #expect(retimed.kind == .retimed)
    #expect(retimed.before?.duration.seconds == 5)
    #expect(retimed.after?.duration.seconds == 4)
    #expect(retimed.fields.map(\.field).allSatisfy { $0.hasPrefix("/trimRange") })
    let shifted = try #require(change(result, "clip “b”"))
    #expect(shifted.kind == .shifted)
    #expect(shifted.before?.start?.seconds == 5)
    #expect(shifted.after?.start?.seconds == 4)
    #expect(shifted.fields.isEmpty)
  }

  @Test func oneInsertionMovesNothing() throws {
    let before: [any Clip] = (0..<8).map { Compositions.video("c\($0)", file: "\($0).mov") }
    var after = before
    after.insert(Compositions.title(id: "new"), at: 3)
    let result = try diff(before, after)
    #expect(result.count(of: .added) == 1)
    #expect(result.count(of: .moved) == 0)
    #expect(result.count(of: .shifted) == 5)
    #expect(change(result, "clip “new”")?.kind == .added)
  }

  @Test func movingOneClipToTheEndMovesExactlyThatClip() throws {
    let before: [any Clip] = (0..<6).map { Compositions.video("c\($0)", file: "\($0).mov") }
    var after = before
    after.append(after.remove(at: 1))
    let result = try diff(before, after)
    #expect(result.changes(of: .clip).filter { $0.kind == .moved }.map(\.label) == ["clip “c1”"])
  }

  @Test func removedClipIsReportedWhereItWas() throws {
    let before: [any Clip] = [
      Compositions.video("a"), Compositions.video("b"), Compositions.video("c"),
    ]
    let after: [any Clip] = [Compositions.video("a"), Compositions.video("c")]
    let result = try diff(before, after)
    let removed = try #require(change(result, "clip “b”"))
    #expect(removed.kind == .removed)
    #expect(removed.beforePointer == "/video/clips/1")
    #expect(removed.afterPointer == nil)
    #expect(result.changes.first?.label == "clip “b”")
  }

  @Test func clipsWithoutIdsMatchByMediaURLAndInPoint() throws {
    let before: [any Clip] = [
      Compositions.video(nil, file: "x.mov", from: 0),
      Compositions.video(nil, file: "x.mov", from: 10),
    ]
    let after: [any Clip] = [
      Compositions.video(nil, file: "x.mov", from: 10).volume(0.5),
      Compositions.video(nil, file: "x.mov", from: 0),
    ]
    let result = try diff(before, after)
    // Swapped by identity (one moved), and the volume change is found on the right clip.
    #expect(result.count(of: .moved) == 1)
    let edited = try #require(result.changes.first { $0.afterPath == [0] })
    #expect(edited.fields.contains { $0.field == "/volumeLevel" && $0.after == .number(0.5) })
  }

  @Test func equalKeysPairIdenticalValuesFirst() throws {
    let plain = TitleSequence("Same", duration: 2)
    let before: [any Clip] = [plain, TitleSequence("Other", duration: 2)]
    let after: [any Clip] = [
      TitleSequence("Inserted", duration: 2), plain, TitleSequence("Other", duration: 2),
    ]
    let result = try diff(before, after)
    #expect(result.count(of: .added) == 1)
    #expect(result.count(of: .modified) == 0)
    #expect(result.changes.first { $0.kind == .added }?.afterPath == [0])
  }

  @Test func removingOneOfManyIdenticalTransitionsMovesNothing() throws {
    // Clips with ids between identical transitions: pairing the transitions in order across
    // the whole list would pair each one after the removed one with its neighbour's.
    var before: [any Clip] = []
    for index in 0..<12 {
      before.append(Compositions.video("c\(index)", file: "\(index).mov"))
      before.append(Transition.dissolve(duration: 0.5))
      before.append(TitleSequence("Same", duration: 1))
    }
    before.append(Compositions.video("last", file: "last.mov"))
    var after = before
    after.remove(at: 7)  // a transition
    after.remove(at: 19)  // a title
    let result = try diff(before, after)
    #expect(result.count(of: .moved) == 0)
    #expect(result.count(of: .removed) == 2)
    #expect(result.count(of: .modified) == 0)
  }

  @Test func filterAndItsIdAreFieldChanges() throws {
    let base = Compositions.video("a")
    let before: [any Clip] = [base.filter(.sepia(intensity: 0.4), id: "warm")]
    let after: [any Clip] = [base.filter(.sepia(intensity: 0.8), id: "warm2")]
    let result = try diff(before, after)
    let modified = try #require(change(result, "clip “a”"))
    #expect(modified.kind == .modified)
    let fields = Set(modified.fields.map(\.field))
    #expect(fields.contains("/filterIDs/0"))
    #expect(fields.contains { $0.hasPrefix("/filters/0") })
  }

  @Test func transformOpacityAndSpeedAreFieldChanges() throws {
    let base = Compositions.video("a")
    let after: [any Clip] = [
      base.transform(Transform(rotation: 0.5)).opacity(0.5).speed(.flat(2))
    ]
    let result = try diff([base], after)
    let found = try #require(change(result, "clip “a”"))
    // Speed halves the duration: a retime, with every field listed.
    #expect(found.kind == .retimed)
    let fields = found.fields.map(\.field)
    #expect(fields.contains { $0.hasPrefix("/transform") })
    #expect(fields.contains("/opacity"))
    #expect(fields.contains("/speedRate"))
  }

  @Test func titleTextAndStyleAreFieldChanges() throws {
    var style = TextStyle.default
    style.fontSize = 80
    let before: [any Clip] = [Compositions.title(id: "t", text: "Hello")]
    let after: [any Clip] = [
      TitleSequence(text: "Hello, world", style: style, duration: Time(seconds: 2), clipID: "t")
    ]
    let result = try diff(before, after)
    let found = try #require(change(result, "clip “t”"))
    #expect(found.kind == .modified)
    #expect(found.fields.contains { $0.field == "/text" && $0.after == .string("Hello, world") })
    #expect(found.fields.contains { $0.field == "/style/fontSize" })
  }

  @Test func nestedTrackClipsAreComparedRecursively() throws {
    let track = { (seconds: Double) in
      Track(
        clips: [Compositions.video("inner", seconds: seconds), Compositions.video("next")],
        name: "b-roll")
    }
    let result = try diff(
      [Compositions.video("main"), track(2)], [Compositions.video("main"), track(3)])
    #expect(change(result, "clip “inner”")?.kind == .retimed)
    #expect(change(result, "clip “inner”")?.afterPath == [1, 0])
    #expect(change(result, "clip “next”")?.kind == .shifted)
    // The track itself is longer; its child list is not one of its fields.
    let parent = try #require(change(result, "track “b-roll”"))
    #expect(parent.kind == .retimed)
    #expect(parent.fields.isEmpty)
  }

  @Test func overlaysAudioCaptionsPresetAndQualityAreCompared() throws {
    let music = URL(fileURLWithPath: "/media/music.m4a")
    let before = Video(clips: [Compositions.video("a")])
      .overlay(TextOverlay("Hi").id("wm"))
      .audio { AudioTrack(url: music).fadeIn(1) }
      .captions([Caption(text: "one", timeRange: TimeRange(0...1))])
    let after = Video(clips: [Compositions.video("a")])
      .overlay(TextOverlay("Hi").id("wm").opacity(0.5))
      .overlay(TextOverlay("New").id("badge"))
      .audio {
        AudioTrack(url: music).fadeIn(2).ducking(0.3).volumeRamp(start: 0, end: 1, during: 0...1)
      }
      .captions([Caption(text: "uno", timeRange: TimeRange(0...1))])
      .preset(.cinema).quality(.bitrate(5_000_000))
    let result = try differ.diff(from: before, to: after)
    #expect(result.changes(of: .overlay).map(\.kind) == [.modified, .added])
    let audio = try #require(result.changes(of: .audioTrack).first)
    #expect(audio.kind == .modified)
    let audioFields = Set(
      audio.fields.map { $0.field.split(separator: "/").first.map(String.init) ?? "" })
    #expect(audioFields.isSuperset(of: ["fadeInDuration", "duckingLevel", "volumeRamps"]))
    #expect(result.changes(of: .caption).first?.fields.first?.field == "/text")
    #expect(Set(result.changes(of: .composition).map(\.label)) == ["preset", "quality"])
    #expect(result.frameRate == 24)
  }

  @Test func animationKeyframesAreFieldChanges() throws {
    let base = Compositions.video("a")
    let fade = { (end: Double) in
      base.opacity(1, animation: .keyframes([.at(0, value: 0), .at(1, value: end)]))
    }
    let result = try diff([fade(1)], [fade(0.5)])
    let found = try #require(change(result, "clip “a”"))
    #expect(found.kind == .modified)
    #expect(found.fields.map(\.field) == ["/opacityAnimation/keyframes/1/value"])
  }

  @Test func pluginKindsDiffByTheirCodecsPayload() throws {
    let differ = CompositionDiffer(coder: KadrCoder(registry: try ExamplePlugin.registry()))
    let result = try differ.diff(
      from: Video(clips: [Countdown(from: 3)]), to: Video(clips: [Countdown(from: 5)]))
    let found = try #require(result.changes.first)
    #expect(found.kindID == CountdownCodec.kindID.rawValue)
    #expect(found.fields.contains { $0.field == "/from" && $0.after == .integer(5) })
  }

  @Test func unknownKindsKeptVerbatimDiffByTheirJSON() throws {
    let document = { (value: Int) throws -> KadrDocument in
      // An empty composition as the coder writes it, with one clip of a kind no codec knows.
      guard case .object(var envelope) = try Compositions.json(Video(clips: [])),
        case .object(var video)? = envelope["video"]
      else { throw DiffError(.notADocument) }
      video["clips"] = .array([["com.example.countdown": ["_0": ["from": .integer(Int64(value))]]]])
      envelope["video"] = .object(video)
      return KadrDocument(json: .object(envelope))
    }
    let result = try differ.diff(from: try document(3), to: try document(5))
    let change = try #require(result.changes.first)
    #expect(change.kindID == "com.example.countdown")
    #expect(change.fields == [FieldChange(field: "/from", before: .integer(3), after: .integer(5))])
  }

  @Test func diffRoundTripsThroughCodable() throws {
    let result = try diff(
      [Compositions.video("a", seconds: 5), Compositions.title(id: "t")],
      [Compositions.video("a", seconds: 4), Compositions.title(id: "u")])
    let data = try JSONEncoder().encode(result)
    #expect(try JSONDecoder().decode(CompositionDiff.self, from: data) == result)
  }

  @Test func renderedLinesGiveTimecodeAndSeconds() throws {
    let result = try diff(
      [Compositions.video("a", seconds: 5), Compositions.video("b")],
      [Compositions.video("a", seconds: 4.5), Compositions.video("b")])
    let lines = result.rendered().split(separator: "\n").map(String.init)
    #expect(lines.first == "1 retimed, 1 shifted, 0 unchanged")
    #expect(
      lines.contains {
        $0.hasPrefix("retimed  clip “a”  duration 00:00:05:00 (5 s) → 00:00:04:15 (4.5 s), −0.5 s")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("shifted  clip “b”  start 00:00:05:00 (5 s) → 00:00:04:15 (4.5 s)")
      })
  }
}
