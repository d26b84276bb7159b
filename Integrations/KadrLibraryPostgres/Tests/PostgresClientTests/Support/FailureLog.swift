import Foundation

/// Failures collected from several threads.
final class FailureLog: @unchecked Sendable {
  // @unchecked Sendable: `stored` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var stored: [String] = []

  func add(_ entry: String) {
    lock.lock()
    defer { lock.unlock() }
    stored.append(entry)
  }

  var entries: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
