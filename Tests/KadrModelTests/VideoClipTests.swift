import Foundation
import KadrModel
import Testing

@Suite("VideoClip")
struct VideoClipTests {
  static let url = URL(fileURLWithPath: "/media/a.mov")
  static let clip = VideoClip(url: url)

  @Test func urlInitialiserUsesKadrDefaults() {
    let clip = VideoClipTests.clip
    #expect(clip.url == VideoClipTests.url)
    #expect(clip.trimRange == nil)
    #expect(!clip.isReversed && !clip.isMuted)
    #expect(clip.volumeLevel == 1.0)
    #expect(clip.replacementAudioURL == nil)
    #expect(clip.speedRate == 1.0)
    #expect(clip.speedCurve == nil)
    #expect(clip.filters.isEmpty && clip.filterIDs.isEmpty && clip.filterAnimations.isEmpty)
    #expect(clip.compositors.isEmpty)
    #expect(clip.clipID == nil && clip.startTime == nil)
    #expect(clip.transform == nil && clip.transformAnimation == nil)
    #expect(clip.opacity == nil && clip.opacityAnimation == nil)
  }

  @Test func fullInitialiserKeepsParallelArraysAligned() {
    let clip = VideoClip(
      url: VideoClipTests.url, filters: [.mono, .brightness(0.1), .contrast(2)],
      filterIDs: ["a"],
      filterAnimations: [nil, nil, .keyframes([.at(0, value: 1)]), .keyframes([])])
    #expect(clip.filters.count == 3)
    #expect(clip.filterIDs.count == 3)
    #expect(clip.filterAnimations.count == 3)
    #expect(clip.filterIDs.first == "a")
    #expect(Set(clip.filterIDs).count == 3)
    #expect(clip.filterAnimations[2]?.keyframes.first?.value == 1)
  }

  @Test func fieldModifiersReplace() {
    let clip = VideoClipTests.clip
      .trimmed(to: 0...4).trimmed(to: 1...3)
      .volume(0.2).volume(0.5)
      .id("first").id("second")
      .at(time: 1).at(time: Time(value: 3, timescale: 1))
      .opacity(0.3).opacity(0.6)
      .transform(Transform(scale: 2)).transform(Transform(scale: 3))
    #expect(clip.trimRange == TimeRange(start: Time(seconds: 1), duration: Time(seconds: 2)))
    #expect(clip.volumeLevel == 0.5)
    #expect(clip.clipID == "second")
    #expect(clip.startTime == Time(seconds: 3))
    #expect(clip.opacity == 0.6)
    #expect(clip.transform?.scale == 3)
  }

  @Test func staticModifiersKeepAnimationsAndAnimationModifiersKeepBases() {
    let fade = Animation<Double>.keyframes([.at(0, value: 0), .at(1, value: 1)])
    let grow = Animation<Transform>.keyframes([.at(0, value: .identity)])
    let animated = VideoClipTests.clip
      .opacity(0.5, animation: fade).transform(.identity, animation: grow)
      .opacity(0.9).transform(Transform(rotation: 1))
    #expect(animated.opacity == 0.9)
    #expect(animated.opacityAnimation?.keyframes.count == 2)
    #expect(animated.transform?.rotation == 1)
    #expect(animated.transformAnimation?.keyframes.count == 1)
    let cleared = animated.opacityAnimation(nil).transformAnimation(nil)
    #expect(cleared.opacity == 0.9 && cleared.opacityAnimation == nil)
    #expect(cleared.transform?.rotation == 1 && cleared.transformAnimation == nil)
  }

  @Test func flagsAreSetNotToggled() {
    let clip = VideoClipTests.clip.reversed().reversed().muted().muted()
    #expect(clip.isReversed)
    #expect(clip.isMuted)
    #expect(clip.replacementAudioURL == nil)
  }

  @Test func withAudioMutesAndSetsTheReplacement() {
    let music = URL(fileURLWithPath: "/media/music.m4a")
    let clip = VideoClipTests.clip.withAudio(music)
    #expect(clip.isMuted)
    #expect(clip.replacementAudioURL == music)
    #expect(clip.volumeLevel == 1.0)
  }

