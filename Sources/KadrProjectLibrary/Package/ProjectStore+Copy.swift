import Foundation
import KadrPersistence

extension ProjectStore {
  /// Copies a project into another store under the same id, with its dates, metadata, images
  /// and, when both stores keep them, its earlier revisions: what exporting a package with its
  /// history and importing it does, without the package.
  ///
  /// No package is written, so no package limit applies: a project with more revisions or
  /// images than a package carries copies whole. The project is staged one image and one
  /// revision at a time in a temporary folder (memory holds about the largest), then added to
  /// `destination` in one commit through ``importProject(_:id:replacing:)``.
  ///
  /// - Parameters:
  ///   - id: The project in this store.
  ///   - destination: The store to copy it into.
  ///   - includingHistory: Whether to copy the earlier revisions when `destination` keeps
  ///     history (``keepsRevisionHistory``); `true` by default.
  /// - Returns: The copy's summary in `destination`.
  /// - Throws: ``ProjectLibraryError/projectNotFound(_:)``,
  ///   ``ProjectLibraryError/projectExists(_:)`` when `destination` has the id, the stores'
  ///   image errors, `PersistenceError` of a document, or a file-system error.
  @discardableResult
  public func copyProject(
    _ id: ProjectID, to destination: any ProjectStore<Metadata>, includingHistory: Bool = true
  ) throws -> ProjectSummary<Metadata> {
    let stored = try storedProject(
      id, includingHistory: includingHistory && destination.keepsRevisionHistory)
    let history = stored.history
    var staging = PackageStaging(stored, coder: projectCoder, purpose: "copy")
    defer { staging.remove() }
    let document = try staging.rewritten(stored.document, facts: nil).data
    try staging.collect([stored.summary.thumbnailToken].compactMap { $0 })
    let revisions = try staging.stage(history)
    let project = try staging.packaged(
      head: document, revisions: revisions, source: "the copy of project \(id)")
    return try destination.importProject(project, id: id, replacing: false)
  }
}
