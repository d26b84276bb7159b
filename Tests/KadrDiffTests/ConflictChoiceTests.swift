import Foundation
import KadrDiff
import KadrPersistence
import Testing

@Suite("Conflicts a person can act on")
struct ConflictChoiceTests {
  let differ = CompositionDiffer()

  func merge(
    _ base: [any Clip], _ ours: [any Clip], _ theirs: [any Clip], choosing: ConflictChoices
  ) throws -> MergeResult {
    try differ.merge(
      base: differ.coder.encode(Video(clips: base)), ours: differ.coder.encode(Video(clips: ours)),
      theirs: differ.coder.encode(Video(clips: theirs)), choosing: choosing)
  }

  var base: [any Clip] {
    (0..<4).map { Compositions.video("c\($0)", file: "\($0).mov", seconds: 4) }
  }

  /// Ours: c1's volume 0.2 and c3's trim 2 s; theirs: c1's volume 0.7, c3's trim 3 s, and a
  /// title added at the end (no conflict).
  var edits: (ours: [any Clip], theirs: [any Clip]) {
    var ours = base
    ours[1] = Compositions.video("c1", file: "1.mov").volume(0.2)
    ours[3] = Compositions.video("c3", file: "3.mov", seconds: 2)
    var theirs = base
    theirs[1] = Compositions.video("c1", file: "1.mov").volume(0.7)
    theirs[3] = Compositions.video("c3", file: "3.mov", seconds: 3)
    theirs.append(Compositions.title(id: "end"))
    return (ours, theirs)
  }

  @Test func aConflictSaysWhichFieldAndBothValuesInThePersonsUnits() throws {
    let (ours, theirs) = edits
    let result = try merge(base, ours, theirs, choosing: .keepingAll(.ours))
    #expect(
      result.conflicts.map(\.sentence) == [
        "clip “c1”, volume: yours 20 %, theirs 70 % (was 100 %); kept yours",
        "clip “c3”, trim duration: yours 2 s, theirs 3 s (was 4 s); kept yours",
      ])
    #expect(result.conflicts.map(\.field) == ["/volumeLevel", "/trimRange/duration"])
    #expect(result.conflicts.map(\.fieldName) == ["volume", "trim duration"])
    #expect(
      result.conflicts.first?.description
        == "clip “c1”, volume: yours 20 %, theirs 70 % (was 100 %); kept yours "
        + "[/video/clips/1/video/_0/volumeLevel]")
  }

  @Test func choicesResolveEachConflictAndKeepEveryOtherChangeOfBothSides() throws {
    let (ours, theirs) = edits
    let first = try merge(base, ours, theirs, choosing: ConflictChoices())
    #expect(first.openConflicts.map(\.id) == first.conflicts.map(\.id))
    #expect(!first.isDecided)
    let volume = try #require(first.openConflicts.first { $0.fieldName == "volume" })
    let trim = try #require(first.openConflicts.first { $0.fieldName == "trim duration" })

    var choices = ConflictChoices()
    choices.keep(.theirs, for: volume)
    choices.keep(.ours, for: trim)
    let decided = try merge(base, ours, theirs, choosing: choices)
    #expect(decided.isDecided)
    #expect(decided.conflicts.map(\.resolution) == [.theirs, .ours])
    var expected = ours
    expected[1] = theirs[1]
    expected.append(Compositions.title(id: "end"))
    #expect(try Compositions.json(decided.video) == Compositions.json(Video(clips: expected)))

    // One choice made: the other conflict stays open, resolved to ours for now.
    let half = try merge(
      base, ours, theirs, choosing: ConflictChoices().keeping(.theirs, for: trim))
    #expect(half.openConflicts.map(\.id) == [volume.id])
    #expect(half.conflicts.map(\.resolution) == [.ours, .theirs])
  }

  @Test func aDeletionAgainstAnEditSaysWhoDidWhat() throws {
    var ours = base
    ours.remove(at: 2)
    var theirs = base
    theirs[2] = Compositions.video("c2", file: "2.mov").volume(0.5)
    let result = try merge(base, ours, theirs, choosing: ConflictChoices(otherwise: .theirs))
    let conflict = try #require(result.conflicts.first)
    #expect(conflict.sentence == "clip “c2”: you deleted it, they changed it; kept theirs")
    #expect(conflict.oursText == "deleted")
    #expect(result.isDecided)
    #expect(Compositions.ids(result.video.clips) == ["c0", "c1", "c2", "c3"])
  }

  /// A time is one value: two sides that wrote the same trim at different timescales must not
  /// give a mixture of one side's count and the other's timescale.
  @Test func aTimeMergesAsOneValueNotAsItsNumeratorAndTimescale() throws {
    let start = Time(value: 0, timescale: 600)
    let clip = { (duration: Time) -> any Clip in
      VideoClip(url: URL(fileURLWithPath: "/media/x.mov"))
        .trimmed(to: TimeRange(start: start, duration: duration)).id(ClipID("x"))
    }
    let base = [clip(Time(value: 2400, timescale: 600))]
    let ours = [clip(Time(value: 1200, timescale: 600))]  // 2 s
    let theirs = [clip(Time(value: 72_000, timescale: 24_000))]  // 3 s
    let result = try merge(base, ours, theirs, choosing: .keepingAll(.ours))
    #expect(result.conflicts.map(\.field) == ["/trimRange/duration"])
    #expect(result.conflicts.first?.theirsText == "3 s")
    #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: ours)))
    let theirsKept = try merge(base, ours, theirs, choosing: .keepingAll(.theirs))
    #expect(try Compositions.json(theirsKept.video) == Compositions.json(Video(clips: theirs)))
  }

  @Test func conflictsWrittenBeforeTheFieldExistedStillDecode() throws {
    let old = Data(
      (#"{"kind":"bothChanged","pointer":"/video/preset","label":"preset","resolution":"ours","#
        + #""ours":{"kind":"auto"},"theirs":{"kind":"square"}}"#).utf8)
    let conflict = try JSONDecoder().decode(MergeConflict.self, from: old)
    #expect(conflict.field.isEmpty)
    #expect(conflict.base == nil)
    let again = try JSONDecoder().decode(
      MergeConflict.self, from: try JSONEncoder().encode(conflict))
    #expect(again == conflict)
    let choices = ConflictChoices().keeping(.theirs, for: conflict)
    let restored = try JSONDecoder().decode(
      ConflictChoices.self, from: try JSONEncoder().encode(choices))
    #expect(restored.side(for: conflict) == .theirs)
  }
}

@Suite("Conflicts name clips as the person named them")
struct NamedConflictTests {
  @Test func aNamedClipIsCalledByItsName() throws {
    let differ = CompositionDiffer()
    let clip = { (volume: Double) -> any Clip in
      Compositions.video("c1", file: "1.mov").named("Interview").volume(volume)
    }
    let result = try differ.merge(
      base: differ.coder.encode(Video(clips: [clip(1)])),
      ours: differ.coder.encode(Video(clips: [clip(0.2)])),
      theirs: differ.coder.encode(Video(clips: [clip(0.7)])), choosing: .keepingAll(.theirs))
    #expect(
      result.conflicts.map(\.sentence) == [
        "clip “Interview”, volume: yours 20 %, theirs 70 % (was 100 %); kept theirs"
      ])
  }
}
