import Foundation

/// Where everything of a library is on disk.
///
/// ```
/// DIR/.lock                         the inter-process lock (flock)
/// DIR/.changes                      the last change, for other processes' change streams
/// DIR/images/                       the shared content-addressed image store
/// DIR/projects/<id>/document.json   the last explicit save (schema-1 JSON)
/// DIR/projects/<id>/project.json    the library's fields and the app's metadata
/// DIR/projects/<id>/autosave-0.json two alternating recovery slots
/// DIR/projects/<id>/autosave-1.json
/// DIR/trash/<id>/…                  deleted projects, restorable until the trash is emptied
/// ```
///
/// No name here comes from user text: a project's folder is its id (a lowercase UUID) and an
/// image's file is named by its content's hash, so two projects can never share a folder on a
/// case-insensitive or normalising file system (APFS, HFS+), whatever they are called.
struct LibraryLayout: Sendable {
  let root: URL

  var lockFile: URL { root.appendingPathComponent(".lock") }
  var changesFile: URL { root.appendingPathComponent(".changes") }
  var images: URL { root.appendingPathComponent("images") }
  var projects: URL { root.appendingPathComponent("projects") }
  var trash: URL { root.appendingPathComponent("trash") }

  static let documentName = "document.json"
  static let metadataName = "project.json"
  static let slotNames = ["autosave-0.json", "autosave-1.json"]
  /// The prefix of a project directory being created; renamed to its id when complete.
  static let newPrefix = ".new-"
  /// The prefix of a project directory being deleted for good; removed by the next change
  /// that tidies the folder if a crash left it.
  static let deletingPrefix = ".deleting-"

  func directory(of id: ProjectID, inTrash: Bool = false) -> URL {
    (inTrash ? trash : projects).appendingPathComponent(id.rawValue)
  }

  static func document(in directory: URL) -> URL {
    directory.appendingPathComponent(documentName)
  }

  static func metadata(in directory: URL) -> URL {
    directory.appendingPathComponent(metadataName)
  }

  static func metadataPath(in directoryPath: String) -> String {
    directoryPath + "/" + metadataName
  }

  static func documentPath(in directoryPath: String) -> String {
    directoryPath + "/" + documentName
  }

  static func slotPaths(in directoryPath: String) -> [String] {
    slotNames.map { directoryPath + "/" + $0 }
  }

  static func slots(in directory: URL) -> [URL] {
    slotNames.map { directory.appendingPathComponent($0) }
  }

  /// The ids of the project directories under `folder`; other entries are ignored. A save that
  /// a dying process left between its two renames is completed first (``ProjectCommit``).
  static func projectIDs(in folder: URL) throws -> [ProjectID] {
    try entries(in: folder).ids
  }

  /// The project directories under `folder` by id, and the names of the other entries that are
  /// not the library's own (hidden) ones: stray folders or files, sorted. A save that a dying
  /// process left between its two renames is completed first (``ProjectCommit``).
  static func entries(in folder: URL) throws -> (ids: [ProjectID], stray: [String]) {
    guard FileManager.default.fileExists(atPath: folder.path) else { return ([], []) }
    var names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      if names.contains(where: { $0.hasPrefix(ProjectCommit.retiredPrefix) }) {
        ProjectCommit.finishInterrupted(in: folder, names: names)
        names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      }
    } catch {
      throw ProjectLibraryError.fileSystem(path: folder.path, detail: error.localizedDescription)
    }
    var ids: [ProjectID] = []
    var stray: [String] = []
    for name in names where !name.hasPrefix(".") {
      if let id = ProjectID(directoryName: name) { ids.append(id) } else { stray.append(name) }
    }
    return (ids.sorted { $0.rawValue < $1.rawValue }, stray.sorted())
  }

  /// Reads a file of at most `limit` bytes (``BoundedRead``), mapping a failure to the
  /// library's error.
  static func read(_ url: URL, limit: Int) throws -> Data {
    do {
      return try BoundedRead.bytes(atPath: url.path, limit: limit)
    } catch {
      throw ProjectLibraryError.fileSystem(path: url.path, detail: error.detail)
    }
  }

  /// Creates `url` and its parents when missing.
  static func makeDirectory(_ url: URL) throws {
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw ProjectLibraryError.fileSystem(path: url.path, detail: error.localizedDescription)
    }
  }

  /// Renames `source` to `destination` (a directory move inside the library) and flushes both
  /// parents.
  static func move(_ source: URL, to destination: URL) throws {
    guard rename(source.path, destination.path) == 0 else {
      throw LibraryFile.failure(source, "cannot move it to \(destination.path)")
    }
    LibraryFile.syncDirectory(source.deletingLastPathComponent())
    LibraryFile.syncDirectory(destination.deletingLastPathComponent())
  }
}
