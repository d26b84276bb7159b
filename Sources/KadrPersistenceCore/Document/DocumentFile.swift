import Foundation
import KadrFileSystem

/// Reads documents from files and streams without ever holding more than a size limit, through
/// the package's one bounded read (`BoundedRead`, in the platform layer).
///
/// A regular file over the limit is refused from its size, before a byte is read (a gigabyte
/// costs what a small file does); a pipe, or a file growing while read, once the limit is passed.
///
/// Public for one door, ``read(_:maximumBytes:)``, so that a module built on the public API (an
/// interchange format's importer) reads its files under a limit the same way; the rest is the
/// package's own.
public enum DocumentFile {
  /// Reads the whole file at `url`, refusing it when it is larger than `maximumBytes`.
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - maximumBytes: The largest document accepted, typically
  ///     ``DocumentLimits/maximumDocumentBytes``.
  /// - Returns: The file's bytes.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/limitExceeded(_:)`` for a
  ///   file over the limit, or ``PersistenceError/Reason/fileSystem(path:underlying:)`` when the
  ///   file cannot be opened or read.
  public static func read(_ url: URL, maximumBytes: Int) throws -> Data {
    let path = url.path
    do {
      // A stream the shell made for this process (`/dev/stdin`, `<(…)`) is read as one; any
      // other FIFO, device, socket or directory is refused, never waited on.
      return try BoundedRead.bytes(
        atPath: path, limit: max(0, maximumBytes), acceptingStream: isProcessStream)
    } catch {
      throw persistenceError(error, name: path)
    }
  }

  /// Whether `path` names one of this process's own descriptors: `/dev/stdin`, `/dev/fd/N`,
  /// `/proc/self/fd/N` (what a shell's process substitution passes).
  static func isProcessStream(_ path: String) -> Bool {
    path == "/dev/stdin" || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
  }

  /// A document path that names something other than a regular file.
  struct NotARegularFile: Error, LocalizedError {
    /// What is there, as a noun phrase: "a FIFO (named pipe)".
    let kind: String

    var errorDescription: String? {
      "it is \(kind), not a regular file; a document is read from a regular file, or from "
        + "standard input (-) for a stream"
    }
  }

  /// Reads an open descriptor (a file, a pipe, standard input) to its end, refusing more than
  /// `maximumBytes`.
  ///
  /// The descriptor is read from its current offset and is not closed.
  /// - Parameters:
  ///   - descriptor: An open, readable file descriptor.
  ///   - name: How errors name the source (a path, or `<stdin>`).
  ///   - maximumBytes: The largest document accepted.
  /// - Returns: The bytes read.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/limitExceeded(_:)`` past the
  ///   limit, or ``PersistenceError/Reason/fileSystem(path:underlying:)`` when reading fails.
  package static func read(descriptor: Int32, named name: String, maximumBytes: Int)
    throws -> Data
  {
    do {
      return try BoundedRead.bytes(descriptor: descriptor, limit: maximumBytes)
    } catch {
      throw persistenceError(error, name: name)
    }
  }

  /// The bounded read's refusal as the document's error.
  private static func persistenceError(_ failure: BoundedRead.Failure, name: String)
    -> PersistenceError
  {
    switch failure {
    case .system(let error):
      return PersistenceError(.fileSystem(path: name, underlying: error))
    case .notRegular(let kind):
      return PersistenceError(.fileSystem(path: name, underlying: NotARegularFile(kind: kind)))
    case .tooLarge(let size, let limit):
      let what =
        size.map { "The document is \($0) bytes, more than the limit of \(limit) bytes" }
        ?? "The document is larger than the limit of \(limit) bytes"
      return PersistenceError(.limitExceeded(what), at: .root)
    case .grew:
      return PersistenceError(.limitExceeded("The document grew while it was read"), at: .root)
    }
  }
}
