import Foundation
import KadrModel
import Testing

@Suite("Time range")
struct TimeRangeTests {
  @Test func endIsStartPlusDurationExactly() {
    let range = TimeRange(
      start: Time(value: 1, timescale: 30), duration: Time(value: 1, timescale: 20))
    #expect(range.end == Time(value: 5, timescale: 60))
    #expect(range.end.timescale == 60)
  }

  @Test func rangeFromStartAndEndHasTheDifferenceAsDuration() {
    let range = TimeRange(start: Time(value: 1, timescale: 2), end: Time(value: 2, timescale: 1))
    #expect(range.duration == Time(value: 3, timescale: 2))
    #expect(range.end == Time(value: 2, timescale: 1))
  }

  @Test func closedRangeOfSecondsUsesTimescale600() {
    let range = TimeRange(1.0...2.5)
    #expect(range.start.value == 600 && range.start.timescale == 600)
    #expect(range.duration.value == 900 && range.duration.timescale == 600)
    #expect(range.end == Time(seconds: 2.5))
  }

  @Test func closedRangeRoundsItsBoundsTo1Over600() {
    let range = TimeRange(0.0001...1.0)
    #expect(range.start == .zero)
    #expect(range.duration == Time(value: 1, timescale: 1))
  }

  /// Instants and whether `[1 s, 3 s)` contains them.
  static let containment: [(Time, Bool)] = [
    (Time(value: 1, timescale: 1), true),  // the start is inside
    (Time(value: 599, timescale: 600), false),  // just before the start
    (Time(value: 2, timescale: 1), true),
    (Time(value: 1799, timescale: 600), true),  // just before the end
    (Time(value: 3, timescale: 1), false),  // the end is outside
    (Time.invalid, false),
  ]

  @Test(arguments: containment)
  func containsIsHalfOpen(_ time: Time, _ inside: Bool) {
    let range = TimeRange(
      start: Time(value: 1, timescale: 1), duration: Time(value: 2, timescale: 1))
    #expect(range.contains(time) == inside)
  }

  @Test func emptyRangeContainsNothing() {
    let range = TimeRange(start: Time(value: 1, timescale: 1), duration: .zero)
    #expect(range.isValid)
    #expect(!range.contains(Time(value: 1, timescale: 1)))
    #expect(!TimeRange.zero.contains(.zero))
  }

  @Test func negativeOrInvalidRangesAreInvalidAndContainNothing() {
    let negative = TimeRange(start: .zero, duration: Time(value: -1, timescale: 1))
    #expect(!negative.isValid)
    #expect(!negative.contains(Time(value: -1, timescale: 2)))
    let invalidStart = TimeRange(start: .invalid, duration: Time(value: 1, timescale: 1))
    #expect(!invalidStart.isValid)
    #expect(!invalidStart.contains(.zero))
  }

  @Test func endThatOverflowsIsInvalid() {
    let range = TimeRange(
      start: Time(value: Int64.max, timescale: 1), duration: Time(value: 1, timescale: 1))
    #expect(!range.end.isValid)
  }

  @Test func equalityIsByValue() {
    let a = TimeRange(start: Time(value: 1, timescale: 30), duration: Time(value: 1, timescale: 2))
    let b = TimeRange(
      start: Time(value: 20, timescale: 600), duration: Time(value: 300, timescale: 600))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != TimeRange(start: a.start, duration: .zero))
  }

  @Test func descriptionShowsStartAndDuration() {
    let range = TimeRange(start: .zero, duration: Time(value: 30, timescale: 30))
    #expect(range.description == "[0/1 (0.0 s), +30/30 (1.0 s)]")
  }
}
