import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads documents from files and streams without ever holding more than a size limit.
///
/// A regular file over the limit is refused from its size, before a byte is read (a gigabyte
/// costs what a small file does); a pipe, or a file growing while read, once the limit is passed.
package enum DocumentFile {
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
  package static func read(_ url: URL, maximumBytes: Int) throws -> Data {
    let path = url.path
    // Opened without blocking: a FIFO with no writer would otherwise hold the open for ever.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw PersistenceError(
        .fileSystem(path: path, underlying: POSIXFailure(operation: "open it for reading")))
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw PersistenceError(
        .fileSystem(path: path, underlying: POSIXFailure(operation: "read its status")))
    }
    let kind = status.st_mode & S_IFMT
    if kind != S_IFREG {
      // A stream the shell made for this process (`/dev/stdin`, `<(…)`) is read as one; any
      // other FIFO, device, socket or directory is refused, never waited on.
      guard kind == S_IFIFO, isProcessStream(path) else {
        throw PersistenceError(
          .fileSystem(
            path: path,
            underlying: NotARegularFile(kind: AtomicFile.Destination.kindName(status.st_mode))))
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    return try read(descriptor: descriptor, named: path, maximumBytes: maximumBytes)
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
    let limit = max(0, maximumBytes)
    var status = stat()
    var expected = 0
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      let size = Int(status.st_size)
      guard size <= limit else { throw tooLarge(size: size, limit: limit) }
      expected = size
    }
    var data = Data(capacity: expected + 1)
    let chunk = 1 << 20
    while true {
      // Never ask for more than one byte past the limit: enough to know it was passed.
      let request = min(chunk, limit + 1 - data.count)
      let before = data.count
      data.count = before + request
      let count = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemRead(descriptor, base + before, request)
      }
      if count < 0 {
        data.count = before
        if errno == EINTR { continue }
        throw PersistenceError(
          .fileSystem(path: name, underlying: POSIXFailure(operation: "read it")))
      }
      data.count = before + count
      if count == 0 { return data }
      guard data.count <= limit else { throw tooLarge(size: nil, limit: limit) }
    }
  }

  private static func tooLarge(size: Int?, limit: Int) -> PersistenceError {
    let what =
      size.map { "The document is \($0) bytes, more than the limit of \(limit) bytes" }
      ?? "The document is larger than the limit of \(limit) bytes"
    return PersistenceError(.limitExceeded(what), at: .root)
  }
}

/// The system's `read(2)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
  -> Int
{
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
