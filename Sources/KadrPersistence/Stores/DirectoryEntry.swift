import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads directory entries without following symbolic links, for ``FileImageStore``.
///
/// Every function takes the path of an entry directly inside the store's directory (the name
/// was validated first) and never follows a symbolic link: `lstat(2)` to look, `O_NOFOLLOW` to
/// open, and a device/inode comparison so an entry swapped between the look and the open is
/// refused too.
enum DirectoryEntry {
  /// What is at a path.
  enum Status: Equatable {
    /// Nothing.
    case missing
    /// A regular file of this size.
    case regularFile(size: Int)
    /// Something else.
    case other(FileImageStoreError.DirectoryEntryKind)
  }

  /// Looks at `path` without following a symbolic link.
  ///
  /// - Throws: ``EntryFailure`` when `lstat` fails for another reason than a missing entry.
  static func status(of path: String) throws(EntryFailure) -> Status {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return .missing }
      throw EntryFailure(operation: "lstat")
    }
    return status(info)
  }

  /// Returns the bytes of the regular file at `path`; refuses anything else, and a file larger
  /// than `limit` bytes.
  ///
  /// The file is opened with `O_NOFOLLOW | O_NONBLOCK` (a FIFO swapped in cannot block), then
  /// `fstat` must show the same regular file that `lstat` saw. Its size from `fstat` is checked
  /// against `limit` before a byte is read, and at most `limit + 1` bytes are read whatever the
  /// size said (a file that grows while it is read is refused too).
  /// - Throws: ``EntryFailure``, with ``EntryFailure/kind`` set when the entry is not a regular
  ///   file, and ``EntryFailure/size`` when it is larger than `limit`.
  static func readRegularFile(at path: String, limit: Int) throws(EntryFailure) -> Data {
    var before = stat()
    guard lstat(path, &before) == 0 else { throw EntryFailure(operation: "lstat") }
    if case .other(let kind) = status(before) { throw EntryFailure(kind: kind) }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw EntryFailure(kind: .symbolicLink) }
      throw EntryFailure(operation: "open")
    }
    defer { _ = close(descriptor) }
    var after = stat()
    guard fstat(descriptor, &after) == 0 else { throw EntryFailure(operation: "fstat") }
    guard case .regularFile = status(after), after.st_dev == before.st_dev,
      after.st_ino == before.st_ino
    else {
      throw EntryFailure(kind: .other)
    }
    let size = Int(after.st_size)
    guard size <= limit else { throw EntryFailure(size: size) }
    let data = try readAll(descriptor, expected: size, limit: limit)
    guard data.count <= limit else { throw EntryFailure(size: data.count) }
    return data
  }

  /// Removes the entry at `path` (a symbolic link is removed, never its target).
  /// - Throws: ``EntryFailure`` when `unlink` fails.
  static func remove(_ path: String) throws(EntryFailure) {
    guard unlink(path) == 0 else { throw EntryFailure(operation: "unlink") }
  }

  /// Reads to the end, or to `limit + 1` bytes, whichever comes first.
  private static func readAll(_ descriptor: Int32, expected: Int, limit: Int)
    throws(EntryFailure) -> Data
  {
    var data = Data()
    data.reserveCapacity(min(max(expected, 0), limit) + 1)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count <= limit {
      let request = min(chunk.count, limit + 1 - data.count)
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, request)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw EntryFailure(operation: "read")
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
    }
    return data
  }

  private static func status(_ info: stat) -> Status {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile(size: Int(info.st_size))
    case S_IFLNK: return .other(.symbolicLink)
    case S_IFDIR: return .other(.directory)
    default: return .other(.other)
    }
  }
}

/// A failed look at or read of a directory entry.
struct EntryFailure: Error {
  /// Set when the entry exists but is not a regular file.
  let kind: FileImageStoreError.DirectoryEntryKind?
  /// The failed system call and its `errno` text, otherwise.
  let reason: String
  /// Whether the entry does not exist.
  let isMissing: Bool
  /// Set when the file is larger than the limit: its size, or the bytes read past the limit.
  var size: Int?

  init(kind: FileImageStoreError.DirectoryEntryKind) {
    self.kind = kind
    reason = "its directory entry is \(kind.rawValue)"
    isMissing = false
  }

  init(size: Int) {
    self.size = size
    kind = nil
    reason = "it is larger than the limit"
    isMissing = false
  }

  init(operation: String) {
    let code = errno
    kind = nil
    reason = "\(operation) failed: \(String(cString: strerror(code)))"
    isMissing = code == ENOENT
  }
}
