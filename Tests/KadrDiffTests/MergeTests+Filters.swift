import Foundation
import KadrDiff
import KadrPersistence
import Testing

/// A clip's filters merged as filters, matched by id: never one side's animation on the other
/// side's filter.
@Suite("Three-way merge of a clip's filters")
struct FilterMergeTests {
  let differ = CompositionDiffer()
  static let url = URL(fileURLWithPath: "/media/a.mov")
  static let fade = Animation<Double>.keyframes([.at(0, value: 0.2), .at(2, value: 1.4)])

  /// A clip with a saturation filter (`s`) then a vignette (`v`), each with the animation given.
  static func clip(
    _ order: [String] = ["s", "v"], saturation: Animation<Double>? = nil, vignette: Double = 0.8
  ) -> VideoClip {
    var clip = VideoClip(url: url).id("a")
    for id in order {
      clip =
        id == "s"
        ? clip.filter(.saturation(1.2), id: "s", animation: saturation)
        : clip.filter(.vignette(intensity: vignette), id: "v")
    }
    return clip
  }

  /// Whether two animations are the same, by reflection (animations may hold closures).
  static func same(_ a: Animation<Double>?, _ b: Animation<Double>) -> Bool {
    a.map { String(reflecting: $0) == String(reflecting: b) } ?? false
  }

  func merge(_ base: VideoClip, _ ours: VideoClip, _ theirs: VideoClip) throws -> MergeResult {
    try differ.merge(
      base: differ.coder.encode(Video(clips: [base])),
      ours: differ.coder.encode(Video(clips: [ours])),
      theirs: differ.coder.encode(Video(clips: [theirs])))
  }

  func mergedClip(_ result: MergeResult) throws -> VideoClip {
    try #require(result.video.clips.first as? VideoClip)
  }

  @Test(arguments: [false, true])
  func swappingFiltersAndAnimatingOneKeepsTheAnimationOnItsFilter(theirsSwaps: Bool) throws {
    let swapped = Self.clip(["v", "s"])
    let animated = Self.clip(saturation: Self.fade)
    let result =
      theirsSwaps
      ? try merge(Self.clip(), animated, swapped) : try merge(Self.clip(), swapped, animated)
    #expect(result.isClean, "\(result.conflicts)")
    let merged = try mergedClip(result)
    #expect(merged.filterIDs == ["v", "s"], "the reorder is kept")
    #expect(Self.same(merged.filterAnimation(for: "s"), Self.fade), "it stays on saturation")
    #expect(merged.filterAnimation(for: "v") == nil, "the vignette gained nothing")
  }

  @Test func anEditOfEachFilterOnEachSideGivesBoth() throws {
    let ours = Self.clip(["v", "s"], vignette: 0.3)
    let theirs = Self.clip(saturation: Self.fade)
    let merged = try mergedClip(try merge(Self.clip(), ours, theirs))
    #expect(merged.filterIDs == ["v", "s"])
    #expect(merged.filter(for: "v") == .vignette(intensity: 0.3))
    #expect(Self.same(merged.filterAnimation(for: "s"), Self.fade))
  }

  @Test func aFilterDeletedOnOneSideAndAnimatedOnTheOtherIsAConflict() throws {
    let ours = VideoClip(url: Self.url).id("a").filter(.vignette(intensity: 0.8), id: "v")
    let theirs = Self.clip(saturation: Self.fade)
    let result = try merge(Self.clip(), ours, theirs)
    let conflict = try #require(result.conflicts.first)
    #expect(conflict.kind == .deletedAndChanged)
    #expect(conflict.theirs != nil && conflict.ours == nil, "both sides are in the conflict")
  }

  @Test func filtersAddedOnBothSidesAreBothKept() throws {
    let ours = Self.clip().filter(.mono, id: "m")
    let theirs = Self.clip().filter(.sepia(intensity: 0.5), id: "p")
    let merged = try mergedClip(try merge(Self.clip(), ours, theirs))
    #expect(Set(merged.filterIDs) == ["s", "v", "m", "p"])
    #expect(merged.filterIDs.prefix(2) == ["s", "v"])
  }
}
