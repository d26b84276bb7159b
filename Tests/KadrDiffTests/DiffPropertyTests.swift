import Foundation
import KadrDiff
import KadrPersistence
import Testing

@Suite("Composition diff, random edits")
struct DiffPropertyTests {
  /// A random edit script over `clips`: each edit on a different clip, at most one move.
  static func script(for clips: [any Clip], random: inout SeededRandom, fresh: inout Int) -> [Edit]
  {
    let all = Compositions.ids(clips).shuffled(using: &random)
    let topLevel = Set(clips.compactMap { $0.clipID?.rawValue })
    var edits: [Edit] = []
    var moved = false
    for id in all.prefix(Int.random(in: 1...max(1, all.count / 2), using: &random)) {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: edits.append(.retime(id))
      case 1: edits.append(.modify(id))
      case 2 where topLevel.contains(id): edits.append(.remove(id))
      case 3 where topLevel.contains(id):
        fresh += 1
        edits.append(.insert(new: "n\(fresh)", after: id))
      case 4 where topLevel.contains(id) && !moved && topLevel.count > 2:
        let anchor = topLevel.filter { $0 != id }.sorted().randomElement(using: &random) ?? id
        moved = true
        edits.append(.move(id, after: anchor))
      default: edits.append(.modify(id))
      }
    }
    return edits
  }

  @Test(arguments: 0..<40)
  func diffRecoversARandomEditScript(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let before = Compositions.random(count: Int.random(in: 3...14, using: &random), random: &random)
    var fresh = 0
    let edits = Self.script(for: before, random: &random, fresh: &fresh)
    let after = Edit.apply(edits, to: before)
    let diff = try CompositionDiffer().diff(from: Video(clips: before), to: Video(clips: after))
    var kinds: [String: DiffChange.Kind] = [:]
    for change in diff.changes where change.label.hasPrefix("clip “") {
      kinds[String(change.label.dropFirst(6).dropLast())] = change.kind
    }
    // A move after the clip it already follows changes nothing: count the moves that reorder.
    let beforeIDs = before.compactMap { $0.clipID?.rawValue }
    let afterIDs = after.compactMap { $0.clipID?.rawValue }
    let hasMove =
      beforeIDs.filter(afterIDs.contains) != afterIDs.filter(beforeIDs.contains)
    #expect(diff.count(of: .moved) == (hasMove ? 1 : 0), "\(edits)")
    for edit in edits {
      let expected: DiffChange.Kind =
        switch edit {
        case .retime: .retimed
        case .modify: .modified
        case .remove: .removed
        case .insert: .added
        case .move: .moved
        }
      let found = kinds[edit.target]
      if case .move = edit, !hasMove { continue }
      // With a move in the script, the longest run may keep the moved clip and move its
      // neighbour instead (moving A after B and B before A are the same edit).
      #expect(
        found == expected || (hasMove && found == .moved) || (hasMove && expected == .moved),
        "\(edit) gave \(String(describing: found)) in \(edits)")
    }
    let edited = Set(edits.map(\.target))
    for (id, kind) in kinds where !edited.contains(id) {
      #expect(kind == .shifted || kind == .moved, "\(id) is \(kind) but was not edited: \(edits)")
    }
  }

  @Test(arguments: 0..<30)
  func clipsWithoutIdentityAroundEditsAreNotReportedAsMoved(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 2000)
    // Identified clips with identical transitions and id-less titles between them.
    var before: [any Clip] = []
    for clip in Compositions.random(count: Int.random(in: 4...12, using: &random), random: &random)
    {
      before.append(clip)
      if Bool.random(using: &random) { before.append(Transition.fade(duration: 0.5)) }
      if Bool.random(using: &random) { before.append(TitleSequence("Same", duration: 1)) }
    }
    var fresh = 0
    let edits = Self.script(for: before, random: &random, fresh: &fresh).filter {
      if case .move = $0 { false } else { true }
    }
    let after = Edit.apply(edits, to: before)
    let diff = try CompositionDiffer().diff(from: Video(clips: before), to: Video(clips: after))
    #expect(diff.count(of: .moved) == 0, "\(edits)")
    #expect(diff.changes.allSatisfy { $0.kind != .modified || $0.label.hasPrefix("clip “") })
  }

  @Test(arguments: 0..<20)
  func diffOfACompositionWithItselfIsEmpty(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 1000)
    let clips = Compositions.random(count: Int.random(in: 0...20, using: &random), random: &random)
    let diff = try CompositionDiffer().diff(from: Video(clips: clips), to: Video(clips: clips))
    #expect(diff.isEmpty)
  }
}
