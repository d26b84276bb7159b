import Foundation
import KadrFileSystem

/// Checked writes to standard output and standard error.
///
/// `FileHandle.write(_:)` traps when the write fails (a full disk behind `> file`, a closed
/// pipe), which ends the tool with a backtrace. Here every byte is written with `write(2)`
/// (the platform layer's, which repeats an interrupted write); a
/// failure prints `kadr-doc: cannot write standard output: <reason>` on standard error and ends
/// the tool with exit code 1. (A closed pipe is such a failure too: SIGPIPE is ignored, see
/// main.swift.)
enum StandardStreams {
  /// Standard output's descriptor.
  static let output: Int32 = 1
  /// Standard error's descriptor.
  static let error: Int32 = 2

  /// Writes all of `data` to `descriptor` (1 or 2), or ends the tool.
  static func write(_ data: Data, to descriptor: Int32) {
    if let failure = writeAll(data, to: descriptor) {
      let name = descriptor == output ? "standard output" : "standard error"
      if descriptor != error {
        _ = writeAll(Data("kadr-doc: cannot write \(name): \(failure)\n".utf8), to: error)
      }
      exit(ExitCode.failure)
    }
  }

  /// Writes all of `data`; the system's text for the failure, or `nil`.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    let written = data.withUnsafeBytes { SystemCall.writeAll(descriptor, $0) }
    return written ? nil : SystemError("write").reason
  }
}
