import Foundation
import KadrModel
import Testing

@Suite("VideoClip filters by ID")
struct VideoClipFilterTests {
  static let base = VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))

  /// Four filters whose scalars (0, 1, 2, 3) name their position, each with an animation whose
  /// single keyframe value is the same number, under IDs "a"…"d".
  static let four: VideoClip = ["a", "b", "c", "d"].enumerated().reduce(base) { clip, entry in
    let value = Double(entry.offset)
    return clip.filter(
      .brightness(value), id: FilterID(entry.element),
      animation: .keyframes([.at(0, value: value)]))
  }

  private func expectParallel(
    _ clip: VideoClip, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(clip.filters.count == clip.filterIDs.count, sourceLocation: sourceLocation)
    #expect(clip.filters.count == clip.filterAnimations.count, sourceLocation: sourceLocation)
  }

  /// The filters' scalars, which for ``four`` name each filter's original position.
  private func order(_ clip: VideoClip) -> [Int] {
    clip.filters.map { Int($0.primaryScalar ?? -1) }
  }

  @Test func variadicFilterAppendsWithFreshIDsAndNoAnimation() {
    let once = VideoClipFilterTests.base.filter(.mono)
    let twice = once.filter(.brightness(0.1), .contrast(1.2))
    #expect(twice.filters == [.mono, .brightness(0.1), .contrast(1.2)])
    #expect(twice.filterIDs.first == once.filterIDs.first)
    #expect(Set(twice.filterIDs).count == 3)
    #expect(twice.filterAnimations.allSatisfy { $0 == nil })
    expectParallel(twice)
  }

  @Test func animatedFilterAppendsWithFreshID() throws {
    let clip = VideoClipFilterTests.base.filter(.mono)
      .filter(.sepia(intensity: 0), animation: .keyframes([.at(0, value: 0), .at(2, value: 1)]))
    #expect(clip.filters.last == .sepia(intensity: 0))
    #expect(clip.filterAnimations.last??.keyframes.count == 2)
    #expect(try #require(clip.filterAnimations.first) == nil)
    #expect(clip.filterIDs[0] != clip.filterIDs[1])
    expectParallel(clip)
  }

  @Test func filterWithIDAppendsThatID() {
    let clip = VideoClipFilterTests.base.filter(.glow(), id: "glow")
    #expect(clip.filterIDs == ["glow"])
    #expect(clip.filterAnimations.count == 1 && clip.filterAnimations[0] == nil)
    #expect(clip.filter(for: "glow") == .glow())
  }

  @Test func queriesFindByID() {
    let clip = VideoClipFilterTests.four
    #expect(clip.filter(for: "c") == .brightness(2))
    #expect(clip.filterAnimation(for: "d")?.keyframes.first?.value == 3)
    #expect(clip.filter(for: "zz") == nil)
    #expect(clip.filterAnimation(for: "zz") == nil)
    #expect(VideoClipFilterTests.base.filter(.mono, id: "m").filterAnimation(for: "m") == nil)
  }

  @Test func settingAnimationReplacesClearsOrIgnoresUnknownIDs() {
    let clip = VideoClipFilterTests.four
    let replaced = clip.filterAnimation(for: "b", .keyframes([.at(0, value: 9)]))
    #expect(replaced.filterAnimation(for: "b")?.keyframes.first?.value == 9)
    #expect(replaced.filterAnimation(for: "a")?.keyframes.first?.value == 0)
    let cleared = clip.filterAnimation(for: "b", nil)
    #expect(cleared.filterAnimation(for: "b") == nil)
    #expect(cleared.filter(for: "b") == .brightness(1))
    let unknown = clip.filterAnimation(for: "zz", nil)
    #expect(unknown.filterAnimations.allSatisfy { $0 != nil })
    #expect(unknown.filterIDs == clip.filterIDs)
    expectParallel(replaced)
    expectParallel(cleared)
  }

  @Test func setFilterKeepsIDAndAnimation() {
    let clip = VideoClipFilterTests.four.setFilter(for: "c", .mono)
    #expect(clip.filters[2] == .mono)
    #expect(clip.filterIDs[2] == "c")
    #expect(clip.filterAnimations[2]?.keyframes.first?.value == 2)
    let unknown = VideoClipFilterTests.four.setFilter(for: "zz", .mono)
    #expect(unknown.filters == VideoClipFilterTests.four.filters)
    expectParallel(clip)
  }

  @Test func removeFilterDropsAllThreeSlots() {
    let clip = VideoClipFilterTests.four.removeFilter(for: "b")
    #expect(order(clip) == [0, 2, 3])
    #expect(clip.filterIDs == ["a", "c", "d"])
    #expect(clip.filterAnimations.map { $0?.keyframes.first?.value } == [0, 2, 3])
    #expect(clip.filter(for: "b") == nil)
    let unknown = VideoClipFilterTests.four.removeFilter(for: "zz")
    #expect(unknown.filterIDs == VideoClipFilterTests.four.filterIDs)
    expectParallel(clip)
  }

  @Test func firstFilterWithADuplicateIDIsTheOneAddressed() {
    let clip = VideoClipFilterTests.base.filter(.mono, id: "x").filter(.glow(), id: "x")
    #expect(clip.filter(for: "x") == .mono)
    #expect(clip.removeFilter(for: "x").filters == [.glow()])
  }

  /// Moves on [0, 1, 2, 3], with SwiftUI `onMove` meaning: the destination counts positions
  /// before the moved items are removed.
  @Test(arguments: [
    ([1], 0, [1, 0, 2, 3]),  // up one
    ([0], 2, [1, 0, 2, 3]),  // down one: 2 is "before the item now at 2"
    ([0], 4, [1, 2, 3, 0]),  // to the end
    ([3], 0, [3, 0, 1, 2]),  // last to the front
    ([3], 1, [0, 3, 1, 2]),
    ([0], 0, [0, 1, 2, 3]),  // onto itself
    ([0], 1, [0, 1, 2, 3]),  // just after itself: no change
    ([0, 2], 4, [1, 3, 0, 2]),  // several, keeping their order
    ([1, 3], 0, [1, 3, 0, 2]),
    ([0, 3], 2, [1, 0, 3, 2]),
    ([1, 2], 2, [0, 1, 2, 3]),  // a block onto itself
  ])
  func moveFiltersFollowsOnMove(source: [Int], destination: Int, expected: [Int]) {
    let clip = VideoClipFilterTests.four
      .moveFilters(fromOffsets: IndexSet(source), toOffset: destination)
    #expect(order(clip) == expected)
    // IDs and animations travel with their filters.
    let names = ["a", "b", "c", "d"]
    #expect(clip.filterIDs == expected.map { FilterID(names[$0]) })
    #expect(clip.filterAnimations.map { $0?.keyframes.first?.value } == expected.map(Double.init))
    expectParallel(clip)
  }

  /// Invalid offsets leave the clip unchanged.
  @Test(arguments: [
    ([Int](), 1),  // nothing to move
    ([4], 0),  // source past the end
    ([0, 9], 0),  // one source past the end
    ([0], 5),  // destination past count
    ([0], -1),  // negative destination
  ])
  func moveFiltersIgnoresInvalidOffsets(source: [Int], destination: Int) {
    let clip = VideoClipFilterTests.four
      .moveFilters(fromOffsets: IndexSet(source), toOffset: destination)
    #expect(order(clip) == [0, 1, 2, 3])
    #expect(clip.filterIDs == VideoClipFilterTests.four.filterIDs)
    expectParallel(clip)
  }

  @Test func moveOnAnEmptyListIsANoOp() {
    let clip = VideoClipFilterTests.base.moveFilters(fromOffsets: [0], toOffset: 0)
    #expect(clip.filters.isEmpty)
    expectParallel(clip)
  }
}
