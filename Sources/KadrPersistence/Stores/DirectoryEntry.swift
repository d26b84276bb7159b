import Foundation
import KadrFileSystem

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
    guard let info = FileStatus(path, followingLinks: false) else {
      let code = SystemCall.lastError
      if code == SystemCall.Code.missing || code == SystemCall.Code.notADirectory {
        return .missing
      }
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
    guard let before = FileStatus(path, followingLinks: false) else {
      throw EntryFailure(operation: "lstat")
    }
    if case .other(let kind) = status(before) { throw EntryFailure(kind: kind) }
    let descriptor = SystemCall.open(
      path,
      SystemCall.Flags.readOnly | SystemCall.Flags.noFollow | SystemCall.Flags.nonBlocking
        | SystemCall.Flags.closeOnExec)
    guard descriptor >= 0 else {
      if SystemCall.lastError == SystemCall.Code.tooManyLinks {
        throw EntryFailure(kind: .symbolicLink)
      }
      throw EntryFailure(operation: "open")
    }
    defer { SystemCall.close(descriptor) }
    guard let after = FileStatus(descriptor: descriptor) else {
      throw EntryFailure(operation: "fstat")
    }
    guard case .regularFile = status(after), after.device == before.device,
      after.inode == before.inode
    else {
      throw EntryFailure(kind: .other)
    }
    guard after.size <= limit else { throw EntryFailure(size: after.size) }
    do {
      return try BoundedRead.bytes(descriptor: descriptor, limit: limit)
    } catch {
      switch error {
      case .tooLarge(let size, _): throw EntryFailure(size: size ?? limit + 1)
      case .system(let failure): throw EntryFailure(failure)
      case .notRegular, .grew: throw EntryFailure(kind: .other)
      }
    }
  }

  /// Removes the entry at `path` (a symbolic link is removed, never its target).
  /// - Throws: ``EntryFailure`` when `unlink` fails.
  static func remove(_ path: String) throws(EntryFailure) {
    guard SystemCall.unlink(path) else { throw EntryFailure(operation: "unlink") }
  }

  private static func status(_ info: FileStatus) -> Status {
    switch info.kind {
    case .regular: return .regularFile(size: info.size)
    case .symbolicLink: return .other(.symbolicLink)
    case .directory: return .other(.directory)
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
    self.init(SystemError(operation))
  }

  init(_ failure: SystemError) {
    kind = nil
    reason = "\(failure.operation) failed: \(failure.reason)"
    isMissing = failure.isMissing
  }
}
