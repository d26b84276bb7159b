import CKadrFileSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The package's system calls, each in one loop that repeats a call a signal interrupted
/// (`EINTR`): the one place above the C library, as swift-nio's `System.swift` is for NIO.
/// Nothing else in the package imports the C library (`.ci/one-c-import` checks it).
package enum SystemCall: Sendable {
  /// Runs `call` again for as long as it fails with `EINTR`; its result otherwise, with `errno`
  /// set when it is -1.
  @inline(__always)
  package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result == -1 && errno == EINTR { continue }
      return result
    }
  }

  /// `open(2)`; a descriptor, or -1 with `errno` set.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - flags: `O_…` flags; ``Flags`` names the ones the package uses.
  ///   - mode: The permissions of a file it creates.
  package static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0o644) -> Int32 {
    retrying { systemOpen(path, flags, mode_t(mode)) }
  }

  /// Clears `O_NONBLOCK` on an open descriptor (a stream opened without blocking, then read).
  package static func setBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
  }

  /// `close(2)`, whose failure nothing can act on.
  package static func close(_ descriptor: Int32) {
    _ = systemClose(descriptor)
  }

  /// Writes all of `bytes`; `false` with `errno` set when a write fails.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard var next = bytes.baseAddress else { return true }
    var left = bytes.count
    while left > 0 {
      let written = retrying { systemWrite(descriptor, next, left) }
      guard written > 0 else { return false }
      next += written
      left -= written
    }
    return true
  }

  /// `read(2)` into `buffer`: the bytes read, 0 at the end, -1 with `errno` set.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    return retrying { systemRead(descriptor, base, buffer.count) }
  }

  /// `pread(2)`: up to `count` bytes at `offset` into `buffer`; -1 with `errno` set.
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int
  ) -> Int {
    retrying { pread(descriptor, buffer, count, off_t(offset)) }
  }

  /// Flushes an open file or directory to stable storage; `true` when the system says it is
  /// there, with `errno` set when `false`.
  ///
  /// On Linux `fsync` asks the drive to write its cache through. On Darwin it does not: it hands
  /// the data to the drive, which may still hold it in a volatile cache when the power goes, so
  /// Darwin first asks for `fcntl(F_FULLFSYNC)`, which does flush the drive. Some file systems
  /// (network and FUSE ones, some external drives) refuse `F_FULLFSYNC`; `fsync` is then the
  /// best the system offers, and is used instead.
  package static func flushToDisk(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) != -1 { return true }
    #endif
    return retrying { fsync(descriptor) } == 0
  }

  /// Makes the entries of a directory (a rename, a new file) durable; best effort, since the
  /// data they name is already flushed.
  ///
  /// - Parameter path: The directory.
  package static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = flushToDisk(descriptor)
    close(descriptor)
  }

  /// `rename(2)`; `false` with `errno` set on failure.
  package static func rename(_ source: String, to destination: String) -> Bool {
    retrying { systemRename(source, destination) } == 0
  }

  /// Exchanges two existing directory entries atomically (Linux `renameat2` with
  /// `RENAME_EXCHANGE`, Darwin `renamex_np` with `RENAME_SWAP`); `false` with `errno` set
  /// (`ENOSYS` or `EINVAL` where the system or file system cannot exchange).
  package static func exchange(_ first: String, _ second: String) -> Bool {
    retrying { kadr_exchange_paths(first, second) } == 0
  }

  /// Renames `source` to `destination` only if nothing is there (Linux `renameat2` with
  /// `RENAME_NOREPLACE`, Darwin `renamex_np` with `RENAME_EXCL`); `false` with `errno` set:
  /// `EEXIST` when something is, one of ``Code/cannotExchange`` where the system or file system
  /// cannot promise it.
  package static func renameWithoutReplacing(_ source: String, to destination: String) -> Bool {
    retrying { kadr_rename_no_replace(source, destination) } == 0
  }

  /// `mkdir(2)` with mode 0755 less the umask; `false` with `errno` set on failure.
  package static func makeDirectory(_ path: String) -> Bool {
    retrying { mkdir(path, 0o755) } == 0
  }

  /// `unlink(2)`; `false` with `errno` set on failure.
  @discardableResult
  package static func unlink(_ path: String) -> Bool {
    retrying { systemUnlink(path) } == 0
  }

  /// `flock(2)` on an open descriptor: shared, exclusive or released; waits for the lock.
  /// `false` with `errno` set on failure.
  package static func lock(_ descriptor: Int32, _ kind: LockKind) -> Bool {
    let operation: Int32 =
      switch kind {
      case .shared: LOCK_SH
      case .exclusive: LOCK_EX
      case .unlocked: LOCK_UN
      }
    return retrying { flock(descriptor, operation) } == 0
  }

  /// What ``lock(_:_:)`` does.
  package enum LockKind: Sendable {
    case shared, exclusive, unlocked
  }

  /// This process's id.
  package static var processID: Int32 { getpid() }

  /// Whether a process with id `pid` exists (a signal 0 reaches it, or may not be sent to it).
  package static func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// Whether `descriptor` is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Makes a file-size limit (`SIGXFSZ`) and a closed pipe (`SIGPIPE`) fail the write that met
  /// them, with an error the caller reports, instead of killing the process.
  package static func ignoreWriteSignals() {
    _ = signal(SIGXFSZ, SIG_IGN)
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Sets an environment variable of this process (for a program it then runs).
  package static func setEnvironment(_ name: String, _ value: String) {
    _ = setenv(name, value, 1)
  }

  /// Replaces this process with the program at `path` run with `arguments` (its name first), as
  /// `execv(2)`; returns only when that fails, with the system's reason.
  package static func replaceProcess(with path: String, arguments: [String]) -> String {
    #if os(macOS) || os(Linux)
      // The C strings live until exec replaces the process, or are freed when it fails.
      var argv = arguments.map { strdup($0) } + [nil]
      execv(path, &argv)
      let reason = SystemError("run it").reason
      for argument in argv { free(argument) }
      return reason
    #else
      return "this platform runs no other program"
    #endif
  }

  /// The current `errno`.
  package static var lastError: Int32 { errno }

  /// The `O_…` flags the package opens files with, named without the C library.
  package enum Flags {
    package static let readOnly = O_RDONLY
    package static let writeOnly = O_WRONLY
    package static let readWrite = O_RDWR
    package static let create = O_CREAT
    package static let exclusive = O_EXCL
    package static let noFollow = O_NOFOLLOW
    package static let closeOnExec = O_CLOEXEC
    package static let nonBlocking = O_NONBLOCK
  }

  /// Error numbers the package tells apart, named without the C library.
  package enum Code {
    package static let missing = ENOENT
    package static let notADirectory = ENOTDIR
    package static let accessDenied = EACCES
    package static let notPermitted = EPERM
    package static let readOnlyFileSystem = EROFS
    package static let tooManyLinks = ELOOP
    package static let interrupted = EINTR
    package static let notSupported = ENOSYS
    package static let invalid = EINVAL
    package static let crossDevice = EXDEV
    package static let exists = EEXIST
    /// What `exchange` fails with where the system or file system cannot exchange entries.
    package static let cannotExchange: Set<Int32> = [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP]
  }
}

// The C library's functions under names of their own, so that the wrappers above, which share
// their names, call the system and not themselves.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
private func systemRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
