import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checked writes to standard output and standard error.
///
/// `FileHandle.write(_:)` traps when the write fails (a full disk behind `> file`, a closed
/// pipe), which ends the tool with a backtrace. Here every byte is written with `write(2)`; a
/// failure prints `kadr-doc: cannot write standard output: <reason>` on standard error and ends
/// the tool with exit code 1. (A closed pipe is such a failure too: SIGPIPE is ignored, see
/// main.swift.)
enum StandardStreams {
  /// Writes all of `data` to `descriptor` (1 or 2), or ends the tool.
  static func write(_ data: Data, to descriptor: Int32) {
    if let failure = writeAll(data, to: descriptor) {
      let name = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
      if descriptor != STDERR_FILENO {
        _ = writeAll(Data("kadr-doc: cannot write \(name): \(failure)\n".utf8), to: STDERR_FILENO)
      }
      exit(ExitCode.failure)
    }
  }

  /// Writes all of `data`; the `strerror` text of the failure, or `nil`.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> String? in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        #elseif canImport(Musl)
          let written = Musl.write(descriptor, base + offset, buffer.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }
}
