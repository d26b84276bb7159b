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
///
/// ## What is at the destination
///
/// - **Nothing**: the file is created (mode 0644 less the umask).
/// - **A regular file**: it is replaced atomically. The new file keeps its permission bits,
///   except set-user-ID and set-group-ID, which are never copied; and its owner and group, when
///   the process may set them (root may; another user keeps the group only if they belong to
///   it, and otherwise the new file is theirs).
/// - **A symbolic link** (a chain of them too): it is followed, and its target is replaced
///   atomically as above, in the target's directory; the link itself is left as it is. A
///   dangling link gets its target created.
/// - **A hard-linked file**: the path gets the new file; the file's other names keep the old
///   contents (a rename cannot change a file other names share).
/// - **A directory, device, FIFO or socket**, reached directly or through a link: refused with
///   a ``PersistenceError``, and left untouched. Nothing is written into a device or pipe: write
///   the bytes to standard output to send them there.
package enum AtomicFile {
  /// Replaces the file at `url` with `data`, atomically.
  ///
  /// Either the previous file (if any) or the complete new one is on disk at every moment, also
  /// when the process is killed or the disk fills up. What happens to links, hard links,
  /// ownership and non-regular files is described under ``AtomicFile`` ("What is at the
  /// destination"). The temporary file (`.NAME.tmp-UUID`, shortened with a hash of the name
  /// when that would pass the system's 255-byte name limit) is removed when anything fails; only
  /// a process killed mid-save can leave one behind, and it never replaces the document.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: A file URL.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/fileSystem(path:underlying:)``
  ///   naming `url`'s path: the destination is not a regular file, or a step failed.
  package static func write(_ data: Data, to url: URL) throws(PersistenceError) {
    try write(data, to: url, replacingLinks: false)
  }

  /// Replaces the file at `url` with `data`, atomically; with `replacingLinks`, a symbolic link
  /// at `url` is replaced itself instead of followed.
  ///
  /// For a store that owns its directory (``FileImageStore``): a link planted under one of its
  /// names must never be written through.
  /// - Parameters:
  ///   - data: The new contents.
  ///   - url: A file URL.
  ///   - replacingLinks: Replace a symbolic link at `url` itself, never its target.
  /// - Throws: ``PersistenceError`` as ``write(_:to:)``.
  package static func write(_ data: Data, to url: URL, replacingLinks: Bool)
    throws(PersistenceError)
  {
    let requested = url.path
    let destination: Destination
    do {
      destination = try Destination(resolving: requested, followingLinks: !replacingLinks)
    } catch {
      throw PersistenceError(.fileSystem(path: requested, underlying: error))
    }
    let path = destination.path
    let directory = Destination.directory(of: path)
    let temporary = directory + "/" + Destination.temporaryName(for: path)
    do {
      try writeAndSync(data, to: temporary, replacing: destination.existing)
      guard rename(temporary, path) == 0 else {
        throw POSIXFailure(operation: "rename the temporary file over it")
      }
      syncDirectory(directory)
    } catch {
      _ = unlink(temporary)
      throw PersistenceError(.fileSystem(path: requested, underlying: error))
    }
  }

  private static func writeAndSync(_ data: Data, to path: String, replacing existing: stat?)
    throws
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw POSIXFailure(operation: "create a temporary file beside it")
    }
    defer { _ = close(descriptor) }
    if let existing { keepOwnershipAndMode(of: existing, on: descriptor) }
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
    guard DiskFlush.flush(descriptor) else { throw POSIXFailure(operation: "flush it to disk") }
  }

  /// Gives the new file the replaced file's owner and group (as far as the process may) and its
  /// permission bits without set-user-ID and set-group-ID.
  private static func keepOwnershipAndMode(of existing: stat, on descriptor: Int32) {
    // Owner first: changing the owner may clear mode bits, so the mode is set after it.
    if existing.st_uid != geteuid() || existing.st_gid != getegid() {
      if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
        // Not permitted (a user other than root): keep at least the group, if allowed.
        _ = fchown(descriptor, uid_t.max, existing.st_gid)
      }
    }
    _ = fchmod(descriptor, existing.st_mode & 0o1777)
  }

  /// Makes the rename itself durable. Failure here is not an error: the data is already safe.
  private static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = DiskFlush.flush(descriptor)
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
