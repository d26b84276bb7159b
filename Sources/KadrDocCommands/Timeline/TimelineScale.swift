import Foundation
import KadrPersistence

/// Maps composition time to x coordinates, and chooses the time axis's ticks.
///
/// Every time is clamped to the drawn span, so invalid, negative or huge times never produce a
/// coordinate outside the picture (or a non-finite one).
struct TimelineScale {
  /// The shortest span drawn: a composition of zero length still gets a one-second axis.
  static let minimumExtent = 1.0
  /// The longest span drawn (about three years); longer times are clamped to it.
  static let maximumExtent = 100_000_000.0

  /// The x coordinate of time zero.
  let left: Double
  /// The width of the plot, in pixels.
  let width: Double
  /// The span drawn, in seconds: from zero to `extent`.
  let extent: Double

  /// Creates a scale drawing `0…extent` seconds over `width` pixels from `left`.
  init(left: Double, width: Double, extent: Double) {
    self.left = left
    self.width = max(1, width)
    let finite = extent.isFinite ? extent : Self.minimumExtent
    self.extent = min(max(finite, Self.minimumExtent), Self.maximumExtent)
  }

  /// The x coordinate of the right end of the plot.
  var right: Double { left + width }

  /// The x coordinate of `seconds`, clamped to the plot (a NaN counts as zero).
  func x(_ seconds: Double) -> Double {
    guard seconds.isFinite else { return seconds == .infinity ? right : left }
    return left + min(max(seconds, 0), extent) / extent * width
  }

  /// The x coordinate of `time`; an invalid time counts as zero.
  func x(_ time: Time) -> Double { x(Self.seconds(time) ?? 0) }

  /// The length in pixels of the span from `start` to `end`, never negative.
  func width(from start: Time, to end: Time) -> Double { max(0, x(end) - x(start)) }

  /// A time in seconds, or `nil` if it is invalid.
  static func seconds(_ time: Time) -> Double? {
    guard time.isValid else { return nil }
    let seconds = time.seconds
    return seconds.isFinite ? seconds : nil
  }

  /// The distance between labelled ticks: a round number of seconds (0.1, 0.2, 0.5, 1, 2, 5,
  /// 10, 15, 30 s, then whole minutes and hours) giving at most about one label per 80 pixels.
  var step: Double {
    let target = extent / max(1, (width / 80).rounded(.down))
    var candidates: [Double] = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800]
    var hours = 3600.0
    while hours <= Self.maximumExtent {
      candidates += [hours, hours * 2, hours * 5]
      hours *= 10
    }
    return candidates.first { $0 >= target } ?? Self.maximumExtent
  }

  /// The labelled ticks, from zero to the end of the plot.
  var ticks: [Double] {
    let step = step
    let count = Int(min(1000, (extent / step).rounded(.down)))
    return (0...max(0, count)).map { Double($0) * step }
  }

  /// The small unlabelled ticks between the labelled ones.
  var minorTicks: [Double] {
    let step = step
    let minor = step / Self.minorDivisions(of: step)
    let count = Int(min(5000, (extent / minor).rounded(.down)))
    guard count > 0 else { return [] }
    return (1...count).map { Double($0) * minor }.filter {
      ($0 / step - ($0 / step).rounded()).magnitude > 1e-6
    }
  }

  /// How many parts a labelled step is cut into by minor ticks, so each part is round too.
  private static func minorDivisions(of step: Double) -> Double {
    switch step {
    case 15, 30, 900, 1800: return 3  // 5 s, 10 s, 5 min, 10 min
    case 60, 120, 3600, 7200: return 4  // 15 s, 30 s, 15 min, 30 min
    default:
      let magnitude = pow(10, log10(step).rounded(.down))
      return (step / magnitude).rounded() == 2 ? 4 : 5  // 2 s: 0.5 s; 1, 5, 10 s: fifths
    }
  }

  /// The label of a tick: seconds below a minute (`0`, `2.5s`), a clock beyond (`1:30`).
  func label(_ seconds: Double) -> String {
    extent < 60 ? TimeText.seconds(seconds) : TimeText.clock(seconds)
  }
}

/// Times as people read them on a timeline.
enum TimeText {
  /// `6s`, `0.75s`, `17.09s`; `1:05.5` from a minute on; `—` for no value.
  static func seconds(_ seconds: Double?) -> String {
    guard let seconds, seconds.isFinite else { return "—" }
    if seconds.magnitude >= 60 { return clock(seconds) }
    return plain(seconds) + "s"
  }

  /// The length of `time`, or `—` if it is invalid.
  static func seconds(_ time: Time) -> String { seconds(TimelineScale.seconds(time)) }

  /// `m:ss` (or `h:mm:ss`), with hundredths when the time is not whole.
  static func clock(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "—" }
    let sign = seconds < 0 ? "-" : ""
    let clamped = min(seconds.magnitude, TimelineScale.maximumExtent * 10)
    let whole = Int(clamped.rounded(.down))
    let fraction = clamped - Double(whole)
    let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
    var text =
      hours > 0
      ? "\(hours):" + pad(minutes) + ":" + pad(secs) : "\(minutes):" + pad(secs)
    if fraction >= 0.005 {
      text += String(plain(fraction).dropFirst())
    }
    return sign + text
  }

  /// A span such as `0–6s` or `1:00–2:30`.
  static func span(_ start: Double?, _ end: Double?) -> String {
    guard let start, let end, start.isFinite, end.isFinite else { return "—" }
    if start.magnitude < 60, end.magnitude < 60 { return plain(start) + "–" + plain(end) + "s" }
    return clock(start) + "–" + clock(end)
  }

  /// A number with at most two decimals and no trailing zeros.
  static func plain(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), rounded.magnitude < 1e15 { return String(Int(rounded)) }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
