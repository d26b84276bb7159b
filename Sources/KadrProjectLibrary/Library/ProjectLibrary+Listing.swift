import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Lists the library's projects, most recently changed first, and separately every project
  /// that cannot be opened, with why.
  ///
  /// It is cheap: each project's small `project.json` is read and its document only checked to
  /// exist, never decoded. ``check()`` also opens every document.
  /// - Returns: The listing.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the library's directory
  ///   cannot be read. A project that cannot be read is never an error: it is in
  ///   ``ProjectListing/skipped``.
  public func list() throws -> ProjectListing<Metadata> {
    try reading { try listing(of: layout.projects, verifying: false) }
  }

  /// Lists the projects as ``list()`` does, and also opens every document with the library's
  /// codecs and images, so a corrupt document, a newer schema, an unknown plugin kind or a
  /// missing image is found before the user opens it.
  ///
  /// - Returns: The listing; ``ProjectListing/skipped`` holds every project that does not open.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the library's directory
  ///   cannot be read.
  public func check() throws -> ProjectListing<Metadata> {
    try reading { try listing(of: layout.projects, verifying: true) }
  }

  /// The listing of the project directories in `folder`.
  func listing(of folder: URL, verifying: Bool) throws -> ProjectListing<Metadata> {
    var projects: [ProjectSummary<Metadata>] = []
    var skipped: [SkippedProject] = []
    let folderPath = folder.path
    for id in try LibraryLayout.projectIDs(in: folder) {
      switch entry(id: id, inPath: folderPath + "/" + id.rawValue, verifying: verifying) {
      case .listed(let summary): projects.append(summary)
      case .skipped(let skip): skipped.append(skip)
      }
    }
    projects.sort {
      ($0.modified, $1.name, $1.id.rawValue) > ($1.modified, $0.name, $0.id.rawValue)
    }
    return ProjectListing(projects: projects, skipped: skipped)
  }

  /// One project's summary, or why it is skipped.
  private func entry(
    id: ProjectID, inPath directory: String, verifying: Bool
  ) -> ListingEntry<Metadata> {
    var name: String?
    let summary: ProjectSummary<Metadata>
    do {
      let envelope = try envelope(inPath: directory)
      name = envelope.name
      summary = try self.summary(id: id, inPath: directory, envelope: envelope)
    } catch {
      let reason: SkippedProject.Reason
      if case .newerMetadataVersion = error as? ProjectLibraryError {
        reason = .newerMetadataVersion
      } else {
        reason = .unreadableMetadata
      }
      let file = URL(fileURLWithPath: LibraryLayout.metadataPath(in: directory))
      return .skipped(skip(id, name, file, reason, error))
    }
    let documentPath = LibraryLayout.documentPath(in: directory)
    guard FileManager.default.fileExists(atPath: documentPath) else {
      let error = ProjectLibraryError.fileSystem(path: documentPath, detail: "it is missing")
      return .skipped(skip(id, name, summary.documentURL, .missingDocument, error))
    }
    guard verifying else { return .listed(summary) }
    do {
      _ = try coder().open(readDocument(in: summary.directory), images: images)
      return .listed(summary)
    } catch {
      return .skipped(skip(id, name, summary.documentURL, Self.reason(for: error), error))
    }
  }

  private func skip(
    _ id: ProjectID, _ name: String?, _ file: URL, _ reason: SkippedProject.Reason,
    _ error: any Error
  ) -> SkippedProject {
    // The developer's sentence: the user's (errorDescription) of a document error names no
    // place, and the skip's reason already says what kind of problem it is.
    let detail =
      (error as? PersistenceError)?.failureReason
      ?? (error as? any LocalizedError)?.errorDescription ?? "\(error)"
    return SkippedProject(id: id, name: name, file: file, reason: reason, detail: detail)
  }

  /// The skip reason of a document that does not open.
  static func reason(for error: any Error) -> SkippedProject.Reason {
    guard let error = error as? PersistenceError else { return .corrupt }
    switch error {
    case .unsupportedSchema(let found, let supported) where found > supported:
      return .newerSchema
    case .missingImageStore, .imageUnresolvable:
      return .missingImages
    default:
      break
    }
    switch error.reason {
    case .unknownKind?, .payloadVersionTooNew?: return .unknownKinds
    case .unresolvableImageToken?, .imageStoreFailed?: return .missingImages
    default: return .corrupt
    }
  }
}
