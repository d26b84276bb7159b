import Foundation
import KadrFileSystem

/// The lock that keeps two processes from changing one library at once: `flock` on the
/// library's `.lock` file, exclusive for changes and shared for reads.
///
/// Each use opens the file and closes it after, so the kernel releases the lock when a process
/// dies, even by `SIGKILL`: a crashed app never leaves the library locked.
///
/// The lock file is never followed through a symbolic link (a link there would make the library
/// create or lock a file outside itself): such a library is refused with an error that says to
/// remove the link. A library this process cannot write (a read-only volume, another user's
/// folder) can still be read: a read takes the shared lock through a read-only descriptor, or
/// no lock when the lock file does not exist and cannot be made, since then no process of this
/// user can change the library either.
struct LibraryLock {
  /// The lock file.
  let url: URL

  /// Runs `body` holding the lock; `exclusive` for a change, shared for a read.
  ///
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the lock file cannot be
  ///   opened or locked, or what `body` throws.
  func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
    let flags = SystemCall.Flags.noFollow | SystemCall.Flags.closeOnExec
    var descriptor = SystemCall.open(
      url.path, SystemCall.Flags.readWrite | SystemCall.Flags.create | flags)
    if descriptor < 0, !exclusive,
      [
        SystemCall.Code.accessDenied, SystemCall.Code.notPermitted,
        SystemCall.Code.readOnlyFileSystem,
      ]
      .contains(SystemCall.lastError)
    {
      descriptor = SystemCall.open(url.path, SystemCall.Flags.readOnly | flags)
      // Read-only, never locked: no process of this user can change the library either.
      if descriptor < 0, SystemCall.lastError == SystemCall.Code.missing { return try body() }
    }
    guard descriptor >= 0 else {
      if SystemCall.lastError == SystemCall.Code.tooManyLinks {
        throw ProjectLibraryError.fileSystem(
          path: url.path,
          detail: "the lock file is a symbolic link; remove it (the library makes its own)")
      }
      throw LibraryFile.failure(url, "cannot open the lock file")
    }
    defer { SystemCall.close(descriptor) }
    guard SystemCall.lock(descriptor, exclusive ? .exclusive : .shared) else {
      throw LibraryFile.failure(url, "cannot lock the library")
    }
    defer { _ = SystemCall.lock(descriptor, .unlocked) }
    return try body()
  }
}
