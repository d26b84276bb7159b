import Foundation
import KadrPersistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Durable, atomic file writes: a temporary file in the same directory, flushed to stable
/// storage (`fsync`; `F_FULLFSYNC` on Darwin, see `DiskFlush`), renamed over the old file, then
/// the directory flushed so the rename survives a power cut.
///
/// The library's own copy: the persistence package keeps its atomic writer `package`, and this
/// target uses only the public API, save the one flush both writers share (`DiskFlush`).
enum DurableFile {
  /// The prefix of every temporary file; names starting with it are never projects or slots.
  static let temporaryPrefix = ".tmp-"

  /// Writes `data` to `url` atomically and durably.
  ///
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)``; the old file is then unchanged.
  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      "\(temporaryPrefix)\(url.lastPathComponent)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    )
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw failure(temporary, "cannot create the file") }
    var written = 0
    let ok = data.withUnsafeBytes { buffer -> Bool in
      guard let base = buffer.baseAddress else { return true }
      while written < buffer.count {
        let count = systemWrite(descriptor, base + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += count
      }
      return true
    }
    let synced = ok && DiskFlush.flush(descriptor)
    close(descriptor)
    guard synced else {
      unlink(temporary.path)
      throw failure(url, "cannot write the file")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let error = failure(url, "cannot replace the file")
      unlink(temporary.path)
      throw error
    }
    syncDirectory(directory)
  }

  /// Flushes a directory's entries (a rename or a new entry) to disk; best effort.
  static func syncDirectory(_ directory: URL) {
    let descriptor = open(directory.path, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = DiskFlush.flush(descriptor)
    close(descriptor)
  }

  /// Removes the temporary files a killed writer left in `directory`; best effort.
  static func removeLeftovers(in directory: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(temporaryPrefix) {
      unlink(directory.appendingPathComponent(name).path)
    }
  }

  /// An error naming `url` and the system's reason.
  static func failure(_ url: URL, _ what: String) -> ProjectLibraryError {
    let reason = String(cString: strerror(errno))
    return .fileSystem(path: url.path, detail: "\(what) (\(reason))")
  }
}

/// `write(2)`, named apart from ``DurableFile/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}
