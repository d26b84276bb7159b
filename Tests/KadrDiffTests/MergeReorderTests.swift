import Foundation
import KadrDiff
import KadrPersistence
import Testing

/// A reorder on one side and an edit on the other (issue #35): the edit must reach the value it
/// was made to, wherever the reorder put it, or the merge must report a conflict; never land
/// on a neighbour silently.
@Suite("Three-way merge, reorder against edit")
struct MergeReorderTests {
  let differ = CompositionDiffer()

  func merge(_ base: Video, _ ours: Video, _ theirs: Video) throws -> MergeResult {
    try differ.merge(
      base: differ.coder.encode(base), ours: differ.coder.encode(ours),
      theirs: differ.coder.encode(theirs))
  }

  /// `[saturation, vignette]`, with ids.
  static let graded = Compositions.video("c0", file: "0.mov")
    .filter(.saturation(0.5), id: "sat").filter(.vignette(intensity: 0.8), id: "vig")
  static let ramp = Animation<Double>.keyframes([.at(0, value: 0), .at(2, value: 1)])

  @Test func swappingTwoFiltersAndAnimatingSaturationKeepsTheAnimationOnSaturation() throws {
    let ours = Self.graded.moveFilters(fromOffsets: [0], toOffset: 2)
    let theirs = Self.graded.filterAnimation(for: "sat", Self.ramp)
    #expect(ours.filters == [.vignette(intensity: 0.8), .saturation(0.5)])
    for (mine, other) in [(ours, theirs), (theirs, ours)] {
      let result = try merge(
        Video(clips: [Self.graded]), Video(clips: [mine]), Video(clips: [other]))
      #expect(result.isClean, "\(result.conflicts)")
      let clip = try #require(result.video.clips.first as? VideoClip)
      #expect(clip.filters == [.vignette(intensity: 0.8), .saturation(0.5)])
      #expect(clip.filterAnimation(for: "vig") == nil, "the animation is not on the vignette")
      #expect(clip.filterAnimation(for: "sat") != nil)
      let expected = ours.filterAnimation(for: "sat", Self.ramp)
      #expect(try Compositions.json(result.video) == Compositions.json(Video(clips: [expected])))
    }
  }

  @Test func swappingTwoFiltersAndChangingSaturationChangesSaturation() throws {
    let ours = Self.graded.moveFilters(fromOffsets: [1], toOffset: 0)
    let theirs = Self.graded.setFilter(for: "sat", .saturation(0.9))
    let result = try merge(
      Video(clips: [Self.graded]), Video(clips: [ours]), Video(clips: [theirs]))
    #expect(result.isClean, "\(result.conflicts)")
    let clip = try #require(result.video.clips.first as? VideoClip)
    #expect(clip.filters == [.vignette(intensity: 0.8), .saturation(0.9)])
  }

  @Test func bothChangingOneFilterAfterAReorderIsAConflictAtItsRealPointer() throws {
    let ours = Self.graded.moveFilters(fromOffsets: [0], toOffset: 2)
      .setFilter(for: "sat", .saturation(0.1))
    let theirs = Self.graded.setFilter(for: "sat", .saturation(0.9))
    let result = try merge(
      Video(clips: [Self.graded]), Video(clips: [ours]), Video(clips: [theirs]))
    let conflict = try #require(result.conflicts.first)
    #expect(result.conflicts.count == 1, "\(result.conflicts)")
    #expect(conflict.pointer.hasPrefix("/video/clips/0/video/_0/filters/1"), "\(conflict.pointer)")
    let clip = try #require(result.video.clips.first as? VideoClip)
    #expect(clip.filters == [.vignette(intensity: 0.8), .saturation(0.1)])
  }

