import Foundation
import KadrModel
import Testing

@Suite("Animation")
struct AnimationTests {
  // MARK: Timing functions

  /// A curve and its values at t = 0, 0.25, 0.5, 0.75, 1.
  static let curves: [(String, TimingFunction, [Double])] = [
    ("linear", .linear, [0, 0.25, 0.5, 0.75, 1]),
    ("easeIn is t³", .easeIn, [0, 1.0 / 64, 1.0 / 8, 27.0 / 64, 1]),
    ("easeOut is 1 − (1 − t)³", .easeOut, [0, 37.0 / 64, 7.0 / 8, 63.0 / 64, 1]),
    // 4t³ below one half (0.0625 at 0.25); 1 − (−2t + 2)³ / 2 from one half on.
    ("easeInOut", .easeInOut, [0, 0.0625, 0.5, 0.9375, 1]),
    // CSS `ease`; reference values from bisection to 1e-15.
    (
      "cubicBezier as CSS ease",
      .cubicBezier(CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.25, y: 1)),
      [0, 0.408_510_591_355_395_8, 0.802_403_387_584_857, 0.960_458_978_348_974_1, 1]
    ),
    (
      "cubicBezier (0,0),(1,1) is linear", .cubicBezier(.zero, CGPoint(x: 1, y: 1)),
      [0, 0.25, 0.5, 0.75, 1]
    ),
    ("custom t²", .custom { $0 * $0 }, [0, 0.0625, 0.25, 0.5625, 1]),
  ]

  @Test(arguments: curves)
  func timingCurvesAtSamplePoints(_ name: String, _ curve: TimingFunction, _ expected: [Double]) {
    for (t, value) in zip([0, 0.25, 0.5, 0.75, 1], expected) {
      #expect(abs(curve.apply(t) - value) < 1e-9, "\(name) at \(t): \(curve.apply(t))")
    }
  }

  @Test func easeInOutIsContinuousAtOneHalf() {
    let below = TimingFunction.easeInOut.apply(0.5 - 1e-9)
    let above = TimingFunction.easeInOut.apply(0.5)
    #expect(abs(below - above) < 1e-6)
  }

  @Test func onlyCustomTimingIsCode() {
    #expect(TimingFunction.custom { $0 }.isCustom)
    #expect(!TimingFunction.linear.isCustom)
    #expect(!TimingFunction.cubicBezier(.zero, .zero).isCustom)
    let animation = Animation<Double>.keyframes([.at(0, value: 0)], timing: .custom { $0 })
    #expect(animation.hasCustomTiming)
    #expect(!Animation<Double>.keyframes([]).hasCustomTiming)
  }

  // MARK: Keyframes

  @Test func keyframesAreSortedByTimeStably() {
    let animation = Animation<Double>.keyframes([
      .at(2, value: 20),
      .at(1, value: 10),
      .at(Time(value: 1, timescale: 1), value: 11),  // equal to 600/600: keeps its place
      .at(0, value: 0),
      .at(Time(value: 600, timescale: 600), value: 12),
    ])
    #expect(animation.keyframes.map(\.value) == [0, 10, 11, 12, 20])
    #expect(animation.keyframes.first?.time == .zero)
  }

  @Test func defaultTimingIsLinear() {
    let animation = Animation<Double>.keyframes([.at(0, value: 0), .at(1, value: 1)])
    #expect(animation.timing.apply(0.3) == 0.3)
    #expect(animation.value(at: Time(seconds: 0.3)) == 0.3)
  }

  @Test func emptyAnimationHasNoValue() {
    #expect(Animation<Double>.keyframes([]).value(at: .zero) == nil)
  }

  @Test(arguments: [-1.0, 0, 2, 100])
  func oneKeyframeIsConstant(_ seconds: Double) {
    let animation = Animation<Double>.keyframes([.at(2, value: 7)])
    #expect(animation.value(at: Time(seconds: seconds)) == 7)
  }

  /// Times and values of `0 s → 10, 2 s → 30, 4 s → 70`, linear.
  static let linearSamples: [(Double, Double)] = [
    (-1, 10),  // held before the first keyframe
    (0, 10),
    (1, 20),
    (2, 30),  // exactly on a keyframe
    (3, 50),  // second segment
    (4, 70),
    (9, 70),  // held after the last keyframe
  ]

  @Test(arguments: linearSamples)
  func valueIsHeldOutsideAndInterpolatedBetween(_ seconds: Double, _ expected: Double) {
    let animation = Animation<Double>.keyframes([
      .at(4, value: 70), .at(0, value: 10), .at(2, value: 30),
    ])
    #expect(animation.value(at: Time(seconds: seconds)) == expected)
  }

  @Test func easingAppliesPerSegment() throws {
    let animation = Animation<Double>.keyframes(
      [.at(0, value: 0), .at(2, value: 8), .at(4, value: 16)], timing: .easeIn)
    // Halfway through each segment: progress 0.5 eased to 0.125.
    let first = try #require(animation.value(at: Time(seconds: 1)))
    let second = try #require(animation.value(at: Time(seconds: 3)))
    #expect(abs(first - 1) < 1e-12)
    #expect(abs(second - 9) < 1e-12)
  }

  @Test func progressUsesExactTimesAcrossTimescales() throws {
    let animation = Animation<Double>.keyframes([
      .at(Time(value: 0, timescale: 30), value: 0),
      .at(Time(value: 1, timescale: 1), value: 60),
    ])
    let value = try #require(animation.value(at: Time(value: 10, timescale: 30)))
    #expect(abs(value - 20) < 1e-12)
  }

  @Test func duplicateTimesJumpToTheLaterKeyframe() {
    let animation = Animation<Double>.keyframes([
      .at(0, value: 0), .at(1, value: 10), .at(1, value: 20), .at(2, value: 30),
    ])
    #expect(animation.value(at: Time(seconds: 0.5)) == 5)
    #expect(animation.value(at: Time(seconds: 1)) == 20)
    #expect(animation.value(at: Time(seconds: 1.5)) == 25)
  }

  @Test func keyframeConveniencesBuildTheSameKeyframe() {
    let fromSeconds = Animation<Double>.Keyframe.at(1.5, value: 3)
    let fromTime = Animation<Double>.Keyframe.at(Time(value: 3, timescale: 2), value: 3)
    let direct = Animation<Double>.Keyframe(time: Time(value: 900, timescale: 600), value: 3)
    #expect(fromSeconds.time == fromTime.time)
    #expect(fromSeconds.time == direct.time)
    #expect(fromSeconds.time.timescale == 600)
  }

  @Test func progressNeverGoesThroughAnInvalidTime() throws {
    // `time - first` has no Int32 common timescale (Int32.max is prime), yet the time lies
    // between the keyframes and the value must be a number between theirs.
    let near = Int32.max - 1
    let animation = Animation<Double>.keyframes([
      .at(Time(value: 1, timescale: near), value: 0),
      .at(Time(value: 3, timescale: near), value: 10),
    ])
    let time = Time(value: 2, timescale: .max)
    #expect(!(time - Time(value: 1, timescale: near)).isValid)
    let value = try #require(animation.value(at: time))
    #expect(abs(value - 5) < 1e-6, "\(value)")
  }
}
