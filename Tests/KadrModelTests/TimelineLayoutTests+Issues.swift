import Foundation
import KadrModel
import Testing

/// An invalid chain, the issues it must produce and the length it must still be laid out with.
struct InvalidChainCase: Sendable, CustomTestStringConvertible {
  let why: String
  let clips: [any Clip]
  let issues: [TimelineLayout.Issue]
  let duration: Time

  var testDescription: String { why }
}

private typealias Issue = TimelineLayout.Issue

private let invalidChains: [InvalidChainCase] = [
  .init(
    why: "begins with a transition", clips: [Transition.dissolve(duration: 0.5), TestClip(5)],
    issues: [Issue(kind: .chainBeginsWithTransition, path: [0])], duration: s(5)),
  .init(
    why: "ends with a transition", clips: [TestClip(5), Transition.dissolve(duration: 0.5)],
    issues: [Issue(kind: .chainEndsWithTransition, path: [1])], duration: s(5)),
  .init(
    why: "a lone transition both begins and ends",
    clips: [Transition.slide(direction: .fromTop, duration: 1)],
    issues: [
      Issue(kind: .chainBeginsWithTransition, path: [0]),
      Issue(kind: .chainEndsWithTransition, path: [0]),
    ], duration: .zero),
  .init(
    why: "two adjacent transitions, reported on the later",
    clips: [
      TestClip(5), Transition.dissolve(duration: 0.5), Transition.fade(duration: 0.5), TestClip(5),
    ],
    issues: [Issue(kind: .adjacentTransitions(previous: [1]), path: [2])], duration: s(10)),
  .init(
    why: "zero duration", clips: [TestClip(5), Transition.dissolve(duration: 0), TestClip(5)],
    issues: [Issue(kind: .nonPositiveTransitionDuration(.zero), path: [1])], duration: s(10)),
  .init(
    why: "negative duration", clips: [TestClip(5), Transition.fade(duration: -1), TestClip(5)],
    issues: [Issue(kind: .nonPositiveTransitionDuration(s(-1)), path: [1])], duration: s(10)),
  .init(
    why: "invalid duration",
    clips: [TestClip(5), Transition.dissolve(duration: Time.invalid), TestClip(5)],
    issues: [Issue(kind: .nonPositiveTransitionDuration(.invalid), path: [1])], duration: s(10)),
  .init(
    why: "zero-length outgoing neighbour",
    clips: [TestClip(0), Transition.dissolve(duration: 0.5), TestClip(5)],
    issues: [
      Issue(kind: .neighbourWithoutDuration(.outgoing, path: [0], length: .zero), path: [1])
    ], duration: s(5)),
  .init(
    why: "incoming neighbour of unknown duration",
    clips: [
      TestClip(5), Transition.dissolve(duration: 0.5),
      TestClip(duration: .invalid, id: "untrimmed"),
    ],
    issues: [
      Issue(kind: .neighbourWithoutDuration(.incoming, path: [2], length: .invalid), path: [1]),
      Issue(kind: .invalidClipDuration(.invalid), path: [2], clipID: "untrimmed"),
    ], duration: s(5)),
  .init(
    why: "dissolve longer than the incoming clip",
    clips: [TestClip(5), Transition.dissolve(duration: 2), TestClip(1)],
    issues: [
      Issue(
        kind: .transitionLongerThanNeighbour(
          .incoming, path: [2], sideLength: s(2), neighbourLength: s(1)), path: [1])
    ], duration: s(6)),
  .init(
    why: "half a fade longer than the outgoing clip",
    clips: [TestClip(1), Transition.fade(duration: 3), TestClip(5)],
    issues: [
      Issue(
        kind: .transitionLongerThanNeighbour(
          .outgoing, path: [0], sideLength: s(1.5), neighbourLength: s(1)), path: [1])
    ], duration: s(6)),
  .init(
    why: "inside a track, located by the full path",
    clips: [
      TestClip(2),
      Track {
        Transition.dissolve(duration: 1)
        TestClip(3)
      },
    ],
    issues: [Issue(kind: .chainBeginsWithTransition, path: [1, 0])], duration: s(3)),
  .init(
    why: "a nested track is shorter than its naive duration",
    clips: [
      Track {
        Track {
          TestClip(2)
          Transition.dissolve(duration: 0.5)
          TestClip(2)
        }
        Transition.dissolve(duration: 4)
        TestClip(5)
      }
    ],
    issues: [
      Issue(
        kind: .transitionLongerThanNeighbour(
          .outgoing, path: [0, 0], sideLength: s(4), neighbourLength: s(3.5)), path: [0, 1])
    ], duration: s(8.5)),
]

@Suite("Timeline layout issues")
struct TimelineLayoutIssueTests {
  @Test(arguments: invalidChains)
  func invalidChainIsReportedAndLaidOutWithoutOverlap(chain: InvalidChainCase) {
    let result = TimelineLayout(clips: chain.clips)
    #expect(result.issues == chain.issues)
    #expect(result.duration == chain.duration)
    for issue in result.issues {
      #expect(issue.description.contains(issue.path.map { "clips[\($0)]" }.joined(separator: ".")))
    }
  }

