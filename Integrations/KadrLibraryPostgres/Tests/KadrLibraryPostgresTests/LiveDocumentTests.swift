import Foundation
import KadrDiff
import KadrPersistence
import Testing

@testable import KadrLibraryPostgres

/// The live session's document (clips as text, in blocks) against the JSON tree it stands for:
/// every patch gives the same document either way, through inserts and removals that split
/// and empty blocks, and a patch found between two of them leads from one to the other.
@Suite("Live document: clips as text in blocks")
struct LiveDocumentTests {
  /// A document of `count` clips, with a member beside the clips and one beside `video`.
  static func document(clips count: Int) -> JSONValue {
    .object([
      "schema": .integer(1),
      "video": .object([
        "clips": .array((0..<count).map { clip($0) }),
        "quality": .string("high"),
      ]),
    ])
  }

  static func clip(_ number: Int) -> JSONValue {
    .object([
      "kind": .string("title"),
      "id": .string("c\(number)"),
      "text": .string("Title \(number) \u{201C}quoted\u{201D}"),
      "duration": .object(["value": .integer(Int64(number * 600)), "timescale": .integer(600)]),
    ])
  }

  /// One operation that fits a document of `count` clips.
  /// Each step's choice of operation and place follows from the step and `seed` alone, so a
  /// failure can be replayed.
  static func operation(count: Int, step: Int, seed: Int) -> LivePatch.Operation {
    let clips: [LivePathStep] = [.key("video"), .key("clips")]
    let mixed = (step &+ seed) &* 2_654_435_761 & 0x7FFF_FFFF
    let index = count == 0 ? 0 : mixed % count
    switch (mixed >> 8) % 10 {
    case 0, 1:
      // Many inserts near one place: a block grows past twice its size and splits.
      return .add(clips + [.index(min(count, 70))], clip(1000 + step))
    case 2:
      return count > 0 ? .remove(clips + [.index(index)]) : .add(clips + [.index(0)], clip(step))
    case 3:
      return count > 0
        ? .replace(clips + [.index(index)], clip(2000 + step))
        : .add(clips + [.index(0)], clip(step))
    case 4: return .replace([.key("video"), .key("quality")], .string("q\(step)"))
    case 5: return .add([.key("payloadVersions")], .object(["x": .integer(Int64(step))]))
    default:
      guard count > 0 else { return .add(clips + [.index(0)], clip(step)) }
      return .replace(clips + [.index(index), .key("text")], .string("edit \(step)"))
    }
  }

  @Test func everyPatchGivesTheTreesDocument() throws {
    var tree = Self.document(clips: 150)
    var live = try LiveDocument(tree)
    for step in 0..<600 {
      let count = live.clipCount
      let patch = LivePatch(operations: [Self.operation(count: count, step: step, seed: 59)])
      let before = live
      tree = try patch.applied(to: tree)
      live = try live.applying(patch)
      #expect(try live.json.jsonText() == tree.jsonText(), "step \(step): \(patch.operations)")
      #expect(try before.applying(patch).data() == live.data(), "an earlier version is unchanged")
    }
    // The list of clips replaced whole, and then removed: read as the tree reads them.
    let whole = LivePatch(operations: [
      .replace([.key("video"), .key("clips")], .array([Self.clip(7)])),
      .remove([.key("video"), .key("clips")]),
      .add([.key("video"), .key("clips")], .array([Self.clip(8), Self.clip(9)])),
    ])
    #expect(
      try live.applying(whole).json.jsonText() == whole.applied(to: tree).jsonText())
    #expect(try live.applying(whole).clipCount == 2)
  }

  @Test func aPatchFoundBetweenTwoDocumentsLeadsFromOneToTheOther() throws {
    let start = try LiveDocument(Self.document(clips: 200))
    var other = start
    for step in 0..<40 {
      let patch = LivePatch(operations: [
        Self.operation(count: other.clipCount, step: step, seed: 7)
      ])
      other = try other.applying(patch)
      let found = try LiveDocument.patch(from: start, to: other)
      #expect(try start.applying(found).data() == other.data(), "step \(step)")
      #expect(
        try found.operations.count <= LivePatch.between(start.json, other.json).operations.count)
    }
    #expect(try LiveDocument.patch(from: other, to: other).isEmpty)
  }

  @Test func aPlaceThatIsNotThereIsNamedWhole() throws {
    let live = try LiveDocument(Self.document(clips: 3))
    let missing: [LivePatch.Operation] = [
      .remove([.key("video"), .key("clips"), .index(5)]),
      .replace([.key("video"), .key("clips"), .index(1), .key("volume")], .integer(1)),
      .add([.key("video"), .key("clips"), .index(4)], Self.clip(4)),
    ]
    for operation in missing {
      #expect(throws: LivePatch.Mismatch.self) {
        try live.applying(LivePatch(operations: [operation]))
      }
      do {
        _ = try live.applying(LivePatch(operations: [operation]))
      } catch {
        #expect(error.pointer == LivePatch.pointer(operation.path))
      }
    }
  }

  @Test func aDocumentWithoutAListOfClipsIsHeldWhole() throws {
    let bare: JSONValue = .object(["schema": .integer(1), "video": .object(["quality": .null])])
    var live = try LiveDocument(bare)
    #expect(live.clips == nil && live.clipCount == 0)
    live = try live.applying(
      LivePatch(operations: [.add([.key("video"), .key("clips")], .array([Self.clip(1)]))]))
    #expect(live.clipCount == 1, "a list of clips added is held as text from then on")
    #expect(live.clip(0) == Self.clip(1).sortedKeys)
  }
}

/// Crossing edits rebased clip by clip give what a merge of the whole composition gives: the
/// same document and the same conflicts, at the same places.
@Suite("Live rebase: clip by clip")
struct LiveRebaseTests {
  static func titles(_ edits: [Int: String] = [:]) throws -> LiveDocument {
    let video = Video(
      clips: (0..<40).map { TitleSequence(edits[$0] ?? "t\($0)", duration: 1).id(ClipID("c\($0)")) }
    )
    return try LiveDocument(KadrCoder().encode(video).json)
  }

  @Test func crossingEditsOfTheSameClipsMergeAsTheWholeDoes() throws {
    let base = try Self.titles()
    let made = try Self.titles([5: "mine", 9: "mine too"])
    let after = try Self.titles([5: "theirs", 20: "theirs too"])
    let patch = try LiveDocument.patch(from: base, to: made)
    let edit = LiveLog.Edit(
      sequence: 1, session: UUID(), number: 1, editor: "Ben", patchBytes: Data(), conflicts: [],
      maximumPatchBytes: 1_000)
    let rebased = try LiveSession.rebase(
      [LiveSession.Pending(number: 1, firstNumber: 1, patch: patch, conflicts: [])], from: base,
      onto: after,
      over: edit, coder: KadrCoder())
    let whole = try CompositionDiffer(coder: KadrCoder()).merge(
      base: KadrDocument(json: base.json), ours: KadrDocument(json: made.json),
      theirs: KadrDocument(json: after.json), preferring: .ours)
    #expect(try rebased.local.data() == KadrDocument(json: whole.document.json).data())
    #expect(rebased.pending.first?.conflicts.map(\.conflict) == whole.conflicts)
    #expect(whole.conflicts.map(\.pointer).contains { $0.hasPrefix("/video/clips/5/") })
    #expect(
      try after.applying(#require(rebased.pending.first).patch).data() == rebased.local.data())
  }
}
