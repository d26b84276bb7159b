import Foundation

/// The string values of a strict JSON document, rewritten in its bytes: what a package does to
/// rename image tokens without a tree. Every other byte is kept.
package enum JSONStringValues {
  /// The document with every string value (not a key) that is one of `replacements`' keys,
  /// written as the canonical writer writes it, replaced by its new text, and how often each
  /// was replaced.
  ///
  /// Candidates are found by their length and a hash of their bytes, in one pass over the
  /// document's strings eight bytes a step, so a string that is no key costs no allocation.
  /// A value written otherwise (with other escapes) is not found: a caller that knows how often
  /// each should be checks the counts.
  ///
  /// - Parameters:
  ///   - replacements: The new text of each text to replace.
  ///   - bytes: A document a strict reader accepted.
  /// - Returns: The rewritten bytes and the counts, or `nil` when a text cannot be written.
  package static func replacing(_ replacements: [String: String], in bytes: Data) -> (
    data: Data, counts: [String: Int]
  )? {
    var needles: [(hash: UInt64, quoted: [UInt8], text: String, written: [UInt8])] = []
    for (text, renamed) in replacements {
      guard let quoted = try? JSONWriter().write(.string(text)),
        let written = try? JSONWriter().write(.string(renamed))
      else { return nil }
      needles.append((quoted.withUnsafeBytes { stringHash($0) }, quoted, text, written))
    }
    needles.sort { $0.hash < $1.hash }
    let longest = needles.map(\.quoted.count).max() ?? 0
    var isLength = [Bool](repeating: false, count: longest + 1)
    for needle in needles { isLength[needle.quoted.count] = true }
    var output = Data()
    output.reserveCapacity(bytes.count + 64 * needles.count)
    var counts: [String: Int] = [:]
    bytes.withUnsafeBytes { raw in
      var copied = 0
      for string in JSONStringScan(raw) where string.count <= longest && isLength[string.count] {
        let candidate = UnsafeRawBufferPointer(rebasing: raw[string])
        let hash = stringHash(candidate)
        var (index, upper) = (0, needles.count)
        while index < upper {
          let middle = (index + upper) / 2
          if needles[middle].hash < hash { index = middle + 1 } else { upper = middle }
        }
        while index < needles.count, needles[index].hash == hash {
          if needles[index].quoted.elementsEqual(candidate),
            !JSONStringScan.isKey(after: string, in: raw)
          {
            counts[needles[index].text, default: 0] += 1
            output.append(
              contentsOf: UnsafeRawBufferPointer(rebasing: raw[copied..<string.lowerBound]))
            output.append(contentsOf: needles[index].written)
            copied = string.upperBound
            break
          }
          index += 1
        }
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[copied...]))
    }
    return (output, counts)
  }

  /// FNV-1a over a string's bytes: cheap to compute, to find the few strings worth comparing.
  private static func stringHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}

/// The strings of a JSON document that a strict reader accepted, each as the range of its bytes
/// from its opening quote to just past its closing one, keys included.
struct JSONStringScan: Sequence, IteratorProtocol {
  let raw: UnsafeRawBufferPointer
  var position = 0

  init(_ raw: UnsafeRawBufferPointer) {
    self.raw = raw
  }

  mutating func next() -> Range<Int>? {
    let quote = UInt8(ascii: "\"")
    position = Self.firstOf(quote: true, backslash: false, in: raw, from: position)
    guard position < raw.count else { return nil }
    let start = position
    position += 1
    while true {
      position = Self.firstOf(quote: true, backslash: true, in: raw, from: position)
      guard position < raw.count, raw[position] != quote else { break }
      // An escape is two bytes at least; `\uXXXX`'s other four hold no quote.
      position += 2
    }
    position = Swift.min(position + 1, raw.count)
    return start..<position
  }

  /// The first `"` (and, when asked, `\\`) at or after `start`, eight bytes a step while none is
  /// there; the count when there is none.
  private static func firstOf(
    quote: Bool, backslash: Bool, in raw: UnsafeRawBufferPointer, from start: Int
  ) -> Int {
    var index = start
    while index + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
      var found: UInt64 = 0
      if quote { found |= zeroBytes(word ^ 0x2222_2222_2222_2222) }
      if backslash { found |= zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C) }
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < raw.count {
      let byte = raw[index]
      if (quote && byte == UInt8(ascii: "\"")) || (backslash && byte == UInt8(ascii: "\\")) {
        return index
      }
      index += 1
    }
    return raw.count
  }

  /// The high bit of each byte of `word` that is zero (exact for the lowest such byte, which is
  /// all that is read: a borrow only runs upward).
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }

  /// Whether the string at `range` is a member's key: a `:` follows it, after any whitespace.
  static func isKey(after range: Range<Int>, in raw: UnsafeRawBufferPointer) -> Bool {
    var index = range.upperBound
    while index < raw.count, [0x20, 0x0A, 0x0D, 0x09].contains(raw[index]) { index += 1 }
    return index < raw.count && raw[index] == UInt8(ascii: ":")
  }
}
