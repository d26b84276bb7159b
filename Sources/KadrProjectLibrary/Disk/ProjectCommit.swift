import Foundation
import KadrFileSystem

/// A save's single commit point: a complete new project folder takes the old one's place in one
/// step, so a crash or a full disk at any moment leaves the old save whole or the new one whole.
///
/// The new folder is written as `projects/.save-<id>` (its document and `project.json`, each
/// flushed), then exchanged with `projects/<id>` by one system call (`renameat2` with
/// `RENAME_EXCHANGE` on Linux, `renamex_np` with `RENAME_SWAP` on Apple platforms). What the
/// exchange leaves at `.save-<id>` is the old save, removed after. The old folder's autosaves
/// go with it: every autosave in a project folder was written after that folder's save.
///
/// On a file system that cannot exchange (some network file systems), the old folder is
/// renamed to `.old-<id>` and the new one into place: two renames. A process that dies between
/// them leaves no `projects/<id>`, and ``finishInterrupted(_:in:)`` completes the commit the next
/// time the project is looked up, since the new folder was complete before the first rename.
enum ProjectCommit {
  /// The prefix of a save's new folder while it is written (and of the old one after an
  /// exchange, until it is removed).
  static let stagingPrefix = ".save-"
  /// The prefix of the old folder between the two renames of the fallback commit.
  static let retiredPrefix = ".old-"

  /// Replaces the project folder `directory` with one that holds `document` and `metadata`.
  ///
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)``; the old folder is then
  ///   unchanged and nothing of the new one is left.
  static func replace(_ directory: URL, document: Data, metadata: Data) throws {
    let projects = directory.deletingLastPathComponent()
    let id = directory.lastPathComponent
    let staging = projects.appendingPathComponent(stagingPrefix + id)
    remove(staging)  // what a save killed while writing left
    try LibraryLayout.makeDirectory(staging)
    do {
      try LibraryFile.write(document, to: LibraryLayout.document(in: staging))
      try LibraryFile.write(metadata, to: LibraryLayout.metadata(in: staging))
      LibraryFile.syncDirectory(staging)
    } catch {
      remove(staging)
      throw error
    }
    if SystemCall.exchange(staging.path, directory.path) {
      LibraryFile.syncDirectory(projects)
      remove(staging)  // now the old save
      return
    }
    guard SystemCall.Code.cannotExchange.contains(SystemCall.lastError) else {
      let error = LibraryFile.failure(directory, "cannot replace the project's folder")
      remove(staging)
      throw error
    }
    try renameCommit(staging, over: directory)
  }

  /// The fallback commit: the old folder aside, the new one into place, the old one removed.
  private static func renameCommit(_ staging: URL, over directory: URL) throws {
    let projects = directory.deletingLastPathComponent()
    let retired = projects.appendingPathComponent(retiredPrefix + directory.lastPathComponent)
    remove(retired)
    guard SystemCall.rename(directory.path, to: retired.path) else {
      let error = LibraryFile.failure(directory, "cannot move the old save aside")
      remove(staging)
      throw error
    }
    guard SystemCall.rename(staging.path, to: directory.path) else {
      let error = LibraryFile.failure(directory, "cannot move the new save into place")
      _ = SystemCall.rename(retired.path, to: directory.path)
      remove(staging)
      throw error
    }
    LibraryFile.syncDirectory(projects)
    remove(retired)
  }

  /// Completes the fallback commit of project `id` when a process died between its two renames
  /// (no `projects/<id>`, a `.old-<id>` beside it); best effort.
  ///
  /// The new folder is moved into place when it is there (it was complete before the old one
  /// moved), else the old one is moved back. Safe without the exclusive lock: a commit is only
  /// ever half done by a process that died, and two processes finishing it at once both end
  /// with `projects/<id>` in place.
  /// - Returns: Whether `projects/<id>` exists now.
  @discardableResult
  static func finishInterrupted(_ id: String, in projects: URL) -> Bool {
    let directory = projects.appendingPathComponent(id)
    let retired = projects.appendingPathComponent(retiredPrefix + id)
    let staging = projects.appendingPathComponent(stagingPrefix + id)
    guard exists(retired) else { return exists(directory) }
    if !exists(directory) {
      if !SystemCall.rename(staging.path, to: directory.path) {
        _ = SystemCall.rename(retired.path, to: directory.path)
      }
      LibraryFile.syncDirectory(projects)
    }
    if exists(directory) { remove(retired) }
    return exists(directory)
  }

  /// Finishes every interrupted fallback commit in `projects`; best effort.
  static func finishInterrupted(in projects: URL, names: [String]) {
    for name in names where name.hasPrefix(retiredPrefix) {
      finishInterrupted(String(name.dropFirst(retiredPrefix.count)), in: projects)
    }
  }

  private static func exists(_ url: URL) -> Bool {
    FileStatus(url.path, followingLinks: false) != nil
  }

  private static func remove(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
  }
}
