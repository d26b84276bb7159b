import Foundation

/// The percentage of one long open, on standard error (see `Input.openingProgress`).
///
/// `@unchecked Sendable`: the coder calls ``update(_:)`` on the thread that opens, and only
/// that thread touches ``shown`` — one open, one thread.
final class OpeningProgress: @unchecked Sendable {
  private let label: String
  private var shown = -1

  init(label: String) { self.label = TerminalText.escaped(label, keepingNewlines: false) }

  /// Shows `fraction` (0…1) as a whole percentage, when it changed.
  func update(_ fraction: Double) {
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    guard percent != shown else { return }
    shown = percent
    StandardStreams.write(Data("\r\u{1B}[K\(label) \(percent)%".utf8), to: StandardStreams.error)
  }

  /// Clears the line.
  func finish() {
    guard shown >= 0 else { return }
    StandardStreams.write(Data("\r\u{1B}[K".utf8), to: StandardStreams.error)
  }
}
