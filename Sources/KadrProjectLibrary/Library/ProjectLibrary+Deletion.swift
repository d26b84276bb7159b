import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Deletes one project for good, from the library or from its trash, with the images that
  /// no other project, trashed project, autosave or thumbnail uses; the rest of the trash is
  /// left as it is.
  ///
  /// The project's folder is first renamed to a hidden name and then removed, so a crash leaves
  /// it whole or gone from the list (a leftover is removed by the next ``emptyTrash()`` or
  /// ``collectImages(dryRun:)``). Its images are removed only when every other project's files
  /// could be read: one that cannot may use any image, so then none is removed (the next
  /// ``collectImages(dryRun:)`` removes them once that project is repaired or gone).
  /// - Parameter id: The project, in the library or in its trash.
  /// - Returns: The tokens of the images removed with it, sorted.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``, or a file-system error (the project
  ///   is then still there).
  @discardableResult
  public func deletePermanently(_ id: ProjectID) throws -> [String] {
    dropPending(id)
    return try changing {
      let directory: URL
      if let listed = try? existingDirectory(of: id) {
        directory = listed
      } else {
        directory = try existingDirectory(of: id, inTrash: true)
      }
      var own = Set<String>()
      var unreadable: [String] = []
      collectTokens(in: directory, into: &own, unreadable: &unreadable)
      let others = try? referencedTokens(excluding: directory)
      let doomed = layout.projects.appendingPathComponent(
        LibraryLayout.deletingPrefix + id.rawValue)
      try? FileManager.default.removeItem(at: doomed)
      try LibraryLayout.move(directory, to: doomed)
      try? FileManager.default.removeItem(at: doomed)
      feed.record(.deleted, id)
      guard let others else { return [] }
      let unused = own.subtracting(others)
      guard !unused.isEmpty else { return [] }
      let stored = Set(try images.storedTokens())
      return try images.prunedTokens(keeping: stored.subtracting(unused)).sorted()
    }
  }
}
