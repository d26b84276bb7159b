import Foundation
import KadrFileSystem

/// A temporary folder a package import, export or copy works in, named after the process that
/// made it (`kadr-import-<pid>-<uuid>`), so that the folders of a process killed mid-way
/// (`kill -9`, a crash, a power cut) are found and removed by the next run instead of staying
/// in the temporary folder for good.
package enum WorkFolder {
  /// A new folder's URL (not yet made) for `purpose` (`import`, `export`, `copy`), after the
  /// folders earlier processes left for the same purpose are removed.
  ///
  /// - Parameter purpose: What the folder is for; a word of lower-case letters.
  /// - Returns: The URL of a folder no other run uses.
  package static func make(for purpose: String) -> URL {
    let root = FileManager.default.temporaryDirectory
    removeAbandoned(for: purpose, in: root)
    return root.appendingPathComponent(
      "kadr-\(purpose)-\(SystemCall.processID)-\(UUID().uuidString)", isDirectory: true)
  }

  /// Removes the folders for `purpose` in `root` whose process has ended; best effort. A folder
  /// of a running process (this one's, or another run's) is left alone, and so is one whose
  /// process id another program has since taken: that one waits for a later run.
  ///
  /// - Parameters:
  ///   - purpose: What the folders were for.
  ///   - root: The temporary folder.
  package static func removeAbandoned(for purpose: String, in root: URL) {
    let prefix = "kadr-\(purpose)-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
        !SystemCall.processExists(pid)
      else { continue }
      try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
    }
  }
}
