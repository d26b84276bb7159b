import Foundation

/// A small seeded random number generator (SplitMix64), so that property tests and the fuzz
/// harness's seed corpus are the same on every run and every platform.
///
/// The helpers below draw from `next()` with their own arithmetic rather than the standard
/// library's `random(in:using:)`, whose algorithm may change between toolchains.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`; 0 when `bound` is not positive.
  mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(next() % UInt64(bound))
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
    guard span < UInt64.max else { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound &+ Int(truncatingIfNeeded: next() % (span + 1))
  }

  /// A number in `range`.
  mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
    let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    guard span < UInt64.max else { return Int64(bitPattern: next()) }
    return range.lowerBound &+ Int64(bitPattern: next() % (span + 1))
  }

  /// A double in `0..<1` with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// Whether an event of probability `probability` happens.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }
}