  /// A random list of filters `f0…`, some animated.
  static func filtered(count: Int, random: inout SeededRandom) -> VideoClip {
    var clip = Compositions.video("c0", file: "0.mov")
    for index in 0..<count {
      let value = Double(Int.random(in: 0...10, using: &random)) / 10
      let filter: Filter =
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .saturation(value)
        case 1: .brightness(value)
        case 2: .contrast(value)
        default: .vignette(intensity: value)
        }
      clip =
        Bool.random(using: &random)
        ? clip.filter(filter, id: FilterID("f\(index)"), animation: ramp)
        : clip.filter(filter, id: FilterID("f\(index)"))
    }
    return clip
  }

  @Test(arguments: 0..<25)
  func reorderingFiltersAndEditingThemMergesAsApplyingBoth(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 900)
    let count = Int.random(in: 2...6, using: &random)
    let base = Self.filtered(count: count, random: &random)
    var reordered = base
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      reordered = reordered.moveFilters(
        fromOffsets: [Int.random(in: 0..<count, using: &random)],
        toOffset: Int.random(in: 0...count, using: &random))
    }
    // Edits by id: a new value, a new animation, or none; applied to either order.
    var edits: [(VideoClip) -> VideoClip] = []
    for index in 0..<count where Bool.random(using: &random) {
      let id = FilterID("f\(index)")
      if Bool.random(using: &random) {
        edits.append { $0.setFilter(for: id, .contrast(0.33)) }
      } else {
        edits.append { $0.filterAnimation(for: id, .keyframes([.at(1, value: 0.5)])) }
      }
    }
    let edited = edits.reduce(base) { clip, edit in edit(clip) }
    let expected = edits.reduce(reordered) { clip, edit in edit(clip) }
    for (mine, other) in [(reordered, edited), (edited, reordered)] {
      let result = try merge(
        Video(clips: [base]), Video(clips: [mine]), Video(clips: [other]))
      #expect(result.isClean, "seed \(seed): \(result.conflicts)")
      #expect(
        try Compositions.json(result.video) == Compositions.json(Video(clips: [expected])),
        "seed \(seed)")
    }
  }

  @Test(arguments: 0..<25)
  func movingClipsAndEditingThemMergesAsApplyingBoth(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 1300)
    let base = (0..<Int.random(in: 3...8, using: &random)).map { index -> any Clip in
      Compositions.video("c\(index)", file: "\(index).mov", seconds: 2)
    }
    let ids = base.compactMap { $0.clipID?.rawValue }
    let moved = ids.shuffled(using: &random)
    let moves = [Edit.move(moved[0], after: moved[1])]
    let modifications = ids.filter { _ in Bool.random(using: &random) }.map(Edit.modify)
    let reordered = Edit.apply(moves, to: base)
    let edited = Edit.apply(modifications, to: base)
    let expected = Edit.apply(modifications, to: reordered)
    for (mine, other) in [(reordered, edited), (edited, reordered)] {
      let result = try merge(
        Video(clips: base), Video(clips: mine), Video(clips: other))
      #expect(result.isClean, "seed \(seed): \(result.conflicts)")
      #expect(
        try Compositions.json(result.video) == Compositions.json(Video(clips: expected)),
        "seed \(seed): \(moves) \(modifications)")
    }
  }

  @Test(arguments: 0..<25)
  func reorderingOverlaysAndEditingThemMergesAsApplyingBoth(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 1700)
    let count = Int.random(in: 2...6, using: &random)
    let base: [TextOverlay] = (0..<count).map {
      TextOverlay("overlay \($0)").id(LayerID("o\($0)"))
    }
    let reordered = base.shuffled(using: &random)
    let edited = Set((0..<count).filter { _ in Bool.random(using: &random) })
    func edit(_ overlays: [TextOverlay]) -> [TextOverlay] {
      overlays.map { overlay in
        guard let id = overlay.layerID, let index = Int(id.rawValue.dropFirst()),
          edited.contains(index)
        else { return overlay }
        return overlay.opacity(0.25)
      }
    }
    let clips = [Compositions.video("c0", file: "0.mov")]
    func video(_ overlays: [TextOverlay]) -> Video { Video(clips: clips, overlays: overlays) }
    for (mine, other) in [(reordered, edit(base)), (edit(base), reordered)] {
      let result = try merge(video(base), video(mine), video(other))
      #expect(result.isClean, "seed \(seed): \(result.conflicts)")
      #expect(
        try Compositions.json(result.video) == Compositions.json(video(edit(reordered))),
        "seed \(seed)")
    }
  }
}
