import KadrPersistenceCore

/// Generates JSON trees that reach every corner the writer must get right: keys in every case
/// class and script, strings with every escape class, doubles across all magnitudes.
struct JSONTreeGenerator {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// Key fragments: case, digits, underscore, precomposed and decomposed accents, scripts,
  /// emoji, combining marks, and pairs whose UTF-8 order differs from Swift's `String` order.
  static let keyFragments: [String] = [
    "a", "b", "z", "A", "B", "Z", "_", "_0", "0", "1", "9", "clip", "clipID", "clips", "url",
    "URL", "x", "é", "e\u{301}", "f", "ß", "ss", "日本", "本", "😀", "👍🏽", "\u{301}", "a\u{308}",
    "ä", "Å", "\u{212B}", "ﬁ", "fi", "Ω", "\u{2126}", "ｶ", "\u{10FFFF}", "\u{7F}", " ", "/",
    "~", "\"", "\\", "\n", "\u{0}",
  ]

  /// String characters: every C0 control, the escaped ASCII, DEL, line/paragraph separators,
  /// BMP and astral characters, combining marks, and plain letters.
  static let stringCharacters: [String] =
    (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    + [
      "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "😀", "👍🏽", "é", "e\u{301}", "日",
      "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}", "a", "b", " ", "Z", "0", "~", "'", "<",
    ]

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func key() -> String {
    (0..<int(1...3)).map { _ in Self.keyFragments[int(0...(Self.keyFragments.count - 1))] }
      .joined()
  }

  mutating func string() -> String {
    if chance(20) {
      // Long plain ASCII runs with one special byte somewhere, to cross eight-byte words.
      var text = String(repeating: "abcdefgh", count: int(0...4))
      let insertAt = text.index(text.startIndex, offsetBy: int(0...text.count))
      text.insert(contentsOf: Self.stringCharacters[int(0...31)], at: insertAt)
      return text
    }
    let length = int(0...12)
    return (0..<length).map { _ in
      Self.stringCharacters[int(0...(Self.stringCharacters.count - 1))]
    }.joined()
  }

  mutating func integer() -> Int64 {
    switch int(0...5) {
    case 0: [Int64.min, Int64.max, 0, -1, 1, Int64.min + 1][int(0...5)]
    case 1: Int64.random(in: Int64.min...Int64.max, using: &random)
    default: Int64(int(-100_000...100_000))
    }
  }

  mutating func double() -> Double {
    switch int(0...9) {
    case 0:
      // Any finite bit pattern: every magnitude, subnormals included.
      var value = Double(bitPattern: random.next())
      while !value.isFinite { value = Double(bitPattern: random.next()) }
      return value
    case 1:
      return [
        -0.0, 0.0, 1.0, -1.0, 0.1, 1e-7, 1e21, 1e22, .leastNonzeroMagnitude * 2024, 1e308,
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        Double.leastNormalMagnitude, Double.leastNonzeroMagnitude, 9_007_199_254_740_992.0,
        9_007_199_254_740_993.0, 1e16, 1e15, 123_456.789, 0.0001, 0.00001,
      ][int(0...20)]
    case 2:
      // A Float widened to Double: 0.10000000149011612 and friends.
      var float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
      while !float.isFinite { float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }
      return Double(float)
    case 3:
      return Double(Float(Double(int(-1_000_000...1_000_000)) / 1000))
    case 4:
      return Double(int(-1_000_000_000...1_000_000_000))
    case 5:
      let exponent = int(-320...308)
      let value = Double(int(1...999_999)) * pow10(exponent)
      return value.isFinite ? value : 1e308
    case 6:
      return Double(int(0...100_000)) / [1, 2, 4, 10, 100, 1000, 3, 7][int(0...7)]
    default:
      return Double.random(in: -1000...1000, using: &random)
    }
  }

  /// A power of ten as a double (approximate for large exponents, which is fine here).
  private func pow10(_ exponent: Int) -> Double {
    var value = 1.0
    let step = exponent < 0 ? 0.1 : 10.0
    for _ in 0..<abs(exponent) { value *= step }
    return value
  }

  /// A tree at most `depth` containers deep.
  mutating func value(depth: Int) -> JSONValue {
    let kind = depth <= 0 ? int(0...5) : int(0...8)
    switch kind {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .integer(integer())
    case 3, 4: return .number(double())
    case 5: return .string(string())
    case 6, 7: return .object(object(depth: depth - 1))
    default:
      return .array((0..<int(0...6)).map { _ in value(depth: depth - 1) })
    }
  }

  /// An object whose keys are distinct as Swift `String`s (as in a `Dictionary`), inserted in
  /// random order.
  mutating func object(depth: Int) -> JSONObject {
    var object = JSONObject()
    var seen: Set<String> = []
    for _ in 0..<int(0...(chance(10) ? 24 : 7)) {
      let key = key()
      guard seen.insert(key).inserted else { continue }
      object.appendUnchecked(value(depth: depth), forKey: key)
    }
    return object
  }
}
