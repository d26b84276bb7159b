import Foundation
import KadrModel

/// How kadr's transform, opacity and volume map to FCPXML's `adjust-transform`, `adjust-blend`
/// and `adjust-volume`, both ways, with one spelling of each conversion.
///
/// **Units.** FCPXML measures `position` and `anchor` in percent of the sequence's frame
/// *height*, from the frame's centre, with y up (Apple's FCPXML reference, "Animation": "-5 10"
/// moves the frame 5 % of the project's height left and 10 % up). kadr's ``Transform`` puts the
/// pivot (``Transform/anchor``, a fraction of the frame from its top-left corner) at
/// ``Transform/center`` (a ``Position``, by default a fraction of the frame from its top-left
/// corner, y down), so:
///
/// - `position = ((cx − ½) · W/H · 100, (½ − cy) · 100)` for a centre `(cx, cy)` normalised to a
///   `W`×`H` frame;
/// - `anchor = ((ax − ½) · W/H · 100, (½ − ay) · 100)` for the anchor's unit offset `(ax, ay)`;
/// - `rotation` is in degrees (kadr's is radians; both turn counter-clockwise when positive);
/// - `scale` is `"s s"` (kadr's scale is uniform);
/// - `adjust-blend amount` is the opacity, 0…1;
/// - `adjust-volume amount` is the gain in dB, `20·log10(level)`. A level of 0 (silence) has no
///   decibel value: it is written as ``silenceDecibels`` (−96 dB, Final Cut Pro's own floor), and
///   that or less reads back as 0. A level above 0 but at or below that floor is a loss.
///
/// Every number is written in the shortest form that reads back as the same `Double`; a
/// conversion (degrees, decibels, the frame's aspect) is nudged by a few units in the last place
/// when needed so that the inverse conversion on import gives back kadr's value bit for bit.
enum LookMapping {
  /// The decibels written for a level of 0, and the level below which a reading is silence.
  static let silenceDecibels = -96.0

  // MARK: Numbers

  /// `value` written as FCPXML writes a number: whole numbers without a fraction, others in the
  /// shortest form that reads back exactly.
  static func number(_ value: Double) -> String { TitleStyleMapping.number(value) }

  /// A number read back, or `nil`.
  static func number(from text: Substring) -> Double? {
    Double(text).flatMap { $0.isFinite ? $0 : nil }
  }

  /// The value written for `value` through `forward` such that `back` gives `value` again
  /// exactly: `forward(value)` or one of its neighbours within 64 units in the last place.
  static func exact(
    _ value: Double, _ forward: (Double) -> Double, back: (Double) -> Double
  ) -> Double? {
    let written = forward(value)
    guard written.isFinite else { return nil }
    if back(written) == value { return written }
    var up = written
    var down = written
    for _ in 0..<64 {
      up = up.nextUp
      down = down.nextDown
      if back(up) == value { return up }
      if back(down) == value { return down }
    }
    return nil
  }

  /// A pair `"x y"`.
  static func pair(_ x: Double, _ y: Double) -> String { number(x) + " " + number(y) }

  /// The two numbers of `"x y"`, or `nil`.
  static func pair(from text: String) -> (Double, Double)? {
    let parts = text.split(separator: " ").compactMap(number(from:))
    guard parts.count == 2 else { return nil }
    return (parts[0], parts[1])
  }

  // MARK: Geometry

  /// The sequence's frame, whose height is FCPXML's unit of position.
  struct Frame {
    let width: Double
    let height: Double

    /// Width ÷ height, the factor between kadr's horizontal fractions and FCPXML's units.
    var aspect: Double { width / height }
  }

  /// FCPXML's horizontal units for kadr's horizontal fraction `x`.
  static func horizontal(_ x: Double, in frame: Frame) -> Double { (x - 0.5) * frame.aspect * 100 }
  /// kadr's horizontal fraction for FCPXML's horizontal units `x`.
  static func fraction(horizontal x: Double, in frame: Frame) -> Double {
    x / 100 / frame.aspect + 0.5
  }
  /// FCPXML's vertical units (y up) for kadr's vertical fraction `y` (y down).
  static func vertical(_ y: Double) -> Double { (0.5 - y) * 100 }
  /// kadr's vertical fraction for FCPXML's vertical units `y`.
  static func fraction(vertical y: Double) -> Double { 0.5 - y / 100 }

  /// The FCPXML point of kadr's fractions `(x, y)`, or `nil` when no number reads back exactly.
  static func point(x: Double, y: Double, in frame: Frame) -> String? {
    guard
      let h = exact(
        x, { horizontal($0, in: frame) }, back: { fraction(horizontal: $0, in: frame) }),
      let v = exact(y, vertical, back: fraction(vertical:))
    else { return nil }
    return pair(h, v)
  }

  /// kadr's fractions of an FCPXML point.
  static func fractions(of text: String, in frame: Frame) -> (x: Double, y: Double)? {
    guard let (h, v) = pair(from: text) else { return nil }
    return (fraction(horizontal: h, in: frame), fraction(vertical: v))
  }

  /// The FCPXML anchor of a named anchor.
  static func anchor(_ anchor: Anchor, in frame: Frame) -> String? {
    let offset = anchor.unitOffset
    return point(x: Double(offset.x), y: Double(offset.y), in: frame)
  }

  /// The named anchor whose FCPXML anchor is `text`, or `nil` when none is.
  static func anchor(from text: String, in frame: Frame) -> Anchor? {
    guard let (h, v) = pair(from: text) else { return nil }
    return Anchor.allCases.first { candidate in
      guard let written = anchor(candidate, in: frame), let (ch, cv) = pair(from: written) else {
        return false
      }
      return ch == h && cv == v
    }
  }

  /// Degrees for radians.
  static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
  /// Radians for degrees.
  static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

  // MARK: Volume

  /// The decibels of a linear level.
  static func decibels(_ level: Double) -> Double { 20 * log10(level) }
  /// The linear level of decibels; ``silenceDecibels`` or less is 0.
  static func level(_ decibels: Double) -> Double {
    decibels <= silenceDecibels ? 0 : pow(10, decibels / 20)
  }

  /// The `adjust-volume` amount of `level` (`"-6.02…dB"`), or `nil` when no amount reads back
  /// as `level` (a level above 0 at or below the floor, a negative or non-finite one).
  static func volume(_ level: Double) -> String? {
    if level == 0 { return number(silenceDecibels) + "dB" }
    guard level > 0, level.isFinite, decibels(level) > silenceDecibels,
      let value = exact(level, decibels, back: Self.level)
    else { return nil }
    return number(value) + "dB"
  }

  /// The level of an amount such as `"-6dB"` (or a bare number, read as decibels).
  static func level(from text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let body = trimmed.lowercased().hasSuffix("db") ? trimmed.dropLast(2) : Substring(trimmed)
    if body.trimmingCharacters(in: .whitespaces).lowercased() == "-inf" { return 0 }
    return number(from: body.drop { $0 == " " }).map(level)
  }
}
