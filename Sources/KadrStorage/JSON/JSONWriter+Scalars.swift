// Strings and numbers, byte for byte as JSONEncoder writes them.
extension JSONOutput {
  /// Lowercase hex digits, as `JSONEncoder` writes them in `\u00xx`.
  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Writes a string in quotes, escaping what `JSONEncoder` escapes.
  package mutating func writeString(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
    if done == nil {
      Array(string.utf8).withUnsafeBufferPointer { appendEscaped($0) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends UTF-8 bytes, escaped: runs without anything to escape are copied whole.
  private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    var index = Self.nextByteToEscape(in: text, from: 0)
    while index < text.count {
      if index > runStart {
        bytes.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
      }
      appendEscape(of: text[index])
      index += 1
      runStart = index
      index = Self.nextByteToEscape(in: text, from: index)
    }
    if runStart == 0 {
      bytes.append(text)
    } else if text.count > runStart {
      bytes.append(UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
    }
  }

  /// Appends the escape of `"`, `\`, `/` or a control character.
  private mutating func appendEscape(of byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      let digits = Self.hexDigits.utf8Start
      bytes.append(UInt8(ascii: "u"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: "0"))
      bytes.append(digits[Int(byte >> 4 & 0x0F)])
      bytes.append(digits[Int(byte & 0x0F)])
    }
  }

  /// The offset of the first byte from `index` on that needs an escape (`"`, `\`, `/` or a
  /// control character), or the count; eight bytes at a time while none does.
  @inline(__always)
  private static func nextByteToEscape(in text: UnsafeBufferPointer<UInt8>, from index: Int)
    -> Int
  {
    var index = index
    let count = text.count
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let special = escapeFlags(word)
        if special != 0 { return index + special.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < count {
      let byte = text[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        || byte == UInt8(ascii: "/")
      {
        return index
      }
      index += 1
    }
    return index
  }

  /// The high bit of each byte of `word` (eight UTF-8 bytes, the first lowest) needing an escape
  /// (`"`, `\`, `/`, a control character): exact for the lowest such byte, not above it.
  @inline(__always)
  static func escapeFlags(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let slashes = word ^ (ones &* 0x2F)
    // A term sets a byte's high bit when it matches; borrows run only upwards from a match, so
    // the lowest flag is exact. `~word` keeps non-ASCII bytes (no escape needed) from matching.
    return
      (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
      | ((slashes &- ones) & ~slashes) | (word &- ones &* 0x20)) & ~word
      & 0x8080_8080_8080_8080
  }

  /// Writes an integer in decimal.
  @inlinable @inline(__always)
  package mutating func writeInteger(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    writeDigits(value.magnitude, minimumCount: 1)
  }

  /// Writes the decimal digits of `value`, padded with leading zeros to `minimumCount`.
  // Figure: one or two digits (most numbers: times' values and scales, fractions such as 0.25)
  // inline, with one capacity check and no loop or buffer; longer ones out of line. Save of 1,000
  // clips: one looping function 19.8 M instructions, with the short path 19.5 M; split (with the
  // same change's type slots and filter flags) 19.34 M → 18.63 M (callgrind).
  @inlinable @inline(__always)
  mutating func writeDigits(_ value: UInt64, minimumCount: Int) {
    if value < 10, minimumCount <= 1 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
    } else if value < 100, minimumCount <= 2 {
      bytes.append(
        UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10),
        UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    } else {
      writeManyDigits(value, minimumCount: minimumCount)
    }
  }

  /// ``writeDigits(_:minimumCount:)`` for any number of digits: two at a time, into the output.
  // Figure: 124 → 84 instructions a number (not a digit a step into a buffer, then copied); a save
  // of 1,000 clips (3,800 numbers, mostly times' 3- or 4-digit) 18.08 M → 17.92 M (callgrind).
  @inline(never)
  @usableFromInline mutating func writeManyDigits(_ value: UInt64, minimumCount: Int) {
    var length = 1
    var limit: UInt64 = 10
    while length < 20, value >= limit {
      length += 1
      limit &*= 10
    }
    length = max(length, minimumCount)
    let pairs = Self.digitPairs.utf8Start
    let target = bytes.space(for: length)
    var value = value
    var end = length
    while value >= 100 {
      let pair = Int(truncatingIfNeeded: value % 100) &* 2
      value /= 100
      end -= 2
      target[end] = pairs[pair]
      target[end + 1] = pairs[pair + 1]
    }
    if value >= 10 {
      let pair = Int(truncatingIfNeeded: value) &* 2
      end -= 2
      target[end] = pairs[pair]
      target[end + 1] = pairs[pair + 1]
    } else {
      end -= 1
      target[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
    }
    while end > 0 {
      end -= 1
      target[end] = UInt8(ascii: "0")
    }
    bytes.didAppend(length)
  }

  /// Every number from 00 to 99 as two ASCII digits.
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
}
