import Foundation
import KadrDiff
import KadrPersistence
import Testing

@Suite("Three-way merge, random edits")
struct MergePropertyTests {
  /// Two edit scripts on disjoint clips of `base`; insertions anchor on clips neither side
  /// touches, so applying both in either order gives one composition.
  static func disjointScripts(_ base: [any Clip], random: inout SeededRandom) -> ([Edit], [Edit]) {
    let topLevel = base.compactMap { $0.clipID?.rawValue }.shuffled(using: &random)
    let anchors = Array(topLevel.prefix(2))
    let rest = Compositions.ids(base).filter { !anchors.contains($0) }.shuffled(using: &random)
    var scripts: ([Edit], [Edit]) = ([], [])
    for (index, id) in rest.enumerated() where Bool.random(using: &random) {
      let edit: Edit =
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .retime(id)
        case 1 where topLevel.contains(id): .remove(id)
        default: .modify(id)
        }
      if index % 2 == 0 { scripts.0.append(edit) } else { scripts.1.append(edit) }
    }
    if let anchor = anchors.first { scripts.0.append(.insert(new: "ours-new", after: anchor)) }
    if let anchor = anchors.last { scripts.1.append(.insert(new: "theirs-new", after: anchor)) }
    return scripts
  }

  @Test(arguments: 0..<30)
  func mergeOfDisjointEditsEqualsApplyingBoth(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 7)
    let base = Compositions.random(count: Int.random(in: 4...12, using: &random), random: &random)
    let (mine, other) = Self.disjointScripts(base, random: &random)
    let differ = CompositionDiffer()
    let documents = try [base, Edit.apply(mine, to: base), Edit.apply(other, to: base)].map {
      try differ.coder.encode(Video(clips: $0))
    }
    let merged = try differ.merge(base: documents[0], ours: documents[1], theirs: documents[2])
    #expect(merged.isClean, "\(merged.conflicts)")
    let expected = Edit.apply(mine + other, to: base)
    #expect(
      try Compositions.json(merged.video) == Compositions.json(Video(clips: expected)),
      "ours \(mine) theirs \(other)")
    let swapped = try differ.merge(base: documents[0], ours: documents[2], theirs: documents[1])
    #expect(try Compositions.json(swapped.video) == Compositions.json(merged.video))
  }

  @Test(arguments: 0..<30)
  func mergeIsSymmetricUpToTheConflictChoice(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 500)
    let base = Compositions.random(count: Int.random(in: 3...10, using: &random), random: &random)
    // Overlapping scripts without insertions or moves: conflicts happen, order does not.
    let ids = Compositions.ids(base)
    func script() -> [Edit] {
      ids.shuffled(using: &random).prefix(Int.random(in: 1...ids.count, using: &random)).map {
        Bool.random(using: &random) ? Edit.retime($0) : Edit.modify($0)
      }
    }
    let (mine, other) = (script(), script())
    let differ = CompositionDiffer()
    let documents = try [base, Edit.apply(mine, to: base), Edit.apply(other, to: base)].map {
      try differ.coder.encode(Video(clips: $0))
    }
    let forward = try differ.merge(
      base: documents[0], ours: documents[1], theirs: documents[2], preferring: .ours)
    let backward = try differ.merge(
      base: documents[0], ours: documents[2], theirs: documents[1], preferring: .theirs)
    #expect(try Compositions.json(forward.video) == Compositions.json(backward.video))
    #expect(forward.conflicts.map(\.label).sorted() == backward.conflicts.map(\.label).sorted())
  }
}
