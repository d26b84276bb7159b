import Foundation

/// The checks the example makes; it exits with status 1 when one fails.
final class Checklist {
  private(set) var failures: [String] = []

  /// Prints `ok` or `FAILED` with `message`, and remembers a failure.
  func check(_ condition: Bool, _ message: String) {
    print("\(condition ? "ok    " : "FAILED") \(message)")
    if !condition { failures.append(message) }
  }
}