  @Test func rejectedTransitionIsAZeroLengthMarkAtTheBoundary() throws {
    let result = layout {
      TestClip(5)
      Transition.dissolve(duration: 2)
      TestClip(1)
    }
    let transition = try #require(result.mainChain?.entries[1])
    #expect(transition.range == TimeRange(start: s(5), duration: .zero))
    #expect(
      transition.kind
        == .transition(.dissolve(duration: 2), overlap: TimeRange(start: s(5), duration: .zero)))
    #expect(result.mainChain?.entries[2].start == s(5))
  }

  @Test func fadeHalfFittingBothNeighboursIsAccepted() {
    let result = layout {
      TestClip(1)
      Transition.fade(duration: 2)
      TestClip(1)
    }
    #expect(result.issues.isEmpty)
    #expect(result.mainChain?.entries[1].range == TimeRange(0...2))
  }

  @Test func descriptionNamesTheClipAndSaysHowToFixIt() {
    let issue = Issue(kind: .invalidClipDuration(s(-2)), path: [1, 0], clipID: "intro")
    #expect(
      issue.description
        == "The clip 'intro' at clips[1].clips[0] has a duration of -2.0 s, which is not a usable "
        + "length. Give it a duration of zero or more; it is laid out as zero long.")
    let transition = Issue(kind: .chainEndsWithTransition, path: [3])
    #expect(transition.description.hasPrefix("The transition at clips[3] ends a chain"))
  }

  @Test func negativeClipDurationIsLaidOutAsZero() {
    let result = layout {
      TestClip(2)
      TestClip(-1, id: "bad")
      TestClip(2)
    }
    #expect(result.issues == [Issue(kind: .invalidClipDuration(s(-1)), path: [1], clipID: "bad")])
    #expect(result.mainChain?.entries.map(\.start) == [.zero, s(2), s(2)])
    #expect(result.duration == s(4))
  }

  @Test func unusableStartTimesAreLaidOutFromZero() {
    let result = layout {
      TestClip(2, id: "early", at: -1)
      Track(at: -3) { TestClip(1) }
      TestClip(duration: s(1), at: .invalid)
    }
    #expect(
      result.issues == [
        Issue(kind: .invalidStartTime(s(-1)), path: [0], clipID: "early"),
        Issue(kind: .invalidStartTime(s(-3)), path: [1]),
        Issue(kind: .invalidStartTime(.invalid), path: [2]),
      ])
    #expect(result.layers.map(\.start) == [.zero, .zero, .zero, .zero])
    #expect(result.duration == s(2))
  }

  @Test func overflowingChainGivesInvalidTimesAndNamesTheClip() throws {
    let result = TimelineLayout(clips: [
      TestClip(duration: Time(value: .max - 10, timescale: 1)),
      TestClip(duration: Time(value: 100, timescale: 1), id: "x"),
      TestClip(1),
    ])
    #expect(
      result.issues == [
        Issue(kind: .naiveDurationOverflow, path: []),
        Issue(kind: .timeOverflow, path: [1], clipID: "x"),
      ])
    let entries = try #require(result.mainChain).entries
    #expect(entries[1].start == Time(value: .max - 10, timescale: 1))
    #expect(!entries[1].end.isValid)
    #expect(!entries[2].start.isValid)
    #expect(!result.duration.isValid)
    #expect(!result.naiveDuration.isValid)
  }

  @Test func timescalesWithoutACommonMultipleOverflow() {
    let result = TimelineLayout(clips: [
      TestClip(duration: Time(value: 1, timescale: .max)),
      TestClip(duration: Time(value: 1, timescale: .max - 1)),
    ])
    #expect(result.issues.map(\.kind) == [.naiveDurationOverflow, .timeOverflow])
    #expect(!result.duration.isValid)
  }

  @Test func trackStartedNearTheEndOfTimeOverflows() {
    let result = layout {
      Track(at: Time(value: .max - 1, timescale: 1)) { TestClip(5, id: "late") }
      TestClip(duration: s(10), at: Time(value: .max, timescale: 1))
    }
    #expect(
      result.issues == [
        Issue(kind: .timeOverflow, path: [0, 0], clipID: "late"),
        Issue(kind: .timeOverflow, path: [1]),
      ])
    #expect(result.layers.map(\.end.isValid) == [true, false, false])
    #expect(!result.duration.isValid)
  }

  @Test func tenThousandNestedTracksNeitherOverflowTheStackNorLoseTime() throws {
    var inner: any Clip = TestClip(1)
    for _ in 0..<10_000 { inner = Track(clips: [TestClip(1), inner]) }
    let result = TimelineLayout(clips: [inner])
    #expect(result.duration == s(10_001))
    #expect(result.naiveDuration == s(10_001))
    let limit = TimelineLayout.maximumTrackDepth
    let tooDeep = [0] + Array(repeating: 1, count: limit)
    #expect(result.issues == [Issue(kind: .nestingTooDeep(limit: limit), path: tooDeep)])
    var deepest = try #require(result.layers.last)
    var levels = 1
    while let child = deepest.children.first {
      deepest = child
      levels += 1
    }
    #expect(levels == limit)
    #expect(deepest.range == TimeRange(start: s(Double(limit - 1)), end: s(10_001)))
  }

  @Test func nestingUpToTheLimitIsLaidOutCompletely() {
    var inner: any Clip = Track(clips: [TestClip(1)])
    for _ in 1..<TimelineLayout.maximumTrackDepth { inner = Track(clips: [inner]) }
    let result = TimelineLayout(clips: [inner])
    #expect(result.issues.isEmpty)
    #expect(result.allLayers.count == TimelineLayout.maximumTrackDepth + 1)
    #expect(result.allLayers.last?.entries.first?.range == TimeRange(0...1))
  }
}
