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

/// The texts of a live document's clips, deflated in blocks: what they hold reads back, the
/// blocks two versions share are found without reading them, and alike clips take a small
/// part of their text's size.
@Suite("Clip texts: deflated blocks")
struct ClipTextsTests {
  static func texts(_ count: Int) throws -> [String] {
    try (0..<count).map { try LiveDocumentTests.clip($0).jsonText() }
  }

  @Test func whatIsHeldReadsBackThroughEdits() throws {
    var plain = try Self.texts(150)
    var texts = ClipTexts(plain)
    for step in 0..<400 {
      let mixed = step &* 2_654_435_761 & 0x7FFF_FFFF
      let index = plain.isEmpty ? 0 : mixed % plain.count
      switch (mixed >> 8) % 4 {
      case 0:
        let place = min(plain.count, 70)
        try texts.insert("\"inserted \(step)\"", at: place)
        plain.insert("\"inserted \(step)\"", at: place)
      case 1 where !plain.isEmpty:
        try texts.remove(at: index)
        plain.remove(at: index)
      case 2 where !plain.isEmpty:
        try texts.replace(at: index, with: "{\"é\":\"\u{1F3AC} \(step)\"}")
        plain[index] = "{\"é\":\"\u{1F3AC} \(step)\"}"
      default:
        if !plain.isEmpty { #expect(try texts.text(at: index) == plain[index]) }
      }
      #expect(texts.count == plain.count)
    }
    #expect(try texts.all() == plain)
    // A zero byte joins the texts: the writer never writes one raw.
    let nul = try JSONValue.string("nul \u{0} inside").jsonText()
    #expect(!nul.utf8.contains(0))
    #expect(try ClipTexts([nul, nul]).all() == [nul, nul])
    #expect(try ClipTexts([]).all().isEmpty)
    #expect(try ClipTexts([""]).all() == [""], "an empty text is not lost")
  }

  @Test func twoVersionsDifferWhereTheirTextsDo() throws {
    let start = ClipTexts(try Self.texts(300))
    for seed in 0..<25 {
      var other = start
      var plain = try start.all()
      for step in 0..<(seed % 4 + 1) {
        let index = (seed &* 7_919 &+ step &* 104_729) % plain.count
        switch (seed + step) % 3 {
        case 0:
          try other.replace(at: index, with: "\"changed \(seed) \(step)\"")
          plain[index] = "\"changed \(seed) \(step)\""
        case 1:
          try other.insert("\"new \(seed) \(step)\"", at: index)
          plain.insert("\"new \(seed) \(step)\"", at: index)
        default:
          try other.remove(at: index)
          plain.remove(at: index)
        }
      }
      let old = try start.all()
      let expected = LivePatch.middles(old.count, plain.count) { old[$0] == plain[$1] }
      let found = try ClipTexts.middles(start, other)
      #expect(found.old == expected.old && found.new == expected.new, "seed \(seed)")
      if expected.old.count == expected.new.count {
        #expect(
          try start.differences(from: other, in: found.old)
            == expected.old.filter { old[$0] != plain[$0] }, "seed \(seed)")
      }
    }
    let same = try ClipTexts.middles(start, start)
    #expect(same.old.isEmpty && same.new.isEmpty)
  }

  @Test func alikeClipsTakeAPartOfTheirTextsSize() throws {
    let plain = try Self.texts(10_000)
    let held = ClipTexts(plain).deflatedBytes
    let text = plain.reduce(0) { $0 + $1.utf8.count }
    // Figure: 10,000 of these clips' texts are 1,066 kB; held, 117 kB.
    #expect(held * 4 < text, "\(held) bytes held for \(text) of text")
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
