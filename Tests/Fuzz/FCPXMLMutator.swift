/// Structure-aware mutations of FCPXML documents, for the `fcpxml` target's custom mutator and
/// its generated seeds: they keep a document well-formed and change what the importer computes
/// with — an attribute's value, a number inside one, or a new attribute in a tag — to values at
/// the edges of what its numbers hold. Byte-level mutations alone rarely reach past the XML
/// parser to the arithmetic.
enum FCPXMLMutator {
  /// Whole values: times, numbers, lanes, sizes and levels at the edges of `Int64`, `Int32` and
  /// `Double`, negative, empty, not a number.
  static let values: [String] = [
    "9223372036854775807s", "-9223372036854775808s", "9223372036854775808s",
    "9223372036.854775808s", "-9223372036.854775808s", "9223372036.854775807s",
    "0.999999999s", "0.0000000001s", "9223372036854775807/2147483647s",
    "-9223372036854775808/2147483647s", "9223372036854775807/1s", "1/2147483647s",
    "1/0s", "1/-1s", "0s", "-1s", "-1/25s", "1001/30000s", "99999999999999999999s", "s", "",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "2147483647",
    "-2147483648", "0", "-1", "1e300", "-1e300", "1e-300", "inf", "-inf", "nan", "-0",
    "1e300dB", "-1e300dB", "infdB", "-infdB", "nandB", "96dB", "-96dB",
    "1e300 1e300", "-inf inf", "nan nan", "0 0", "1 2 3",
  ]

  /// Numbers put in place of one inside a value (a time's numerator or denominator, one of a
  /// pair).
  static let numbers: [String] = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "4611686018427387904",
    "2147483647", "2147483648", "-2147483648", "0", "-1", "1e300", "nan",
  ]

  /// Attributes the importer reads numbers or times from, to add to a tag.
  static let attributes: [String] = [
    "offset", "duration", "start", "lane", "tcStart", "width", "height", "frameDuration",
    "amount", "time", "value", "audioStart", "fontSize", "position", "scale", "rotation",
  ]

  /// A mutation of `bytes`, chosen by `random`; `nil` when the input has no attribute or tag
  /// for it.
  static func mutate(_ bytes: [UInt8], random: inout SplitMix64) -> [UInt8]? {
    let equals = UInt8(ascii: "=")
    let quote = UInt8(ascii: "\"")
    // Where each attribute value opens (after `="`) and closes.
    var values: [(start: Int, end: Int)] = []
    var index = 1
    while index < bytes.count {
      if bytes[index] == quote, bytes[index - 1] == equals {
        var close = index + 1
        while close < bytes.count, bytes[close] != quote { close += 1 }
        guard close < bytes.count else { break }
        values.append((index + 1, close))
        index = close + 1
        continue
      }
      index += 1
    }
    switch random.below(4) {
    case 0, 1:
      guard !values.isEmpty else { return nil }
      let value = random.pick(values)
      return Array(bytes[..<value.start]) + Array(random.pick(Self.values).utf8)
        + Array(bytes[value.end...])
    case 2:
      // A number inside a value: its first run of digits.
      guard !values.isEmpty else { return nil }
      let value = random.pick(values)
      guard let first = (value.start..<value.end).first(where: { isDigit(bytes[$0]) }) else {
        return nil
      }
      var last = first
      while last < value.end, isDigit(bytes[last]) { last += 1 }
      return Array(bytes[..<first]) + Array(random.pick(numbers).utf8) + Array(bytes[last...])
    default:
      // A new attribute after a tag's name.
      let tags = bytes.indices.dropLast().filter {
        bytes[$0] == UInt8(ascii: "<") && isLetter(bytes[$0 + 1])
      }
      guard !tags.isEmpty else { return nil }
      var end = random.pick(tags) + 1
      while end < bytes.count, isLetter(bytes[end]) || bytes[end] == UInt8(ascii: "-") {
        end += 1
      }
      let attribute = " \(random.pick(attributes))=\"\(random.pick(Self.values))\""
      return Array(bytes[..<end]) + Array(attribute.utf8) + Array(bytes[end...])
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}
