import Foundation
import KadrModel
import Testing

@Suite("Time")
struct TimeTests {
  // MARK: Exactness, equality, hashing

  @Test func addsExactlyAtTheLeastCommonMultipleTimescale() throws {
    let sum = try Time(value: 1, timescale: 30).adding(Time(value: 1, timescale: 20))
    #expect(sum == Time(value: 1, timescale: 12))
    #expect(sum.value == 5)
    #expect(sum.timescale == 60)
  }

  @Test func keepsAnEqualTimescale() throws {
    let sum = try Time(value: 7, timescale: 600).adding(Time(value: 5, timescale: 600))
    #expect(sum.value == 12 && sum.timescale == 600)
    let difference = try Time(value: 7, timescale: 600).subtracting(Time(value: 10, timescale: 600))
    #expect(difference.value == -3 && difference.timescale == 600)
  }

  @Test func subtractsExactly() {
    let difference = Time(value: 1, timescale: 20) - Time(value: 1, timescale: 30)
    #expect(difference == Time(value: 1, timescale: 60))
    #expect(difference.timescale == 60)
  }

  @Test func reducesFractionsWhenTheCommonTimescaleWouldNotFit() throws {
    // lcm(1e9, 7) does not fit an Int32, but 1000/1e9 is 1/1e6 and lcm(1e6, 7) does.
    let sum = try Time(value: 1000, timescale: 1_000_000_000).adding(Time(value: 1, timescale: 7))
    #expect(sum.value == 1_000_007)
    #expect(sum.timescale == 7_000_000)
  }

  @Test(arguments: [
    (Time(value: 1, timescale: 30), Time(value: 20, timescale: 600)),
    (Time(value: 0, timescale: 1), Time(value: 0, timescale: 600)),
    (Time(value: -3, timescale: 4), Time(value: -450, timescale: 600)),
    (Time(value: 2, timescale: 1), Time(seconds: 2)),
  ])
  func equalValuesAreEqualAndHashAlike(_ a: Time, _ b: Time) {
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(Set([a, b]).count == 1)
    #expect(!(a < b) && !(b < a))
  }

  @Test func differentValuesAreNotEqual() {
    #expect(Time(value: 1, timescale: 30) != Time(value: 21, timescale: 600))
    #expect(Time(value: 1, timescale: 30) != Time(value: -1, timescale: 30))
  }

  // MARK: Order

  @Test func ordersAcrossTimescales() {
    #expect(Time(value: 1, timescale: 30) < Time(value: 21, timescale: 600))
    #expect(Time(value: -1, timescale: 2) < Time(value: 0, timescale: 7))
    #expect(Time.max(Time(value: 1, timescale: 3), Time(value: 33, timescale: 100)).value == 1)
    #expect(Time.min(Time(value: 1, timescale: 3), Time(value: 33, timescale: 100)).value == 33)
  }

  /// Pairs `smaller < larger` whose values as `Double` are equal, so only exact comparison works.
  static let hugePairs: [(Time, Time)] = [
    (
      Time(value: Int64.max - 1, timescale: Int32.max),
      Time(value: Int64.max, timescale: Int32.max)
    ),
    (Time(value: Int64.max - 1, timescale: 2), Time(value: 1 << 62, timescale: 1)),
    (Time(value: Int64.min, timescale: 1), Time(value: Int64.min + 1, timescale: 1)),
    (Time(value: -(1 << 62), timescale: 1), Time(value: Int64.min + 1, timescale: 2)),
  ]

  @Test(arguments: hugePairs)
  func comparesHugeValuesExactly(_ smaller: Time, _ larger: Time) {
    #expect(smaller.seconds == larger.seconds, "the pair must defeat a Double comparison")
    #expect(smaller < larger)
    #expect(!(larger < smaller))
    #expect(smaller != larger)
  }

  @Test func invalidSortsBeforeEveryValidTime() {
    #expect(Time.invalid < Time(value: Int64.min, timescale: 1))
    #expect(!(Time(value: Int64.min, timescale: 1) < Time.invalid))
    #expect(!(Time.invalid < Time.invalid))
  }

  // MARK: Overflow and invalid

  @Test func overflowThrowsFromAddingAndGivesInvalidFromPlus() {
    let max = Time(value: Int64.max, timescale: 1)
    let one = Time(value: 1, timescale: 1)
    #expect(throws: TimeArithmeticError.overflow(max, operation: "+")) { try max.adding(one) }
    #expect(max + one == .invalid)
    let min = Time(value: Int64.min, timescale: 1)
    #expect(throws: TimeArithmeticError.overflow(min, operation: "-")) { try min.subtracting(one) }
    #expect(min - one == .invalid)
  }

  @Test func commonTimescaleBeyondInt32Overflows() {
    // Coprime timescales whose product cannot be an Int32.
    let a = Time(value: 1, timescale: Int32.max)
    let b = Time(value: 1, timescale: Int32.max - 1)
    #expect(throws: TimeArithmeticError.overflow(a, operation: "+")) { try a.adding(b) }
    #expect(!(a + b).isValid)
  }

