import Foundation
import KadrPersistence

/// Files the tool writes (`-o OUT`, `--in-place`, the demo's files).
enum FileOutput {
  /// Writes `data` to `path` atomically (see `AtomicFile` for what happens to links and
  /// non-regular files), or says why not: `kadr-doc: cannot write OUT: reason`.
  ///
  /// - Returns: `true` when the file was written.
  static func write(_ data: Data, to path: String, console: Console) -> Bool {
    do {
      try AtomicFile.write(data, to: URL(fileURLWithPath: path))
      return true
    } catch {
      console.err("kadr-doc: cannot write \(path): \(reason(of: error))")
      return false
    }
  }

  /// Writes `data` to `path` as ``write(_:to:console:)`` does, or to standard output without a
  /// path: the command's exit status.
  static func deliver(_ data: Data, to path: String?, console: Console) -> Int32 {
    guard let path else {
      console.outData(data)
      return ExitCode.ok
    }
    return write(data, to: path, console: console) ? ExitCode.ok : ExitCode.failure
  }

  /// The sentence after "cannot write OUT: ": the file system's reason and what to do.
  static func reason(of error: PersistenceError) -> String {
    if case .fileSystem(_, let underlying) = error.reason {
      return ((underlying as? any LocalizedError)?.errorDescription ?? "\(underlying)")
        + ". The previous file, if any, is unchanged."
    }
    return error.failureReason ?? "\(error)"
  }
}
