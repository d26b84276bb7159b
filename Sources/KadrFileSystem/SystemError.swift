#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed: what the package was doing, in words that complete "could not …",
/// and the system's error number.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was being done: "create a temporary file beside it".
  package let operation: String
  /// The system's error number (`errno`).
  package let code: Int32

  /// An error for `operation` with the error number `code`.
  ///
  /// - Parameters:
  ///   - operation: What was being done, completing "could not …".
  ///   - code: The error number; `errno` as it is now by default.
  package init(_ operation: String, code: Int32 = errno) {
    self.operation = operation
    self.code = code
  }

  /// The system's text for ``code``: "No space left on device".
  package var reason: String { String(cString: strerror(code)) }

  /// "could not write it: No space left on device".
  package var description: String { "could not \(operation): \(reason)" }

  /// Whether the failure was that nothing is at the path.
  package var isMissing: Bool { code == ENOENT }
}