  @Test func invalidPropagates() {
    let one = Time(value: 1, timescale: 1)
    #expect(throws: TimeArithmeticError.invalidOperand(.invalid, operation: "+")) {
      try Time.invalid.adding(one)
    }
    #expect(throws: TimeArithmeticError.invalidOperand(.invalid, operation: "-")) {
      try one.subtracting(.invalid)
    }
    #expect((Time.invalid + one) == .invalid)
    #expect((one - .invalid) == .invalid)
    var total = one
    total += .invalid
    total += one
    #expect(!total.isValid)
    #expect(Time.invalid.seconds.isNaN)
    #expect(Time.invalid.description == "invalid")
  }

  @Test(arguments: [Int32(0), -1, Int32.min])
  func nonPositiveTimescaleIsInvalid(_ timescale: Int32) {
    let time = Time(value: 5, timescale: timescale)
    #expect(!time.isValid)
    #expect(time == .invalid)
    #expect(time.hashValue == Time.invalid.hashValue)
    #expect(time != .zero)
  }

  // MARK: Seconds

  /// Seconds and the units of 1/600 s they round to.
  static let roundings: [(Double, Int64)] = [
    (1.0, 600),
    (0.5, 300),
    (1.0 / 30, 20),
    (0.001, 1),  // 0.6 units round up
    (-0.001, -1),  // and away from zero below it
    (0.0008, 0),  // 0.48 units round down
    (2.5 / 600, 3),  // a half unit rounds away from zero
    (-2.5 / 600, -3),
    (1e9, 600_000_000_000),
  ]

  @Test(arguments: roundings)
  func secondsRoundToTheNearestSixHundredth(_ seconds: Double, _ units: Int64) {
    let time = Time(seconds: seconds)
    #expect(time.timescale == 600)
    #expect(time.value == units)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 1.6e16])
  func unrepresentableSecondsGiveInvalid(_ seconds: Double) {
    #expect(Time(seconds: seconds) == .invalid)
  }

  @Test func secondsHonourThePreferredTimescale() {
    #expect(Time(seconds: 0.125, preferredTimescale: 4) == Time(value: 1, timescale: 4))
    #expect(Time(seconds: 0.125, preferredTimescale: 4).value == 1)  // 0.5 unit, away from zero
    #expect(Time(seconds: 1, preferredTimescale: 0) == .invalid)
    #expect(Time(value: 90, timescale: 30).seconds == 3)
    #expect(Time(value: 90, timescale: 30).description == "90/30 (3.0 s)")
  }

  // MARK: Multiplication

  @Test func multipliesByARatioExactlyInItsOwnTimescale() throws {
    let half = try Time(value: 600, timescale: 600).multiplied(by: 1, dividedBy: 2)
    #expect(half.value == 300 && half.timescale == 600)
    let negated = try Time(value: 10, timescale: 30).multiplied(by: 1, dividedBy: -2)
    #expect(negated.value == -5 && negated.timescale == 30)
    let twice = try Time(value: 7, timescale: 3).multiplied(by: 2)
    #expect(twice.value == 14 && twice.timescale == 3)
  }

  @Test func multiplicationGrowsTheTimescaleWhenItMust() throws {
    let seventh = try Time(value: 1, timescale: 30).multiplied(by: 1, dividedBy: 7)
    #expect(seventh.value == 1 && seventh.timescale == 210)
    let twoThirds = try Time(value: 3, timescale: 4).multiplied(by: 4, dividedBy: 9)
    #expect(twoThirds == Time(value: 1, timescale: 3))
  }

  @Test func multiplicationErrors() {
    let time = Time(value: 1, timescale: 30)
    #expect(throws: TimeArithmeticError.divisionByZero) { try time.multiplied(by: 1, dividedBy: 0) }
    #expect(throws: TimeArithmeticError.invalidOperand(.invalid, operation: "×")) {
      try Time.invalid.multiplied(by: 2)
    }
    let huge = Time(value: Int64.max, timescale: 1)
    #expect(throws: TimeArithmeticError.overflow(huge, operation: "×")) {
      try huge.multiplied(by: 2)
    }
    let fine = Time(value: 1, timescale: Int32.max)
    #expect(throws: TimeArithmeticError.overflow(fine, operation: "×")) {
      try fine.multiplied(by: 1, dividedBy: 3)
    }
  }

  @Test(arguments: [
    (Time(value: 1, timescale: 30), 0.5, Time(value: 1, timescale: 30)),  // 0.5 unit → 1
    (Time(value: 600, timescale: 600), 1.5, Time(value: 900, timescale: 600)),
    (Time(value: 100, timescale: 600), 1.0 / 3, Time(value: 33, timescale: 600)),
    (Time(value: 600, timescale: 600), -0.5, Time(value: -300, timescale: 600)),
    (Time(value: 3, timescale: 2), -0.5, Time(value: -2, timescale: 2)),  // -1.5 → -2
  ])
  func floatMultiplicationRoundsToTheOwnTimescale(_ time: Time, _ factor: Double, _ expected: Time)
  {
    let product = time.multiplied(byFloat: factor)
    #expect(product.value == expected.value)
    #expect(product.timescale == expected.timescale)
  }

  @Test(arguments: [Double.nan, .infinity, 1e300])
  func floatMultiplicationThatCannotBeRepresentedIsInvalid(_ factor: Double) {
    #expect(Time(value: 600, timescale: 600).multiplied(byFloat: factor) == .invalid)
    #expect(Time.invalid.multiplied(byFloat: 1) == .invalid)
  }

  // MARK: Conversion

  @Test func convertsToATimescaleOnlyWhenExact() {
    let converted = Time(value: 1, timescale: 30).converted(toTimescale: 600)
    #expect(converted?.value == 20 && converted?.timescale == 600)
    #expect(Time(value: 1, timescale: 30).converted(toTimescale: 45) == nil)  // 1.5 units
    #expect(Time(value: 1, timescale: 30).converted(toTimescale: 0) == nil)
    #expect(Time.invalid.converted(toTimescale: 600) == nil)
    #expect(Time(value: Int64.max, timescale: 1).converted(toTimescale: 2) == nil)
    #expect(Time(value: 40, timescale: 600).converted(toTimescale: 30)?.value == 2)
  }
}
