import Foundation
import KadrPersistence

// Random values of the format's shared types: numbers, times, geometry, colours, timings,
// animations, filters and text styles. Every value is one the format can hold exactly.
extension CompositionGenerator {
  /// Doubles that stress the writer's shortest-text rule and the reader's rounding.
  static let edgeDoubles: [Double] = [
    0, -0.0, 1, -1, 0.5, 1e-7, 1e21, 1e-100, 123_456_789.125, .leastNonzeroMagnitude,
    Double(Float(0.1)), .ulpOfOne, 1.7976931348623157e308, -2.2250738585072014e-308,
  ]

  /// A double around `scale`: an integer, a short decimal, a full-precision value, or an edge.
  mutating func double(_ scale: Double = 1, negative: Bool = false) -> Double {
    let magnitude: Double
    switch rng.below(10) {
    case 0: return rng.pick(Self.edgeDoubles).magnitude * (negative && rng.chance(0.5) ? -1 : 1)
    case 1, 2: magnitude = Double(rng.int(in: 0...Int(max(1, scale * 2))))
    case 3, 4: magnitude = Double(rng.int(in: 0...Int(max(1, scale * 200)))) / 100
    default: magnitude = rng.unit() * scale
    }
    return negative && rng.chance(0.3) ? -magnitude : magnitude
  }

  /// A double in `0...1`, often an exact end.
  mutating func fraction() -> Double {
    switch rng.below(6) {
    case 0: 0
    case 1: 1
    default: rng.chance(0.5) ? rng.unit() : Double(rng.int(in: 0...100)) / 100
    }
  }

  /// A valid time: a common timescale or any positive 32-bit one, a small or very large value.
  mutating func time(negative: Bool = false) -> Time {
    let timescale: Int32 =
      rng.chance(0.8)
      ? rng.pick([1, 24, 25, 30, 600, 1000, 44_100, 90_000])
      : Int32(rng.int(in: 1...Int(Int32.max)))
    let value: Int64
    switch rng.below(12) {
    case 0: value = rng.pick([0, 1, Int64.max, Int64.max - 1, 1 << 53])
    case 1: value = rng.int64(in: 0...Int64.max)
    default: value = rng.int64(in: 0...100_000)
    }
    return Time(value: negative && rng.chance(0.2) ? -value : value, timescale: timescale)
  }

  mutating func timeRange() -> TimeRange {
    TimeRange(start: time(), duration: time())
  }

  mutating func color() -> PlatformColor {
    PlatformColor(red: fraction(), green: fraction(), blue: fraction(), alpha: fraction())
  }

  mutating func offset() -> CGSize {
    CGSize(width: double(20, negative: true), height: double(20, negative: true))
  }

  mutating func anchor() -> Anchor {
    rng.pick(Anchor.allCases)
  }

  mutating func position() -> Position {
    switch rng.below(4) {
    case 0:
      return rng.pick([
        .topLeft, .top, .topRight, .left, .center, .right, .bottomLeft, .bottom, .bottomRight,
      ])
    case 1: return .normalized(x: fraction(), y: fraction())
    case 2: return .pixels(x: double(1920, negative: true), y: double(1080, negative: true))
    default: return .percent(x: double(100), y: double(100))
    }
  }

  /// A size; aspect sizes nest another size, up to `depth` levels.
  mutating func size(depth: Int = 2) -> Size {
    switch rng.below(depth > 0 ? 5 : 3) {
    case 0: return .normalized(width: fraction(), height: fraction())
    case 1: return .pixels(width: double(1920), height: double(1080))
    case 2: return .percent(width: double(100), height: double(100))
    case 3: return .aspectFit(within: size(depth: depth - 1), sourceAspect: double(3))
    default: return .aspectFill(covering: size(depth: depth - 1), sourceAspect: double(3))
    }
  }

  mutating func transform() -> Transform {
    Transform(
      center: position(), rotation: double(6.3, negative: true), scale: double(4),
      anchor: anchor())
  }

  /// One of the five timings a file can hold (a custom closure cannot be saved).
  mutating func timing() -> TimingFunction {
    switch rng.below(5) {
    case 0: .linear
    case 1: .easeIn
    case 2: .easeOut
    case 3: .easeInOut
    default:
      .cubicBezier(
        CGPoint(x: fraction(), y: double(2, negative: true)),
        CGPoint(x: fraction(), y: double(2, negative: true)))
    }
  }

  /// An animation of one to four keyframes (sometimes none) of values made by `value`.
  mutating func animation<Value>(_ value: (inout Self) -> Value) -> Animation<Value> {
    let count = rng.chance(0.05) ? 0 : rng.int(in: 1...4)
    var keyframes: [Animation<Value>.Keyframe] = []
    for _ in 0..<count {
      keyframes.append(.at(time(), value: value(&self)))
    }
    return .keyframes(keyframes, timing: timing())
  }

  mutating func doubleAnimation() -> Animation<Double> {
    animation { $0.double(2, negative: true) }
  }

  /// A filter of any built-in kind.
  mutating func filter() -> Filter {
    let kind = rng.pick(FilterKind.allCases)
    switch kind {
    case .lut:
      return .lut(url: url(extension: "cube"))
    case .chromaKey:
      return .chromaKey(color: color(), threshold: fraction())
    default:
      return (kind.defaultFilter ?? .mono).withScalar(double(20, negative: true))
    }
  }

  mutating func textStyle() -> TextStyle {
    TextStyle(
      fontName: rng.chance(0.5) ? rng.pick(["Menlo", "Helvetica Neue", "", "Noto Sans 日本"]) : nil,
      fontSize: double(96), color: color(), alignment: rng.pick(TextStyle.Alignment.allCases),
      weight: rng.pick(TextStyle.Weight.allCases),
      stroke: rng.chance(0.4) ? TextStroke(width: double(8), color: color()) : nil,
      shadow: rng.chance(0.4)
        ? TextShadow(
          offset: offset(), blur: double(10),
          color: rng.chance(0.5) ? .platformShadowDefault : color())
        : nil)
  }

  /// Text with the characters a writer must escape, and some that it must not.
  mutating func text() -> String {
    let pieces = [
      "Chapter", "", " ", "—¡Olé!", "日本語", "\"quoted\"", "back\\slash", "a/b", "\n", "\t",
      "\u{1}", "\u{7F}", "😀", "e\u{301}", "\u{FEFF}", "line\r\nbreak", "{\"json\": [1]}",
    ]
    return (0..<rng.int(in: 0...4)).map { _ in rng.pick(pieces) }.joined()
  }

  /// An absolute URL: a file path (with spaces sometimes) or a web address.
  mutating func url(extension fileExtension: String) -> URL {
    let name = rng.pick(["clip", "a b", "take-2", "ünï", "x"]) + "\(rng.below(100))"
    if rng.chance(0.25), let web = URL(string: "https://example.com/media/\(rng.below(1000))") {
      return web.appendingPathExtension(fileExtension)
    }
    return URL(fileURLWithPath: "/media/\(name).\(fileExtension)")
  }
}
