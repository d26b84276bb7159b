import Foundation
import KadrPersistence

extension ProjectLibrary {
  /// Lists the library's projects, most recently changed first, and separately every project
  /// that cannot be opened, with why.
  ///
  /// It is cheap: each project's small `project.json` is read and its document only checked to
  /// exist, never decoded. What the library kept of the document at its last save (its schema,
  /// the kinds of content it holds) is checked too, so a document of a newer schema or with a
  /// kind no registered codec reads is in ``ProjectListing/skipped`` already. ``check()`` also
  /// opens every document.
  /// - Returns: The listing.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` when the library's directory
  ///   cannot be read. A project that cannot be read is never an error: it is in
  ///   ``ProjectListing/skipped``, and so is an entry of the folder that is not a project.
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
    let (ids, stray) = try LibraryLayout.entries(in: folder)
    for id in ids {
      switch entry(id: id, inPath: folderPath + "/" + id.rawValue, verifying: verifying) {
      case .listed(let summary): projects.append(summary)
      case .skipped(let skip): skipped.append(skip)
      }
    }
    for name in stray {
      skipped.append(
        SkippedProject(
          folder: name, projectID: nil, name: nil,
          file: folder.appendingPathComponent(name), reason: .notAProjectFolder,
          detail: "“\(name)” is in the library's projects but is not a project of the library."))
    }
    projects.sort {
      ($0.modified, $1.name, $1.id.rawValue) > ($1.modified, $0.name, $0.id.rawValue)
    }
    skipped.sort { $0.id < $1.id }
    return ProjectListing(projects: projects, skipped: skipped)
  }

  /// One project's summary, or why it is skipped.
  private func entry(
    id: ProjectID, inPath directory: String, verifying: Bool
  ) -> ListingEntry<Metadata> {
    var name: String?
    let summary: ProjectSummary<Metadata>
    let metadataFile = URL(fileURLWithPath: LibraryLayout.metadataPath(in: directory))
    do {
      let envelope = try envelope(inPath: directory)
      name = envelope.name
      summary = try self.summary(id: id, inPath: directory, envelope: envelope)
    } catch {
      if case .newerMetadataVersion(let found, let supported) = error as? ProjectLibraryError {
        return .skipped(
          skip(
            id, name, metadataFile, .newerMetadataVersion, error, found: found,
            supported: supported))
      }
      return .skipped(skip(id, name, metadataFile, .unreadableMetadata, error))
    }
    let documentPath = LibraryLayout.documentPath(in: directory)
    let documentURL = URL(fileURLWithPath: documentPath, isDirectory: false)
    guard FileManager.default.fileExists(atPath: documentPath) else {
      let error = ProjectLibraryError.fileSystem(path: documentPath, detail: "it is missing")
      return .skipped(skip(id, name, documentURL, .missingDocument, error))
    }
    if let flagged = flag(summary, file: documentURL) { return .skipped(flagged) }
    guard verifying else { return .listed(summary) }
    do {
      _ = try coder().open(
        readDocument(in: URL(fileURLWithPath: directory, isDirectory: true)), images: images)
      return .listed(summary)
    } catch {
      return .skipped(SkippedProject(id: id, name: name, file: documentURL, openError: error))
    }
  }

  /// Why a project cannot be opened, from what its last save recorded: a newer schema, or
  /// kinds no registered codec reads (unless unknown content is preserved).
  private func flag(_ summary: ProjectSummary<Metadata>, file: URL) -> SkippedProject? {
    if let schema = summary.schema, schema > KadrDocument.newestSchema {
      return SkippedProject(
        id: summary.id, name: summary.name, file: file, reason: .newerSchema,
        detail: "This project was saved by a newer version of the app. Update the app to open "
          + "it.",
        foundVersion: schema, supportedVersion: KadrDocument.newestSchema)
    }
    guard !options.preservingUnknown else { return nil }
    let unknown = summary.kinds.filter { !registry.hasCodec(for: KindID($0)) }
    guard !unknown.isEmpty else { return nil }
    return SkippedProject(
      id: summary.id, name: summary.name, file: file, reason: .unknownKinds,
      detail: "This project holds content made with an add-on this version of the app does not "
        + "have.",
      unknownKinds: unknown)
  }

  private func skip(
    _ id: ProjectID, _ name: String?, _ file: URL, _ reason: SkippedProject.Reason,
    _ error: any Error, found: Int? = nil, supported: Int? = nil
  ) -> SkippedProject {
    // The user's sentence: it names no path (the file is a property of its own).
    let detail = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
    var unknown: [String] = []
    if let error = error as? PersistenceError, case .unknownKind(_, let kind)? = error.reason {
      unknown = [kind.rawValue]
    }
    return SkippedProject(
      id: id, name: name, file: file, reason: reason, detail: detail, foundVersion: found,
      supportedVersion: supported, unknownKinds: unknown)
  }
}
