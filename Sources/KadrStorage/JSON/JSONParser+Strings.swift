// Strings: a fast path for the common string without escapes (scan eight bytes at a time, validate
// any non-ASCII sequence, take the bytes in place) and a slower one unescaping into reused scratch.
extension JSONParser {
  /// Reads the key whose opening quote is at `position`, one that is not plain ASCII (or is
  /// refused for its length), leaving `position` after its closing quote.
  ///
  /// - Returns: Its span: in the document without escapes, else in the shapes' key bytes.
  mutating func parseKeySpan() throws(JSONReadError) -> JSONKeySpan {
    let start = position + 1
    if let closing = try plainStringEnd(includingChild: false) {
      // Not plain ASCII (``parseKey()`` takes those), so compared as a string.
      if let span = JSONKeySpan(.document, offset: start, length: closing - start, isASCII: false) {
        return span
      }
      let key = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<closing]), as: UTF8.self)
      return tape.shapes.keySpan(string: key)
    }
    try unescapeString(start: start, firstEscape: position, includingChild: false)
    return tape.shapes.keySpan(escaped: scratch)
  }

  /// Reads the string value whose opening quote is at `position` onto the tape: its bytes,
  /// unescaped, copied into the tape's string bytes (or, past what they can hold, a `String`).
  mutating func parseStringValue() throws(JSONReadError) {
    let start = position + 1
    if let closing = try plainStringEnd(includingChild: true) {
      if tape.append(string: UnsafeRawBufferPointer(rebasing: raw[start..<closing])) { return }
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<closing]), as: UTF8.self)
      guard tape.append(text: text) else { throw tapeFull() }
      return
    }
    try unescapeString(start: start, firstEscape: position, includingChild: true)
    // Kept as bytes, not as a `String` (which costs 16 bytes and more for each). Figure: 64 MiB
    // of `["\n",…]` costs 2.0× its size to read, 5.0× as strings (kadr-bench --limits).
    if scratch.withUnsafeBytes({ tape.append(string: $0) }) { return }
    guard tape.append(text: String(decoding: scratch, as: UTF8.self)) else { throw tapeFull() }
  }

  /// The refusal of a document with more strings than a tape holds.
  private func tapeFull() -> JSONReadError {
    failure(
      .tooManyValues(limit: Int(JSONTape.payloadMask)), at: position, includingChild: true)
  }

  /// Scans the string whose opening quote is at `position`: without escapes, returns its closing
  /// quote's offset with `position` after it; else `nil`, with `position` at the first backslash.
  @inline(__always)
  private mutating func plainStringEnd(includingChild: Bool) throws(JSONReadError) -> Int? {
    let start = position + 1
    var index = start
    while true {
      index = plainRunEnd(from: index)
      guard index < end else {
        throw failure(.unexpectedEnd, at: end, includingChild: includingChild)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        try checkLength(index - start, at: start, includingChild: includingChild)
        position = index + 1
        return index
      }
      if byte == UInt8(ascii: "\\") {
        position = index
        return nil
      }
      if byte < 0x20 {
        throw failure(.controlCharacterInString, at: index, includingChild: includingChild)
      }
      guard let next = validSequenceEnd(at: index) else {
        throw failure(.invalidUTF8, at: index, includingChild: includingChild)
      }
      index = next
    }
  }

  /// Reads a string that holds escapes, from its start, leaving it unescaped in `scratch`.
  private mutating func unescapeString(start: Int, firstEscape: Int, includingChild: Bool)
    throws(JSONReadError)
  {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
    var index = firstEscape
    while true {
      let runStart = index
      index = plainRunEnd(from: index)
      if index > runStart {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      }
      guard index < end else {
        throw failure(.unexpectedEnd, at: end, includingChild: includingChild)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        try checkLength(scratch.count, at: start, includingChild: includingChild)
        position = index + 1
        return
      }
      if byte == UInt8(ascii: "\\") {
        index = try unescape(at: index, includingChild: includingChild)
      } else if byte < 0x20 {
        throw failure(.controlCharacterInString, at: index, includingChild: includingChild)
      } else {
        guard let next = validSequenceEnd(at: index) else {
          throw failure(.invalidUTF8, at: index, includingChild: includingChild)
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
        index = next
      }
    }
  }

  /// Decodes the escape whose backslash is at `index` into `scratch`.
  ///
  /// - Returns: The offset after the escape (after both halves of a surrogate pair).
  private mutating func unescape(at index: Int, includingChild: Bool) throws(JSONReadError)
    -> Int
  {
    guard index + 1 < end else {
      throw failure(.unexpectedEnd, at: end, includingChild: includingChild)
    }
    let simple: UInt8
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      return try unescapeUnicode(at: index, includingChild: includingChild)
    default:
      throw failure(.invalidEscape, at: index, includingChild: includingChild)
    }
    scratch.append(simple)
    return index + 2
  }

  /// Decodes a `\uXXXX` escape (or a surrogate pair of them) whose backslash is at `index`.
  private mutating func unescapeUnicode(at index: Int, includingChild: Bool)
    throws(JSONReadError) -> Int
  {
    let unit = try hexQuad(at: index + 2, escapeAt: index, includingChild: includingChild)
    var scalar = unit
    var next = index + 6
    switch unit {
    case 0xD800...0xDBFF:
      guard next + 1 < end, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u")
      else { throw failure(.unpairedSurrogate, at: index, includingChild: includingChild) }
      let low = try hexQuad(at: next + 2, escapeAt: next, includingChild: includingChild)
      guard (0xDC00...0xDFFF).contains(low) else {
        throw failure(.unpairedSurrogate, at: index, includingChild: includingChild)
      }
      scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      next += 6
    case 0xDC00...0xDFFF:
      throw failure(.unpairedSurrogate, at: index, includingChild: includingChild)
    default:
      break
    }
    appendUTF8(of: scalar)
    return next
  }

  /// The value of four hex digits at `offset`.
  private func hexQuad(at offset: Int, escapeAt escape: Int, includingChild: Bool)
    throws(JSONReadError) -> UInt32
  {
    var value: UInt32 = 0
    for digitOffset in offset..<(offset + 4) {
      guard digitOffset < end else {
        throw failure(.unexpectedEnd, at: end, includingChild: includingChild)
      }
      let byte = bytes[digitOffset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure(.invalidEscape, at: escape, includingChild: includingChild)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Appends the UTF-8 encoding of a scalar value (not a surrogate, at most U+10FFFF).
  private mutating func appendUTF8(of scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(truncatingIfNeeded: scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
    }
  }

  /// Refuses a string longer than ``JSONReader/Options/maximumStringLength``.
  private func checkLength(_ length: Int, at offset: Int, includingChild: Bool)
    throws(JSONReadError)
  {
    if let limit = options.maximumStringLength, length > limit {
      throw failure(.stringTooLong(limit: limit), at: offset, includingChild: includingChild)
    }
  }

  /// The offset of the first byte from `index` on that is a quote, a backslash, a control
  /// character or non-ASCII (or `end`), found eight bytes at a time.
  @inline(__always)
  func plainRunEnd(from index: Int) -> Int {
    // Figure: open of 1,000 clips 68.7 M instructions byte by byte, 66.6 M by words (−3 %).
    var index = index
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let quotes = word ^ (ones &* 0x22)
      let backslashes = word ^ (ones &* 0x5C)
      // A byte equal to 0 after an XOR, below 0x20, or with its high bit set shows up as its
      // high bit here. Borrows only run upwards from such a byte, so the lowest flag is exact.
      let special =
        (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
          | ((word &- ones &* 0x20) & ~word) | word) & highBits
      if special != 0 { return index + special.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
        return index
      }
      index += 1
    }
    return index
  }

  /// The offset after the UTF-8 sequence led by the byte (0x80 or above) at `index`, or `nil` if
  /// invalid: a stray continuation byte, overlong form, surrogate, value past U+10FFFF, cut short.
  func validSequenceEnd(at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard index + length <= end, secondRange.contains(bytes[index + 1]) else { return nil }
    for offset in (index + 2)..<(index + length) where bytes[offset] & 0xC0 != 0x80 {
      return nil
    }
    return index + length
  }
}
