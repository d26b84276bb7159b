import Foundation
import KadrModel
import Testing

/// A clip of the tests' own: a duration and, optionally, an identity, a start time, an opacity.
struct TestClip: Clip {
  let duration: Time
  let clipID: ClipID?
  let startTime: Time?
  let opacity: Double?

  init(duration: Time, id: ClipID? = nil, at startTime: Time? = nil, opacity: Double? = nil) {
    self.duration = duration
    self.clipID = id
    self.startTime = startTime
    self.opacity = opacity
  }

  init(_ seconds: Double, id: ClipID? = nil, at start: Double? = nil, opacity: Double? = nil) {
    self.init(duration: s(seconds), id: id, at: start.map { s($0) }, opacity: opacity)
  }
}

/// `seconds` at kadr's timescale 600.
func s(_ seconds: Double) -> Time { Time(seconds: seconds) }

/// The layout of `clips` as written in a `Video { … }` block.
func layout(@VideoBuilder _ content: () -> [any Clip]) -> TimelineLayout {
  TimelineLayout(clips: content())
}

@Suite("Timeline layout")
struct TimelineLayoutTests {
  @Test(arguments: [
    Transition.dissolve(duration: 0.5), .slide(direction: .fromLeft, duration: 0.5),
  ])
  func overlappingTransitionShortensTheChain(transition: Transition) throws {
    let result = layout {
      TestClip(5, id: "a")
      transition
      TestClip(5, id: "b")
    }
    #expect(result.duration == s(9.5))
    #expect(result.naiveDuration == s(10.5))
    #expect(result.issues.isEmpty)
    let main = try #require(result.mainChain)
    #expect(main.entries.map(\.start) == [.zero, s(4.5), s(4.5)])
    #expect(main.entries.map(\.end) == [s(5), s(5), s(9.5)])
    #expect(main.entries[1].kind == .transition(transition, overlap: TimeRange(4.5...5)))
    #expect(main.entries.map(\.path) == [[0], [1], [2]])
    #expect(main.entries.map(\.clipID) == ["a", nil, "b"])
  }

  @Test func fadeKeepsClipsApartAndSpansTheBoundary() throws {
    let result = layout {
      TestClip(5)
      Transition.fade(duration: 0.5)
      TestClip(5)
    }
    #expect(result.duration == s(10))
    #expect(result.naiveDuration == s(10.5))
    let entries = try #require(result.mainChain).entries
    #expect(entries[2].start == s(5))
    #expect(entries[1].range == TimeRange(4.75...5.25))
    let fade = Transition.fade(duration: 0.5)
    #expect(entries[1].kind == .transition(fade, overlap: TimeRange(start: s(5), duration: .zero)))
  }

  @Test func trackRunsInParallelWithTheMainChain() throws {
    let result = layout {
      TestClip(10)
      Track(at: 2, name: "overlay") { TestClip(3) }
    }
    #expect(result.duration == s(10))
    #expect(result.naiveDuration == s(13))
    #expect(result.layers.count == 2)
    let track = result.layers[1]
    #expect(track.kind == .track(name: "overlay"))
    #expect(track.path == [1])
    #expect(track.range == TimeRange(2...5))
    #expect(track.entries.map(\.range) == [TimeRange(2...5)])
    #expect(track.entries.first?.path == [1, 0])
  }

