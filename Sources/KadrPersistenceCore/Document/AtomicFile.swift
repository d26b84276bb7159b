import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a crash never leaves a torn one: a temporary file in the same directory,
/// flushed to disk, then renamed over the destination.
public enum AtomicFile {
  /// Replaces the file at `url` with `data`, atomically.
  ///
  /// Either the previous file (if any) or the complete new one is on disk at every moment, also
  /// when the process is killed or the disk fills up. The new file keeps the permissions of the
  /// one it replaces. The temporary file (`.NAME.tmp-UUID`) is removed when anything fails; only
  /// a process killed mid-save can leave one behind, and it never replaces the document.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: A file URL.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/fileSystem(path:underlying:)``.
  public static func write(_ data: Data, to url: URL) throws {
    let path = url.path
    let directory = url.deletingLastPathComponent().path
    let temporary = directory + "/." + url.lastPathComponent + ".tmp-" + UUID().uuidString
    do {
      try writeAndSync(data, to: temporary, replacing: path)
      guard rename(temporary, path) == 0 else {
        throw POSIXFailure(operation: "rename the temporary file over it")
      }
      syncDirectory(directory)
    } catch {
      _ = unlink(temporary)
      throw PersistenceError(.fileSystem(path: path, underlying: error))
    }
  }

  private static func writeAndSync(_ data: Data, to path: String, replacing destination: String)
    throws
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw POSIXFailure(operation: "create a temporary file beside it")
    }
    defer { _ = close(descriptor) }
    // A replaced file keeps its permissions (as far as its owner may set them).
    var existing = stat()
    if stat(destination, &existing) == 0 {
      _ = fchmod(descriptor, existing.st_mode & 0o7777)
    }
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { break }
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw POSIXFailure(operation: "write it")
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else { throw POSIXFailure(operation: "flush it to disk") }
  }

  /// Makes the rename itself durable. Failure here is not an error: the data is already safe.
  private static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }
}

/// The system's `write(2)`, named apart from ``AtomicFile/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}

/// A failed system call, with its `errno` text.
struct POSIXFailure: Error, LocalizedError {
  let operation: String
  let code: Int32

  init(operation: String) {
    self.operation = operation
    self.code = errno
  }

  var errorDescription: String? {
    "could not \(operation): \(String(cString: strerror(code)))"
  }
}
