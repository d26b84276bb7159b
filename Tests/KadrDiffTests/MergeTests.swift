import Foundation
import KadrDiff
import KadrPersistence
import Testing

@Suite("Three-way merge")
struct MergeTests {
  let differ = CompositionDiffer()

  func merge(
    _ base: [any Clip], _ ours: [any Clip], _ theirs: [any Clip], preferring: MergeSide = .ours
  ) throws -> MergeResult {
    try differ.merge(
      base: differ.coder.encode(Video(clips: base)), ours: differ.coder.encode(Video(clips: ours)),
      theirs: differ.coder.encode(Video(clips: theirs)), preferring: preferring)
  }

  var base: [any Clip] {
    (0..<5).map { Compositions.video("c\($0)", file: "\($0).mov", seconds: 4) }
  }

  @Test func trimOnOneSideAndATitleAtTheEndOnTheOtherGivesBoth() throws {
    var ours = base
    ours[3] = Compositions.video("c3", file: "3.mov", seconds: 2)
    let theirs = base + [Compositions.title(id: "end")]
    let result = try merge(base, ours, theirs)
    #expect(result.isClean)
    var expected = ours
    expected.append(Compositions.title(id: "end"))
    #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: expected)))
  }

  @Test func bothChangingOneFieldDifferentlyIsAConflictKeptAsOurs() throws {
    var ours = base
    ours[2] = Compositions.video("c2", file: "2.mov").volume(0.2)
    var theirs = base
    theirs[2] = Compositions.video("c2", file: "2.mov").volume(0.7)
    let result = try merge(base, ours, theirs)
    let conflict = try #require(result.conflicts.first)
    #expect(result.conflicts.count == 1)
    #expect(conflict.kind == .bothChanged)
    #expect(conflict.pointer == "/video/clips/2/video/_0/volumeLevel")
    #expect(conflict.label == "clip “c2”")
    #expect(conflict.resolution == .ours)
    #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: ours)))
    let preferringTheirs = try merge(base, ours, theirs, preferring: .theirs)
    #expect(
      try Compositions.json(preferringTheirs.video) == Compositions.json(Video(clips: theirs)))
  }

  @Test func deletingWhatTheOtherSideEditedIsAConflict() throws {
    var ours = base
    ours.remove(at: 1)
    var theirs = base
    theirs[1] = Compositions.video("c1", file: "1.mov").volume(0.3)
    let result = try merge(base, ours, theirs)
    #expect(result.conflicts.map(\.kind) == [.deletedAndChanged])
    #expect(result.conflicts.first?.pointer == "/video/clips/1")
    #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: ours)))
    let kept = try merge(base, ours, theirs, preferring: .theirs)
    #expect(try Compositions.json(kept.video) == Compositions.json(Video(clips: theirs)))
  }

  @Test func sameIdentityAddedDifferentlyOnBothSidesIsAConflict() throws {
    let ours = base + [Compositions.title(id: "end", text: "Bye")]
    let theirs = base + [Compositions.title(id: "end", text: "Goodbye")]
    let result = try merge(base, ours, theirs)
    #expect(result.conflicts.map(\.kind) == [.bothAdded])
    #expect(result.conflicts.first?.pointer == "/video/clips/5")
    #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: ours)))
    let same = try merge(base, ours, ours)
    #expect(same.isClean)
    #expect(try Compositions.json(same.video) == Compositions.json(Video(clips: ours)))
  }

  @Test func fieldsOfOneClipChangedOnBothSidesMerge() throws {
    var ours = base
    ours[0] = Compositions.video("c0", file: "0.mov").volume(0.5)
    var theirs = base
    theirs[0] = Compositions.video("c0", file: "0.mov").muted()
    let result = try merge(base, ours, theirs)
    #expect(result.isClean)
    let expected = Compositions.video("c0", file: "0.mov").volume(0.5).muted()
    #expect(
      try Compositions.json(result.video)
        == Compositions.json(Video(clips: [expected] + base.dropFirst())))
  }

  @Test func onlyTheirReorderingIsKeptWithOurAddition() throws {
    var ours = base
    ours.insert(Compositions.title(id: "mine"), at: 1)
    var theirs = base
    theirs.append(theirs.remove(at: 0))
    let result = try merge(base, ours, theirs)
    #expect(result.isClean)
    let ids = Compositions.ids(result.video.clips)
    #expect(ids == ["c1", "c2", "c3", "c4", "c0", "mine"])
  }

  @Test func editsInsideANestedTrackMerge() throws {
    let track = { (first: any Clip, second: any Clip) in
      Track(clips: [first, second], name: "broll")
    }
    let a = Compositions.video("a", file: "a.mov")
    let b = Compositions.video("b", file: "b.mov")
    let base: [any Clip] = [Compositions.video("main"), track(a, b)]
    let ours: [any Clip] = [Compositions.video("main"), track(a.volume(0.4), b)]
    let theirs: [any Clip] = [Compositions.video("main"), track(a, b.muted())]
    let result = try merge(base, ours, theirs)
    #expect(result.isClean)
    let expected: [any Clip] = [Compositions.video("main"), track(a.volume(0.4), b.muted())]
    #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: expected)))
  }

  @Test func compositionFieldsMergeAndConflict() throws {
    let clips = base
    let result = try differ.merge(
      base: differ.coder.encode(Video(clips: clips)),
      ours: differ.coder.encode(Video(clips: clips).preset(.cinema)),
      theirs: differ.coder.encode(Video(clips: clips).quality(.bitrate(1_000_000))))
    #expect(result.isClean)
    #expect(result.video.preset == .cinema)
    #expect(result.video.quality == .bitrate(1_000_000))
    let clash = try differ.merge(
      base: differ.coder.encode(Video(clips: clips)),
      ours: differ.coder.encode(Video(clips: clips).preset(.cinema)),
      theirs: differ.coder.encode(Video(clips: clips).preset(.square)))
    #expect(clash.conflicts.map(\.label) == ["preset"])
    #expect(clash.video.preset == .cinema)
  }
}
