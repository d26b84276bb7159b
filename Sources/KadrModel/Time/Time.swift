import Foundation

/// A point or length on a composition's timeline, held as an exact rational `value / timescale`
/// seconds.
///
/// `Time` stands in for CoreMedia's `CMTime`, which Linux does not have. Arithmetic is exact: two
/// times with different timescales are brought to the least common multiple of their timescales,
/// never through `Double`. Equality and hashing are by value, so `1/30` equals `20/600`.
///
/// A `Time` whose timescale is not positive is *invalid* (``invalid``), the way a `CMTime` can be.
/// The throwing operations (``adding(_:)``, ``subtracting(_:)``, ``multiplied(by:dividedBy:)``)
/// report overflow as ``TimeArithmeticError``; the operators `+` and `-` never trap either: when the
/// exact result cannot be represented they return ``invalid`` (and propagate it), which is what
/// computed durations in this package document.
public struct Time: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The numerator: the number of `1/timescale` second units.
  public let value: Int64
  /// The denominator: how many units make a second. Positive for every valid time.
  public let timescale: Int32

  /// The timescale kadr uses when it builds a time from seconds.
  public static let defaultTimescale: Int32 = 600

  /// Zero seconds, with timescale 1 (as `CMTime.zero`).
  public static let zero = Time(value: 0, timescale: 1)

  /// The invalid time: the result of an operation whose exact value cannot be represented.
  public static let invalid = Time(uncheckedValue: 0, timescale: 0)

  /// Creates a time of `value / timescale` seconds.
  ///
  /// - Parameters:
  ///   - value: The number of units.
  ///   - timescale: Units per second. A timescale of zero or less gives ``invalid``.
  public init(value: Int64, timescale: Int32) {
    if timescale > 0 {
      self.value = value
      self.timescale = timescale
    } else {
      self.value = 0
      self.timescale = 0
    }
  }

  private init(uncheckedValue value: Int64, timescale: Int32) {
    self.value = value
    self.timescale = timescale
  }

  /// Creates the time nearest to `seconds` at the given timescale (rounding half away from zero).
  ///
  /// - Parameters:
  ///   - seconds: A duration or instant in seconds.
  ///   - preferredTimescale: Units per second; kadr's default is 600.
  /// - Note: A non-finite `seconds`, a non-positive timescale, or a value beyond `Int64` gives
  ///   ``invalid`` instead of trapping.
  public init(seconds: TimeInterval, preferredTimescale: Int32 = Time.defaultTimescale) {
    guard preferredTimescale > 0, seconds.isFinite else {
      self = .invalid
      return
    }
    let scaled = (seconds * Double(preferredTimescale)).rounded(.toNearestOrAwayFromZero)
    guard let units = Int64(exactly: scaled) ?? Time.clampedExact(scaled) else {
      self = .invalid
      return
    }
    self.init(value: units, timescale: preferredTimescale)
  }

  private static func clampedExact(_ scaled: Double) -> Int64? {
    // `Int64(exactly:)` refuses 2^63 itself; anything at or past the bounds is unrepresentable.
    guard scaled > -9_223_372_036_854_775_808.0, scaled < 9_223_372_036_854_775_808.0 else {
      return nil
    }
    return Int64(scaled)
  }

  /// Whether the time has a positive timescale.
  public var isValid: Bool { timescale > 0 }

  /// The time in seconds, or `.nan` for an invalid time. For display and geometry only: exact
  /// arithmetic never goes through this value.
  public var seconds: TimeInterval {
    guard isValid else { return .nan }
    return Double(value) / Double(timescale)
  }

  /// A readable form, such as `"90/30 (3.0 s)"` or `"invalid"`.
  public var description: String {
    isValid ? "\(value)/\(timescale) (\(seconds) s)" : "invalid"
  }

  // MARK: Equality, hashing, order

  /// The fraction in lowest terms, used for hashing: equal times reduce to the same pair.
  private var reduced: (value: Int64, timescale: Int64) {
    let divisor = Time.gcd(value.magnitude, UInt64(timescale))
    guard divisor > 1 else { return (value, Int64(timescale)) }
    return (value / Int64(divisor), Int64(timescale) / Int64(divisor))
  }

  public static func == (lhs: Time, rhs: Time) -> Bool {
    guard lhs.isValid, rhs.isValid else { return lhs.isValid == rhs.isValid }
    if lhs.timescale == rhs.timescale { return lhs.value == rhs.value }
    return crossCompare(lhs, rhs) == 0
  }

  public func hash(into hasher: inout Hasher) {
    guard isValid else {
      hasher.combine(0 as Int64)
      hasher.combine(0 as Int64)
      return
    }
    let fraction = reduced
    hasher.combine(fraction.value)
    hasher.combine(fraction.timescale)
  }

  /// Orders by value; ``invalid`` sorts before every valid time.
  public static func < (lhs: Time, rhs: Time) -> Bool {
    guard lhs.isValid, rhs.isValid else { return !lhs.isValid && rhs.isValid }
    if lhs.timescale == rhs.timescale { return lhs.value < rhs.value }
    return crossCompare(lhs, rhs) < 0
  }

  /// Compares `a.value * b.timescale` with `b.value * a.timescale` in 128 bits.
  private static func crossCompare(_ a: Time, _ b: Time) -> Int {
    let left = a.value.multipliedFullWidth(by: Int64(b.timescale))
    let right = b.value.multipliedFullWidth(by: Int64(a.timescale))
    if left.high != right.high { return left.high < right.high ? -1 : 1 }
    if left.low != right.low { return left.low < right.low ? -1 : 1 }
    return 0
  }

  // MARK: Exact arithmetic

  /// Returns the exact sum of two times.
  ///
  /// The result's timescale is the common one (equal timescales are kept; otherwise the least
  /// common multiple, after reducing both fractions if that is what makes it fit).
  /// - Parameter other: The time to add.
  /// - Throws: ``TimeArithmeticError`` when either time is invalid or the exact result does not
  ///   fit an `Int64` value over an `Int32` timescale.
  public func adding(_ other: Time) throws -> Time {
    try combine(other, operation: "+") { $0.addingReportingOverflow($1) }
  }

  /// Returns the exact difference `self - other`.
  ///
  /// - Parameter other: The time to subtract.
  /// - Throws: ``TimeArithmeticError`` when either time is invalid or the result overflows.
  public func subtracting(_ other: Time) throws -> Time {
    try combine(other, operation: "-") { $0.subtractingReportingOverflow($1) }
  }

  /// Returns `self * numerator / denominator`, exactly.
  ///
  /// The result keeps this time's timescale when the division is exact in it; otherwise the
  /// timescale grows to hold the exact fraction.
  /// - Parameters:
  ///   - numerator: The multiplier's numerator.
  ///   - denominator: The multiplier's denominator; must not be zero.
  /// - Throws: ``TimeArithmeticError`` for an invalid time, a zero denominator, or a result that
  ///   cannot be represented exactly.
  public func multiplied(by numerator: Int64, dividedBy denominator: Int64 = 1)
    throws -> Time
  {
    guard isValid else { throw TimeArithmeticError.invalidOperand(self, operation: "×") }
    guard denominator != 0 else { throw TimeArithmeticError.divisionByZero }
    var num = numerator
    var den = denominator
    if den < 0 {
      let (negatedNum, o1) = Int64(0).subtractingReportingOverflow(num)
      let (negatedDen, o2) = Int64(0).subtractingReportingOverflow(den)
      guard !o1, !o2 else { throw TimeArithmeticError.overflow(self, operation: "×") }
      num = negatedNum
      den = negatedDen
    }
    let common = Int64(Time.gcd(num.magnitude, den.magnitude))
    if common > 1 {
      num /= common
      den /= common
    }
    let (product, overflow) = value.multipliedReportingOverflow(by: num)
    guard !overflow else { throw TimeArithmeticError.overflow(self, operation: "×") }
    if product % den == 0 {
      return Time(value: product / den, timescale: timescale)
    }
    let (scale, scaleOverflow) = Int64(timescale).multipliedReportingOverflow(by: den)
    guard !scaleOverflow else { throw TimeArithmeticError.overflow(self, operation: "×") }
    let reducer = Int64(Time.gcd(product.magnitude, scale.magnitude))
    let newScale = scale / reducer
    guard let scale32 = Int32(exactly: newScale) else {
      throw TimeArithmeticError.overflow(self, operation: "×")
    }
    return Time(value: product / reducer, timescale: scale32)
  }

  /// Multiplies by a floating-point factor (a speed), rounding to this time's own timescale, as
  /// `CMTimeMultiplyByFloat64` does.
  ///
  /// - Parameter factor: The multiplier.
  /// - Returns: The scaled time, or ``invalid`` when the factor is not finite, the time is invalid,
  ///   or the result does not fit.
  public func multiplied(byFloat factor: Double) -> Time {
    guard isValid, factor.isFinite else { return .invalid }
    let scaled = (Double(value) * factor).rounded(.toNearestOrAwayFromZero)
    guard let units = Int64(exactly: scaled) ?? Time.clampedExact(scaled) else { return .invalid }
    return Time(value: units, timescale: timescale)
  }

  /// Returns the same time expressed at another timescale, if it is exact there.
  ///
  /// - Parameter newTimescale: The timescale wanted.
  /// - Returns: The converted time, or `nil` when `self` is not a whole number of units of the new
  ///   timescale (or the value overflows).
  public func converted(toTimescale newTimescale: Int32) -> Time? {
    guard isValid, newTimescale > 0 else { return nil }
    if newTimescale == timescale { return self }
    let (product, overflow) = value.multipliedReportingOverflow(by: Int64(newTimescale))
    guard !overflow, product % Int64(timescale) == 0 else { return nil }
    return Time(value: product / Int64(timescale), timescale: newTimescale)
  }

  private func combine(
    _ other: Time, operation: String,
    _ apply: (Int64, Int64) -> (partialValue: Int64, overflow: Bool)
  ) throws(TimeArithmeticError) -> Time {
    guard isValid else { throw TimeArithmeticError.invalidOperand(self, operation: operation) }
    guard other.isValid else {
      throw TimeArithmeticError.invalidOperand(other, operation: operation)
    }
    if timescale == other.timescale {
      let (result, overflow) = apply(value, other.value)
      guard !overflow else { throw TimeArithmeticError.overflow(self, operation: operation) }
      return Time(value: result, timescale: timescale)
    }
    if let result = Time.combine(self, other, apply) { return result }
    // Reduced fractions may share a smaller common timescale.
    let a = Time(reducing: self)
    let b = Time(reducing: other)
    if let result = Time.combine(a, b, apply) { return result }
    throw TimeArithmeticError.overflow(self, operation: operation)
  }

  private init(reducing time: Time) {
    let divisor = Time.gcd(time.value.magnitude, UInt64(time.timescale))
    self.init(value: time.value / Int64(divisor), timescale: time.timescale / Int32(divisor))
  }

  private static func combine(
    _ a: Time, _ b: Time, _ apply: (Int64, Int64) -> (partialValue: Int64, overflow: Bool)
  ) -> Time? {
    let common = Int64(a.timescale) / Int64(gcd(UInt64(a.timescale), UInt64(b.timescale)))
    let (lcm, lcmOverflow) = common.multipliedReportingOverflow(by: Int64(b.timescale))
    guard !lcmOverflow, let lcm32 = Int32(exactly: lcm) else { return nil }
    let (left, o1) = a.value.multipliedReportingOverflow(by: lcm / Int64(a.timescale))
    let (right, o2) = b.value.multipliedReportingOverflow(by: lcm / Int64(b.timescale))
    guard !o1, !o2 else { return nil }
    let (result, o3) = apply(left, right)
    guard !o3 else { return nil }
    return Time(value: result, timescale: lcm32)
  }

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x == 0 ? 1 : x
  }

  // MARK: Operators that never trap

  /// The exact sum, or ``invalid`` when it cannot be represented (see ``adding(_:)``).
  public static func + (lhs: Time, rhs: Time) -> Time {
    (try? lhs.adding(rhs)) ?? .invalid
  }

  /// The exact difference, or ``invalid`` when it cannot be represented.
  public static func - (lhs: Time, rhs: Time) -> Time {
    (try? lhs.subtracting(rhs)) ?? .invalid
  }

  /// Adds `rhs` to `lhs` in place; see ``+(_:_:)``.
  public static func += (lhs: inout Time, rhs: Time) { lhs = lhs + rhs }

  /// Subtracts `rhs` from `lhs` in place; see ``-(_:_:)``.
  public static func -= (lhs: inout Time, rhs: Time) { lhs = lhs - rhs }

  /// The larger of two times.
  public static func max(_ a: Time, _ b: Time) -> Time { a < b ? b : a }

  /// The smaller of two times.
  public static func min(_ a: Time, _ b: Time) -> Time { b < a ? b : a }
}

/// Why exact time arithmetic could not give a result.
public enum TimeArithmeticError: Error, Sendable, Equatable, LocalizedError {
  /// An operand was ``Time/invalid``.
  case invalidOperand(Time, operation: String)
  /// The exact result does not fit an `Int64` value over an `Int32` timescale.
  case overflow(Time, operation: String)
  /// A ratio with a zero denominator.
  case divisionByZero

  public var errorDescription: String? {
    switch self {
    case .invalidOperand(let time, let operation):
      return "Time arithmetic (\(operation)) on an invalid time (\(time))."
    case .overflow(let time, let operation):
      return "Time arithmetic (\(operation)) starting from \(time) overflows: the exact result "
        + "does not fit a 64-bit value over a 32-bit timescale."
    case .divisionByZero:
      return "A time was multiplied by a ratio whose denominator is zero."
    }
  }
}

extension TimeArithmeticError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
