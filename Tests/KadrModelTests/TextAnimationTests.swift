import Foundation
import KadrModel
import Testing

private func seconds(_ value: Double) -> Time { Time(seconds: value) }

/// A plugin's animation that implements nothing: every property must fall back to `nil`.
private struct Blink: TextAnimation {}

/// A plugin's animation that implements one property.
private struct Wobble: TextAnimation {
  func scale(at time: Time) -> Double? { 1 + 0.1 * sin(time.seconds) }
}

@Suite("Text animation")
struct TextAnimationTests {
  @Test func beginTimeAtZeroIsAVFoundationsValue() {
    #expect(TextAnimationBeginTime.atZero == 1e-100)
    #expect(FadeIn(duration: 1.0).beginTime == TextAnimationBeginTime.atZero)
    #expect(SlideIn(from: .fromTop, duration: 1.0).beginTime == TextAnimationBeginTime.atZero)
    #expect(ScaleUp(duration: 1.0).beginTime == TextAnimationBeginTime.atZero)
  }

  @Test func protocolDefaultsAnimateNothing() {
    let blink = Blink()
    #expect(blink.opacity(at: seconds(1), resting: 1) == nil)
    #expect(blink.scale(at: seconds(1)) == nil)
    #expect(blink.offset(at: seconds(1)) == nil)
    #expect(Wobble().scale(at: .zero) == 1)
    #expect(Wobble().opacity(at: .zero, resting: 1) == nil)
  }

  // MARK: FadeIn

  @Test func fadeInDefaults() {
    let fade = FadeIn(duration: Time(value: 1, timescale: 2))
    #expect(fade.from == 0)
    #expect(fade.duration == Time(value: 300, timescale: 600))
    #expect(FadeIn(duration: 0.5) == fade)
  }

  /// (time, expected opacity) for a fade from 0.2 to a resting 0.6 over 2 s starting at 1 s.
  @Test(arguments: [
    (0.0, 0.2),  // before the begin: held at `from`
    (1.0, 0.2),  // at the begin
    (2.0, 0.4),  // halfway, linear
    (3.0, 0.6),  // at the end: the resting opacity
    (9.0, 0.6),  // after the end: held
  ])
  func fadeInSamplesLinearlyFromBeginTime(time: Double, expected: Double) throws {
    let fade = FadeIn(duration: 2.0, from: 0.2, beginTime: 1)
    let opacity = try #require(fade.opacity(at: seconds(time), resting: 0.6))
    #expect(abs(opacity - expected) < 1e-6)
  }

  @Test func fadeInAnimatesOnlyOpacity() {
    let fade = FadeIn(duration: 1.0)
    #expect(fade.scale(at: seconds(0.5)) == nil)
    #expect(fade.offset(at: seconds(0.5)) == nil)
  }

  @Test func zeroDurationStepsAtTheBegin() {
    let fade = FadeIn(duration: .zero, beginTime: 2)
    #expect(fade.opacity(at: seconds(1.9), resting: 1) == 0)
    #expect(fade.opacity(at: seconds(2), resting: 1) == 1)
  }

  @Test func nonFiniteDurationGivesInvalidAndStillSamples() {
    let fade = FadeIn(duration: .nan)
    #expect(fade.duration == .invalid)
    #expect(fade.opacity(at: seconds(1), resting: 1) == 1)
    #expect(fade.opacity(at: .invalid, resting: 1) == 0)
  }

  // MARK: SlideIn

  @Test(arguments: [
    (SlideIn.Direction.fromLeft, CGSize(width: -4000, height: 0)),
    (.fromRight, CGSize(width: 4000, height: 0)),
    (.fromTop, CGSize(width: 0, height: -4000)),
    (.fromBottom, CGSize(width: 0, height: 4000)),
  ])
  func slideInStartsFourThousandPointsOffTowardsItsEdge(
    direction: SlideIn.Direction, start: CGSize
  ) {
    let slide = SlideIn(from: direction, duration: 1.0)
    #expect(slide.offset(at: .zero) == start)
    #expect(slide.offset(at: seconds(-1)) == start)
    #expect(slide.offset(at: seconds(1)) == CGSize(width: 0, height: 0))
    #expect(slide.offset(at: seconds(5)) == CGSize(width: 0, height: 0))
  }

