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
  /// Only a name of exactly the form ``make(for:)`` gives is taken as such a folder:
  /// `kadr-<purpose>-<pid>-<UUID>`, the UUID whole. Someone else's folder that merely starts
  /// alike (`kadr-copy-2024-backup`, or `kadr-copy-<UUID>` whose first group is all digits)
  /// is never removed.
  ///
  /// - Parameters:
  ///   - purpose: What the folders were for.
  ///   - root: The temporary folder.
  package static func removeAbandoned(for purpose: String, in root: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for name in names {
      guard let pid = processID(ofFolder: name, for: purpose), !SystemCall.processExists(pid)
      else { continue }
      try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
    }
  }

  /// The process id in `name` when it is a work folder's name for `purpose`
  /// (`kadr-<purpose>-<pid>-<UUID>`), else `nil`.
  package static func processID(ofFolder name: String, for purpose: String) -> Int32? {
    let prefix = "kadr-\(purpose)-"
    guard name.hasPrefix(prefix) else { return nil }
    let rest = name.dropFirst(prefix.count)
    let digits = rest.prefix { $0 != "-" }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
      let pid = Int32(digits), pid > 0
    else { return nil }
    let uuid = rest.dropFirst(digits.count + 1)
    guard rest.dropFirst(digits.count).first == "-", uuid.count == 36,
      UUID(uuidString: String(uuid)) != nil
    else { return nil }
    return pid
  }
}
