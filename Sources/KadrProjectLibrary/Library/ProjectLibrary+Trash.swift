import Foundation

extension ProjectLibrary {
  /// Moves a project to the library's trash, from where ``restore(_:)`` brings it back until
  /// ``emptyTrash()``. Its images stay: trashed projects keep theirs through image collection.
  ///
  /// - Parameter id: The project.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` or a file-system error.
  public func delete(_ id: ProjectID) throws {
    dropPending(id)
    try changing {
      let directory = try existingDirectory(of: id)
      try LibraryLayout.makeDirectory(layout.trash)
      try LibraryLayout.move(directory, to: layout.directory(of: id, inTrash: true))
      feed.record(.trashed, id)
    }
  }

  /// Brings a project back from the trash, with its id, name, document and autosaves.
  ///
  /// - Parameter id: The trashed project.
  /// - Returns: Its summary.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)`` when it is not in the trash, or a
  ///   file-system error.
  @discardableResult
  public func restore(_ id: ProjectID) throws -> ProjectSummary<Metadata> {
    try changing {
      let trashed = try existingDirectory(of: id, inTrash: true)
      let directory = layout.directory(of: id)
      try LibraryLayout.move(trashed, to: directory)
      feed.record(.restored, id)
      return try summary(id: id, in: directory, envelope: envelope(in: directory))
    }
  }

  /// The projects in the trash, most recently changed first, and the ones that cannot be read.
  ///
  /// - Returns: The trash's listing.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the trash cannot be read.
  public func trashed() throws -> ProjectListing<Metadata> {
    try reading { try listing(of: layout.trash, verifying: false) }
  }

  /// Deletes every project in the trash for good, and what a crashed create left; their images
  /// go at the next ``collectImages(dryRun:)``.
  ///
  /// - Returns: How many projects were deleted.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)``; projects deleted before the
  ///   failure stay deleted.
  @discardableResult
  public func emptyTrash() throws -> Int {
    try changing {
      removeStaleStaging()
      let ids = try LibraryLayout.projectIDs(in: layout.trash)
      for id in ids {
        let url = layout.directory(of: id, inTrash: true)
        do {
          try FileManager.default.removeItem(at: url)
        } catch {
          throw ProjectLibraryError.fileSystem(path: url.path, detail: error.localizedDescription)
        }
      }
      if !ids.isEmpty { feed.record(.deleted, nil) }
      return ids.count
    }
  }

  /// Removes the hidden directories of creates that crashed before their last rename. Called
  /// holding the exclusive lock, under which no create is in progress.
  func removeStaleStaging() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.projects.path)) ?? []
    for name in names
    where name.hasPrefix(LibraryLayout.newPrefix) || name.hasPrefix(LibraryLayout.deletingPrefix) {
      try? FileManager.default.removeItem(at: layout.projects.appendingPathComponent(name))
    }
  }
}
