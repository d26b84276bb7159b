import Foundation

/// Progress on standard error: only on a terminal, and only once the work has taken more than
/// a second, so that quick runs and scripts (a pipe, a file) see nothing of it.
///
/// `[#########·········] 4213/10000 42% 850/s ETA 7s  FILE`, redrawn at most ten times a second.
struct ProgressBar {
  private let console: Console
  private let total: Int
  private let started = ContinuousClock.now
  private var lastDrawn: ContinuousClock.Instant?
  private var shown = false

  init(total: Int, console: Console) {
    self.total = total
    self.console = console
  }

  /// Says that `done` items of the total are finished and `item` is the next one.
  mutating func update(done: Int, item: String) {
    let now = ContinuousClock.now
    guard console.isTerminal, now - started > .seconds(1) else { return }
    if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    shown = true
    StandardStreams.write(
      Data(("\r\u{1B}[K" + line(done: done, item: item)).utf8), to: StandardStreams.error)
  }

  /// The text of the bar (without control sequences).
  func line(done: Int, item: String) -> String {
    let fraction = total == 0 ? 1 : Double(done) / Double(total)
    let width = 20
    let filled = min(width, Int(fraction * Double(width)))
    let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
    let seconds =
      Double((ContinuousClock.now - started).components.seconds)
      + Double((ContinuousClock.now - started).components.attoseconds) / 1e18
    let rate = seconds > 0 ? Double(done) / seconds : 0
    var text = "[\(bar)] \(done)/\(total) \(Int(fraction * 100))%"
    if rate > 0 {
      text += " " + (rate >= 10 ? "\(Int(rate))/s" : String(format: "%.1f/s", rate))
      text += " ETA " + Self.duration(Double(total - done) / rate)
    }
    let name = TerminalText.escaped(
      item.count > 40 ? "…" + item.suffix(39) : item, keepingNewlines: false)
    return text + "  " + name
  }

  /// `7s`, `3m05s`, `1h02m`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
    return String(format: "%dh%02dm", whole / 3600, whole % 3600 / 60)
  }

  /// Clears the bar, if one was shown.
  func finish() {
    guard shown else { return }
    StandardStreams.write(Data("\r\u{1B}[K".utf8), to: StandardStreams.error)
  }
}
