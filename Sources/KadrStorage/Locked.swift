import Foundation

/// Mutable state behind a lock: the one way the stores and the registry share state across tasks.
///
/// The state is reached only inside ``withLock(_:)``, so a type that keeps its mutable state in a
/// `Locked` and everything else in constants is `Sendable` without `@unchecked`. The lock is an
/// `NSLock`: ThreadSanitizer understands it on every platform this package supports. A lock that
/// guards no state (serialising work on disk, say) is a plain `NSLock`: ThreadSanitizer reports
/// a box of an empty state as a race with the box's own header.
package final class Locked<State> {
  private let lock = NSLock()
  // Read and written only while `lock` is held.
  private var state: State

  /// Creates a box holding `state`.
  ///
  /// - Parameter state: The initial state.
  package init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with the state, holding the lock; `body` may change the state.
  ///
  /// - Parameter body: Reads or changes the state; it must not call back into this box.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}

// The state is reached only under the lock, so sharing the box shares no unguarded memory.
extension Locked: @unchecked Sendable where State: Sendable {}
