// Numbers: one pass checks the grammar and gathers up to 19 significant digits. Integers fitting
// Int64 are done; digits within 2^53 and a decimal exponent within ±22 are exact in one multiply or
// divide (Clinger's fast path); anything else goes to the correctly rounded `Double(_: String)`.
extension JSONParser {
  /// Exact powers of ten, as far as a `Double` holds them exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Reads the number at `position` (a `-` or a digit), leaving `position` after it.
  mutating func parseNumber() throws(JSONReadError) -> JSONValue {
    let start = position
    var index = position
    let isNegative = bytes[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    var digits = DigitAccumulator()
    guard index < end else { throw failure(.unexpectedEnd, at: end, includingChild: true) }
    switch bytes[index] {
    case UInt8(ascii: "0"):
      index += 1
      if index < end, Self.isDigit(bytes[index]) {
        throw failure(.invalidNumber, at: start, includingChild: true)
      }
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      while index < end, Self.isDigit(bytes[index]) {
        digits.add(bytes[index], inFraction: false)
        index += 1
      }
    default:
      position = index
      if isNegative, hasPrefix("Infinity", at: index) {
        throw failure(.nonFiniteNumber, at: start, includingChild: true)
      }
      throw failure(.invalidNumber, at: start, includingChild: true)
    }
    var isInteger = true
    if index < end, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < end, Self.isDigit(bytes[index]) else {
        throw failure(.invalidNumber, at: start, includingChild: true)
      }
      while index < end, Self.isDigit(bytes[index]) {
        digits.add(bytes[index], inFraction: true)
        index += 1
      }
    }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      var exponentIsNegative = false
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentIsNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < end, Self.isDigit(bytes[index]) else {
        throw failure(.invalidNumber, at: start, includingChild: true)
      }
      var explicit = 0
      while index < end, Self.isDigit(bytes[index]) {
        // Past a million the value is 0 or infinite anyway; stop growing to avoid overflow.
        if explicit < 1_000_000 { explicit = explicit * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
        index += 1
      }
      digits.exponent += exponentIsNegative ? -explicit : explicit
    }
    position = index
    if isInteger, !digits.isTruncated {
      if isNegative {
        if digits.mantissa == 0 { return .number(-0.0) }
        if digits.mantissa <= UInt64(Int64.max) + 1 {
          return .integer(Int64(bitPattern: 0 &- digits.mantissa))
        }
      } else if digits.mantissa <= UInt64(Int64.max) {
        return .integer(Int64(digits.mantissa))
      }
    }
    let magnitude = try double(digits, literal: start..<index)
    return .number(isNegative ? -magnitude : magnitude)
  }

  /// Reads a plain number at `position` (a `-` or a digit) straight onto the tape: an integer or
  /// decimal fraction of at most 15 digits and no exponent, such as `600`, `-3` or `0.45`. Any
  /// other (an exponent, more digits, `-0`, a leading zero, malformed) is left unread for
  /// ``parseNumber()``, and `false` returned.
  // Figure: open of 1,000 clips (14,600 numbers, nearly all plain) 32.0 M → 31.0 M instructions
  // with this path (callgrind). Reading eight digits at once saved nothing: numbers are short.
  @inline(__always)
  mutating func appendPlainNumber() -> Bool {
    var index = position
    let isNegative = bytes[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    let first = index
    var mantissa: Int64 = 0
    while index < end, index - first < 15 {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ Int64(digit)
      index += 1
    }
    let integerDigits = index - first
    guard integerDigits > 0, integerDigits == 1 || bytes[first] != UInt8(ascii: "0") else {
      return false
    }
    var fractionDigits = 0
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < end, integerDigits + fractionDigits < 15 {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ Int64(digit)
        index += 1
        fractionDigits += 1
      }
      guard fractionDigits > 0 else { return false }
    }
    if index < end {
      let next = bytes[index]
      guard next &- UInt8(ascii: "0") >= 10, next | 0x20 != UInt8(ascii: "e") else {
        return false
      }
    }
    guard mantissa != 0 || !isNegative else { return false }
    position = index
    let signed = isNegative ? -mantissa : mantissa
    if fractionDigits == 0 {
      tape.append(integer: signed)
    } else {
      // Exact: both operands are exact doubles (under 10^15, and a power of ten up to 10^14),
      // so one correctly rounded division gives the literal's nearest double.
      tape.append(number: Double(signed) / Self.exactPowersOfTen[fractionDigits])
    }
    return true
  }

  /// The value of a number's digits (its sign aside), correctly rounded.
  private func double(_ digits: DigitAccumulator, literal: Range<Int>) throws(JSONReadError)
    -> Double
  {
    if digits.mantissa == 0, !digits.isTruncated { return 0 }
    // Figure: open of 1,000 clips 69.7 M instructions without this path, 66.6 M with (−4.5 %).
    if !digits.isTruncated, digits.mantissa <= 1 << 53,
      (-22...22).contains(digits.exponent)
    {
      let mantissa = Double(digits.mantissa)
      let power = Self.exactPowersOfTen[abs(digits.exponent)]
      return digits.exponent < 0 ? mantissa / power : mantissa * power
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[literal]), as: UTF8.self)
    guard let value = Double(text) else {
      throw failure(.invalidNumber, at: literal.lowerBound, includingChild: true)
    }
    guard value.isFinite else {
      throw failure(.nonFiniteNumber, at: literal.lowerBound, includingChild: true)
    }
    return value.magnitude
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

/// The significant digits of a number literal: up to 19 in a `UInt64`, and the power of ten
/// that scales them to the literal's value.
private struct DigitAccumulator {
  var mantissa: UInt64 = 0
  var significantDigits = 0
  var exponent = 0
  /// Whether digits were dropped (more than 19 significant digits).
  var isTruncated = false

  @inline(__always)
  mutating func add(_ byte: UInt8, inFraction: Bool) {
    let digit = UInt64(byte &- UInt8(ascii: "0"))
    if mantissa == 0, digit == 0 {
      // A leading zero is not significant; in a fraction it still moves the point.
      if inFraction { exponent -= 1 }
    } else if significantDigits < 19 {
      mantissa = mantissa &* 10 &+ digit
      significantDigits += 1
      if inFraction { exponent -= 1 }
    } else {
      isTruncated = true
      if !inFraction { exponent += 1 }
    }
  }
}
