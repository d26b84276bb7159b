import Foundation
import KadrModel
import Testing

/// The smallest clip: a duration and a label to recognise it by.
private struct LabelledClip: Clip {
  var label: String
  var duration: Time

  init(_ label: String, seconds: Int64 = 1) {
    self.label = label
    self.duration = Time(value: seconds, timescale: 1)
  }
}

/// Runs a builder block, as `Video { … }` does.
private func build(@VideoBuilder _ content: () -> [any Clip]) -> [any Clip] { content() }

/// The labels of test clips, `"track"` for a track and `"transition"` for a transition.
private func labels(_ clips: [any Clip]) -> [String] {
  clips.map { clip in
    switch clip {
    case let test as LabelledClip: test.label
    case is Track: "track"
    case is Transition: "transition"
    default: "?"
    }
  }
}

@Suite("Builders")
struct BuilderTests {
  enum Shot { case wide, close, skip }

  @Test func emptyBlockBuildsNothing() {
    #expect(build {}.isEmpty)
    #expect(Track {}.clips.isEmpty)
    #expect(Track {}.duration == .zero)
  }

  @Test func blockKeepsDeclarationOrder() {
    let clips = build {
      LabelledClip("a")
      Transition.dissolve(duration: 0.5)
      LabelledClip("b")
    }
    #expect(labels(clips) == ["a", "transition", "b"])
  }

  @Test(arguments: [true, false])
  func ifWithoutElse(_ includeIntro: Bool) {
    let clips = build {
      if includeIntro {
        LabelledClip("intro")
      }
      LabelledClip("main")
    }
    #expect(labels(clips) == (includeIntro ? ["intro", "main"] : ["main"]))
  }

  @Test(arguments: [true, false])
  func ifElseTakesOneBranch(_ wide: Bool) {
    let clips = build {
      if wide {
        LabelledClip("wide")
      } else {
        LabelledClip("close")
        LabelledClip("closer")
      }
    }
    #expect(labels(clips) == (wide ? ["wide"] : ["close", "closer"]))
  }

  @Test(arguments: [(Shot.wide, ["wide"]), (.close, ["close"]), (.skip, [])])
  func switchTakesTheMatchingCase(_ shot: Shot, _ expected: [String]) {
    let clips = build {
      switch shot {
      case .wide: LabelledClip("wide")
      case .close: LabelledClip("close")
      case .skip: []
      }
    }
    #expect(labels(clips) == expected)
  }

  @Test func forLoopAppendsEachIteration() {
    let clips = build {
      LabelledClip("start")
      for index in 0..<3 {
        LabelledClip("clip \(index)")
      }
    }
    #expect(labels(clips) == ["start", "clip 0", "clip 1", "clip 2"])
  }

  @Test(arguments: ["bonus", nil] as [String?])
  func optionalBindingIncludesThePresentValue(_ label: String?) {
    let bonus = label.map { LabelledClip($0) }
    let clips = build {
      LabelledClip("main")
      if let bonus {
        bonus
      }
    }
    #expect(labels(clips) == ["main"] + (label.map { [$0] } ?? []))
  }

  @Test func arrayExpressionsAreSpliced() {
    let extra: [any Clip] = [LabelledClip("x"), LabelledClip("y")]
    let clips = build {
      LabelledClip("a")
      extra
    }
    #expect(labels(clips) == ["a", "x", "y"])
  }

  // MARK: Track

  @Test func trackDurationIsTheNaiveSumOfNestedTracks() {
    let track = Track(name: "main") {
      LabelledClip("a", seconds: 2)
      Transition.dissolve(duration: 0.5)  // counted, not overlapped
      Track(at: 10) {  // nested start time is ignored by the sum
        LabelledClip("b", seconds: 1)
        Track {
          LabelledClip("c", seconds: 3)
        }
      }
    }
    #expect(track.duration == Time(seconds: 6.5))
    #expect(labels(track.clips) == ["a", "transition", "track"])
    #expect(track.name == "main")
  }

  @Test func trackDurationOverflowIsInvalid() {
    let track = Track {
      LabelledClip("huge", seconds: Int64.max)
      LabelledClip("more")
    }
    #expect(!track.duration.isValid)
  }

  @Test func trackStartsAtZeroUnlessGivenATime() {
    #expect(Track { LabelledClip("a") }.startTime == .zero)
    let atSeconds = Track(at: 2.5) { LabelledClip("a") }
    #expect(atSeconds.startTime == Time(value: 1500, timescale: 600))
    #expect(atSeconds.startTime?.timescale == 600)
    let atTime = Track(at: Time(value: 1, timescale: 30), name: "b-roll") { LabelledClip("a") }
    #expect(atTime.startTime == Time(value: 1, timescale: 30))
    #expect(atTime.name == "b-roll")
    #expect(atTime.opacityFactor == 1)
  }

  @Test func trackOpacityReplacesTheFactorAndKeepsTheRest() {
    let track = Track(at: 3, name: "overlay") {
      LabelledClip("a")
      LabelledClip("b")
    }
    let faded = track.opacity(0.5).opacity(0.8)
    #expect(faded.opacityFactor == 0.8)  // replaced, not multiplied to 0.4
    #expect(faded.startTime == Time(seconds: 3))
    #expect(faded.name == "overlay")
    #expect(labels(faded.clips) == ["a", "b"])
    #expect(track.opacityFactor == 1)  // the original is untouched
  }

  @Test func trackKeepsTheClipProtocolDefaults() {
    let track = Track { LabelledClip("a") }
    #expect(track.clipID == nil)
    #expect(track.transform == nil && track.transformAnimation == nil)
    #expect(track.opacity == nil && track.opacityAnimation == nil)
  }

  @Test func allPropertiesInitialiserStoresEveryProperty() {
    let track = Track(
      clips: [LabelledClip("a")], startTime: Time(value: 7, timescale: 2), name: "n",
      opacityFactor: 0.25)
    #expect(labels(track.clips) == ["a"])
    #expect(track.startTime == Time(value: 7, timescale: 2))
    #expect(track.name == "n" && track.opacityFactor == 0.25)
  }
}
