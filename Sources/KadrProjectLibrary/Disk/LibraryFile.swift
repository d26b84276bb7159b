import Foundation
import KadrFileSystem
import KadrPersistence

/// The library's durable, atomic file writes: the package's one durable write
/// (``KadrFileSystem/DurableFile``: a temporary file in the same directory, flushed to stable
/// storage with `F_FULLFSYNC` on Darwin and `fsync` elsewhere, renamed over the old file, the
/// directory flushed), its temporary files named with the library's prefix so that the
/// leftovers of a killed writer are found and removed.
enum LibraryFile {
  /// The prefix of every temporary file; names starting with it are never projects or slots.
  static let temporaryPrefix = ".tmp-"

  /// Writes `data` to `url` atomically and durably.
  ///
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)``; the old file is then unchanged.
  static func write(_ data: Data, to url: URL) throws {
    do {
      try DurableFile.replace(url.path, with: data, temporaryName: .prefixed(temporaryPrefix))
    } catch let error as SystemError {
      let what =
        switch error.operation {
        case "create a temporary file beside it": "cannot create the file"
        case "rename the temporary file over it": "cannot replace the file"
        default: "cannot write the file"
        }
      throw ProjectLibraryError.fileSystem(path: url.path, detail: "\(what) (\(error.reason))")
    } catch {
      throw ProjectLibraryError.fileSystem(
        path: url.path, detail: "cannot write the file (\(error.localizedDescription))")
    }
  }

  /// Flushes a directory's entries (a rename or a new entry) to disk; best effort.
  static func syncDirectory(_ directory: URL) {
    SystemCall.syncDirectory(directory.path)
  }

  /// Removes the temporary files a killed writer left in `directory`; best effort.
  static func removeLeftovers(in directory: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(temporaryPrefix) {
      SystemCall.unlink(directory.appendingPathComponent(name).path)
    }
  }

  /// An error naming `url` and the system's reason for the call that just failed.
  static func failure(_ url: URL, _ what: String) -> ProjectLibraryError {
    .fileSystem(path: url.path, detail: "\(what) (\(SystemError(what).reason))")
  }
}
