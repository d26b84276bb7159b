import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock that keeps two processes from changing one library at once: `flock` on the
/// library's `.lock` file, exclusive for changes and shared for reads.
///
/// Each use opens the file and closes it after, so the kernel releases the lock when a process
/// dies, even by `SIGKILL`: a crashed app never leaves the library locked.
struct LibraryLock {
  /// The lock file.
  let url: URL

  /// Runs `body` holding the lock; `exclusive` for a change, shared for a read.
  ///
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the lock file cannot be
  ///   opened or locked, or what `body` throws.
  func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
    let descriptor = open(url.path, O_RDWR | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw DurableFile.failure(url, "cannot open the lock file") }
    defer { close(descriptor) }
    while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
      guard errno == EINTR else { throw DurableFile.failure(url, "cannot lock the library") }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