  @Test func slideInEasesOut() throws {
    let slide = SlideIn(from: .fromRight, duration: 1.0)
    var previous = CGFloat.infinity
    for step in 0...10 {
      let remaining = try #require(slide.offset(at: seconds(Double(step) / 10))).width
      #expect(remaining <= previous)
      previous = remaining
    }
    // Ease-out covers more than half the distance in the first half of the time.
    let halfway = try #require(slide.offset(at: seconds(0.5))).width
    #expect(halfway < 2000)
    #expect(halfway > 0)
  }

  @Test func slideInHonoursBeginTime() {
    let slide = SlideIn(from: .fromLeft, duration: 1.0, beginTime: 3)
    #expect(slide.offset(at: seconds(2.9)) == CGSize(width: -4000, height: 0))
    #expect(slide.offset(at: seconds(4)) == CGSize(width: 0, height: 0))
    #expect(slide.opacity(at: seconds(3.5), resting: 1) == nil)
    #expect(slide.scale(at: seconds(3.5)) == nil)
  }

  @Test func slideInInitialisersAgree() {
    let kadr = SlideIn(from: .fromBottom, duration: Time(value: 3, timescale: 2), beginTime: 1)
    let full = SlideIn(
      direction: .fromBottom, duration: Time(value: 900, timescale: 600), beginTime: 1)
    let seconds = SlideIn(from: .fromBottom, duration: 1.5, beginTime: 1)
    #expect(kadr == full)
    #expect(kadr == seconds)
    #expect(kadr.direction == .fromBottom)
    #expect(SlideIn.Direction(rawValue: "fromTop") == .fromTop)
  }

  // MARK: ScaleUp

  @Test func scaleUpEasesOutFromItsStartToOne() throws {
    let scale = ScaleUp(duration: 2.0)
    #expect(scale.from == 0)
    #expect(scale.scale(at: seconds(-1)) == 0)
    #expect(scale.scale(at: .zero) == 0)
    #expect(scale.scale(at: seconds(2)) == 1)
    #expect(scale.scale(at: seconds(10)) == 1)
    let halfway = try #require(scale.scale(at: seconds(1)))
    #expect(halfway > 0.5)
    #expect(halfway < 1)
  }

  @Test func scaleUpStartsFromItsFromValue() throws {
    let scale = ScaleUp(from: 0.5, duration: 1.0, beginTime: 2)
    #expect(scale.scale(at: seconds(1)) == 0.5)
    let value = try #require(scale.scale(at: seconds(2.5)))
    #expect(value > 0.75)
    #expect(value < 1)
    #expect(scale.offset(at: seconds(2.5)) == nil)
    #expect(scale.opacity(at: seconds(2.5), resting: 1) == nil)
  }

  // MARK: Sugar, equality

  @Test func sugarBuildsTheRightTypes() throws {
    let time = Time(value: 1, timescale: 1)
    let fadeSeconds = try #require(
      TextOverlay("a").animation(.fadeIn(duration: 1)).textAnimation as? FadeIn)
    let fadeTime = try #require(
      TextOverlay("a").animation(.fadeIn(duration: time)).textAnimation as? FadeIn)
    let slide = try #require(
      TextOverlay("a").animation(.slideIn(from: .fromTop, duration: 1)).textAnimation as? SlideIn)
    let slideTime = try #require(
      TextOverlay("a").animation(.slideIn(from: .fromLeft, duration: time)).textAnimation
        as? SlideIn)
    let scale = try #require(
      TextOverlay("a").animation(.scaleUp(duration: 1)).textAnimation as? ScaleUp)
    let scaleTime = try #require(
      TextOverlay("a").animation(.scaleUp(duration: time)).textAnimation as? ScaleUp)
    #expect(fadeSeconds == FadeIn(duration: time))
    #expect(fadeTime == FadeIn(duration: time))
    #expect(slide == SlideIn(from: .fromTop, duration: time))
    #expect(slideTime == SlideIn(from: .fromLeft, duration: time))
    #expect(scale == ScaleUp(duration: time))
    #expect(scaleTime == ScaleUp(duration: time))
  }

  @Test func builtInsAreHashableByValue() {
    let fades: Set = [FadeIn(duration: 1.0), FadeIn(duration: Time(value: 600, timescale: 600))]
    #expect(fades.count == 1)
    #expect(FadeIn(duration: 1.0) != FadeIn(duration: 1.0, from: 0.5))
    #expect(FadeIn(duration: 1.0) != FadeIn(duration: 1.0, beginTime: 2))
    #expect(ScaleUp(from: 0.1, duration: 1.0) != ScaleUp(duration: 1.0))
    #expect(SlideIn(from: .fromTop, duration: 1.0) != SlideIn(from: .fromBottom, duration: 1.0))
  }
}