  @Test func compositorsAppendInOrder() {
    let clip = VideoClipTests.clip
      .compositor { frame, _ in VideoFrame.solid(.red, width: frame.width, height: frame.height) }
      .crop(at: .center, size: .normalized(width: 0.5, height: 0.5))
      .mask(VideoFrame.solid(.white, width: 1, height: 1))
    #expect(clip.compositors.count == 3)
    #expect(clip.compositors[0] is ClosureCompositor)
    #expect(
      clip.compositors[1] as? CropCompositor
        == CropCompositor(position: .center, size: .normalized(width: 0.5, height: 0.5)))
    #expect(clip.compositors[2] is MaskCompositor)
  }

  @Test func flatSpeedSetsRateAndClearsCurve() {
    let curve = Animation<Double>.keyframes([.at(0, value: 2)])
    let clip = VideoClipTests.clip.speed(.curved(curve)).speed(.flat(0.5))
    #expect(clip.speedRate == 0.5)
    #expect(clip.speedCurve == nil)
    guard case .flat(let rate) = clip.speed else {
      Issue.record("expected a flat speed")
      return
    }
    #expect(rate == 0.5)
  }

  @Test func curvedSpeedKeepsTheRate() {
    let curve = Animation<Double>.keyframes([.at(0, value: 2)])
    let clip = VideoClipTests.clip.speed(.flat(3)).speed(.curved(curve))
    #expect(clip.speedRate == 3)
    #expect(clip.speedCurve?.keyframes.first?.value == 2)
    guard case .curved(let active) = clip.speed else {
      Issue.record("expected a curved speed")
      return
    }
    #expect(active.keyframes.count == 1)
  }

  @Test func untrimmedDurationIsZero() {
    #expect(VideoClipTests.clip.duration == .zero)
    #expect(VideoClipTests.clip.speed(.flat(2)).duration == .zero)
  }

  @Test func normalSpeedDurationIsTheTrimExactly() {
    let trim = TimeRange(start: .zero, duration: Time(value: 1001, timescale: 30_000))
    let duration = VideoClipTests.clip.trimmed(to: trim).duration
    #expect(duration == trim.duration)
    #expect(duration.timescale == 30_000)
  }

  @Test(arguments: [(2.0, 2.0), (0.5, 8.0), (4.0, 1.0), (0.25, 16.0), (3.0, 4.0 / 3.0)])
  func flatSpeedDividesTheTrim(rate: Double, seconds: Double) {
    let duration = VideoClipTests.clip.trimmed(to: 0...4).speed(.flat(rate)).duration
    #expect(duration == Time(seconds: seconds))
  }

  @Test(arguments: [Double.nan, 0, -1, .infinity, -.infinity, .leastNonzeroMagnitude])
  func badSpeedGivesInvalidWithoutCrashing(rate: Double) {
    let duration = VideoClipTests.clip.trimmed(to: 0...4).speed(.flat(rate)).duration
    #expect(duration == .invalid)
    #expect(!duration.isValid)
  }

  @Test func invalidTrimGivesInvalidDuration() {
    let trim = TimeRange(start: .zero, duration: .invalid)
    #expect(VideoClipTests.clip.trimmed(to: trim).duration == .invalid)
    #expect(VideoClipTests.clip.trimmed(to: trim).speed(.flat(2)).duration == .invalid)
  }

  @Test func constantCurveDividesTheTrim() {
    let curve = Animation<Double>.keyframes([.at(0, value: 2)])
    #expect(
      VideoClipTests.clip.trimmed(to: 0...4).speed(.curved(curve)).duration == Time(seconds: 2))
  }

  @Test func curveWinsOverRate() {
    let curve = Animation<Double>.keyframes([.at(0, value: 0.5)])
    let clip = VideoClipTests.clip.trimmed(to: 0...4).speed(.flat(4)).speed(.curved(curve))
    #expect(clip.duration == Time(seconds: 8))
  }

  @Test func linearCurveIsIntegrated() {
    // Speed 1 + t/2 over 2 s: ∫ 1 / (1 + t/2) dt = 2 ln 2 ≈ 1.386294 s → 832/600.
    let curve = Animation<Double>.keyframes([.at(0, value: 1), .at(2, value: 2)])
    let duration = VideoClipTests.clip.trimmed(to: 5...7).speed(.curved(curve)).duration
    #expect(duration == Time(value: 832, timescale: 600))
  }

  @Test func curveHoldsItsEndValuesOutsideTheKeyframes() {
    // Speed 1 until 1 s, ramps to 2 by 3 s, then 2: 1 + 2 ln 2 + 1 / 2 ≈ 2.886294 s → 1732/600.
    let curve = Animation<Double>.keyframes([.at(1, value: 1), .at(3, value: 2)])
    let duration = VideoClipTests.clip.trimmed(to: 0...4).speed(.curved(curve)).duration
    #expect(duration == Time(value: 1732, timescale: 600))
  }

  @Test func curveSamplesAreClampedToKadrRange() {
    let fast = Animation<Double>.keyframes([.at(0, value: 10)])
    let slow = Animation<Double>.keyframes([.at(0, value: 0)])
    let trimmed = VideoClipTests.clip.trimmed(to: 0...4)
    #expect(trimmed.speed(.curved(fast)).duration == Time(seconds: 1))
    #expect(trimmed.speed(.curved(slow)).duration == Time(seconds: 16))
  }

  @Test func degenerateCurvesDoNotCrash() {
    let trimmed = VideoClipTests.clip.trimmed(to: 0...4)
    let empty = Animation<Double>.keyframes([])
    #expect(trimmed.speed(.curved(empty)).duration == Time(seconds: 4))
    let notANumber = Animation<Double>.keyframes([.at(0, value: .nan)])
    #expect(trimmed.speed(.curved(notANumber)).duration == .invalid)
    let badTiming = Animation<Double>.keyframes(
      [.at(0, value: 1), .at(1, value: 2)], timing: .custom { _ in .nan })
    #expect(trimmed.speed(.curved(badTiming)).duration == .invalid)
    let constant = Animation<Double>.keyframes([.at(0, value: 2)])
    #expect(VideoClipTests.clip.trimmed(to: 2...2).speed(.curved(constant)).duration == .zero)
  }

  @Test func longTrimWithCurveStaysCheap() {
    let curve = Animation<Double>.keyframes([.at(0, value: 1), .at(1_000_000, value: 1)])
    let trim = TimeRange(start: .zero, duration: Time(value: 2_000_000, timescale: 1))
    let duration = VideoClipTests.clip.trimmed(to: trim).speed(.curved(curve)).duration
    #expect(duration == Time(seconds: 2_000_000))
  }
}