  @Test func layersFollowDeclarationOrderAfterTheMainChain() {
    let result = layout {
      TestClip(4, at: 6)
      TestClip(2)
      Track(at: 1) { TestClip(1) }
      TestClip(3)
      TestClip(1, id: "late", at: 8)
    }
    #expect(
      result.layers.map(\.kind) == [
        .mainChain, .timed(clipIndex: 0), .track(name: nil), .timed(clipIndex: 4),
      ])
    #expect(
      result.layers.map(\.range) == [
        TimeRange(0...5), TimeRange(6...10), TimeRange(1...2), TimeRange(8...9),
      ])
    #expect(result.layers[0].entries.map(\.path) == [[1], [3]])
    #expect(result.layers[3].entries.first?.clipID == "late")
    #expect(result.duration == s(10))
    #expect(result.naiveDuration == s(11))
  }

  @Test func timedClipSetsTheDurationWhenItEndsLast() {
    let result = layout {
      TestClip(2)
      TestClip(3, at: 4)
    }
    #expect(result.duration == s(7))
    #expect(result.layers[1].entries.map(\.range) == [TimeRange(4...7)])
  }

  @Test func innerStartTimesAreNotConsulted() {
    let result = layout {
      Track(at: 1) {
        TestClip(2, at: 30)
        TestClip(2, at: 50)
      }
    }
    #expect(result.layers[1].entries.map(\.range) == [TimeRange(1...3), TimeRange(3...5)])
    #expect(result.duration == s(5))
  }

  @Test func nestedTracksThreeDeepLandWhereTheirParentsPlaceThem() throws {
    // Track at 1: A(2), then Track{ B(2), dissolve(0.5), Track{ C(1), fade(1), D(2) }, E(1) }.
    // Level 2 starts at 3; B 3…5; level 3 starts at 4.5 (dissolve) and lasts 3 (fade: no
    // overlap): C 4.5…5.5, D 5.5…7.5; E 7.5…8.5; level 1 ends at 8.5.
    let result = layout {
      TestClip(1)
      Track(at: 1, name: "one") {
        TestClip(2, id: "a")
        Track(name: "two") {
          TestClip(2, id: "b")
          Transition.dissolve(duration: 0.5)
          Track(name: "three") {
            TestClip(1, id: "c")
            Transition.fade(duration: 1)
            TestClip(2, id: "d")
          }
          TestClip(1, id: "e")
        }
      }
    }
    #expect(result.issues.isEmpty)
    #expect(result.duration == s(8.5))
    #expect(result.naiveDuration == s(10.5))
    let one = result.layers[1]
    #expect(one.range == TimeRange(1...8.5))
    let two = try #require(one.children.first)
    #expect(two.kind == .track(name: "two"))
    #expect(two.path == [1, 1])
    #expect(two.range == TimeRange(3...8.5))
    #expect(two.entries.map(\.clipID) == ["b", nil, "e"])
    #expect(
      two.entries.map(\.range) == [TimeRange(3...5), TimeRange(4.5...5), TimeRange(7.5...8.5)])
    let three = try #require(two.children.first)
    #expect(three.path == [1, 1, 2])
    #expect(three.range == TimeRange(4.5...7.5))
    #expect(three.entries.map(\.path) == [[1, 1, 2, 0], [1, 1, 2, 1], [1, 1, 2, 2]])
    #expect(
      three.entries.map(\.range) == [TimeRange(4.5...5.5), TimeRange(5...6), TimeRange(5.5...7.5)])
    #expect(result.allLayers.map(\.path) == [[], [1], [1, 1], [1, 1, 2]])
  }

  @Test func opacityFactorsMultiplyThroughNesting() throws {
    let result = layout {
      TestClip(1, opacity: 0.5)
      Track(
        clips: [
          TestClip(1, opacity: 0.8),
          Track(clips: [TestClip(1), TestClip(1, opacity: 0.5)], opacityFactor: 0.5),
        ], opacityFactor: 0.5)
    }
    #expect(result.layers[0].entries.map(\.opacity) == [0.5])
    let outer = result.layers[1]
    #expect(outer.opacityFactor == 0.5)
    #expect(outer.entries.map(\.opacity) == [0.4])
    let inner = try #require(outer.children.first)
    #expect(inner.opacityFactor == 0.25)
    #expect(inner.entries.map(\.opacity) == [0.25, 0.125])
  }

  @Test(arguments: [(2.0, 1.0), (-1.0, 0.0), (Double.nan, 1.0)])
  func opacityIsClampedToTheUnitRange(value: Double, expected: Double) {
    let result = layout {
      TestClip(1, opacity: value)
      Track(clips: [TestClip(1)], opacityFactor: value)
    }
    #expect(result.layers[0].entries.first?.opacity == expected)
    #expect(result.layers[1].opacityFactor == expected)
  }

  @Test func emptyInputHasOneEmptyMainLayer() {
    let result = TimelineLayout(clips: [])
    #expect(result.duration == .zero)
    #expect(result.naiveDuration == .zero)
    #expect(result.issues.isEmpty)
    #expect(
      result.layers == [
        TimelineLayout.Layer(kind: .mainChain, path: [], start: .zero, end: .zero, entries: [])
      ])
  }

  @Test func tracksAreLeftOutOfTheMainChain() throws {
    let result = layout {
      TestClip(2)
      Track { TestClip(9) }
      Transition.dissolve(duration: 1)
      TestClip(2)
    }
    #expect(result.issues.isEmpty)
    let main = try #require(result.mainChain)
    #expect(main.entries.map(\.path) == [[0], [2], [3]])
    #expect(main.end == s(3))
    #expect(result.duration == s(9))
  }

  @Test func mixedTimescalesStayExact() throws {
    let third = Time(value: 1, timescale: 3)
    let result = TimelineLayout(clips: [
      TestClip(duration: third), TestClip(duration: Time(value: 1, timescale: 7)),
      TestClip(duration: third),
    ])
    #expect(result.duration == Time(value: 17, timescale: 21))
    #expect(try #require(result.mainChain).entries[2].start == Time(value: 10, timescale: 21))
  }

  @Test func nestedTrackNeighbouringATransitionUsesItsLaidOutLength() throws {
    // The nested track is 4.5 s naive but lasts 3.5 s, which exactly holds a 3.5 s dissolve.
    let result = layout {
      Track {
        Track {
          TestClip(2)
          Transition.dissolve(duration: 0.5)
          TestClip(2)
        }
        Transition.dissolve(duration: 3.5)
        TestClip(4)
      }
    }
    #expect(result.issues.isEmpty)
    let outer = result.layers[1]
    #expect(outer.children.first?.range == TimeRange(0...3.5))
    #expect(outer.entries.last?.range == TimeRange(0...4))
    #expect(result.duration == s(4))
  }
}
