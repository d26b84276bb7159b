import Foundation
import KadrPersistence

/// A project's last save as its store keeps it: the document's bytes, whose image tokens
/// ``images`` resolves, and the project's summary.
///
/// ``ProjectStore/export(_:to:includingHistory:)`` writes a package from it without building
/// the composition, fetching one image at a time, so exporting needs memory for about the
/// largest image rather than for every image of the project. A store returns one from
/// ``ProjectStore/storedProject(_:includingHistory:)``.
public struct StoredProject<Metadata: ProjectMetadata>: Sendable {
  /// The project's name, dates, metadata and thumbnail token.
  public var summary: ProjectSummary<Metadata>
  /// The document of the last save, as saved (the store's image tokens).
  public var document: Data
  /// Resolves the document's image tokens and the thumbnail token, one image per call.
  public var images: any ImageStore
  /// The revisions before the last save, oldest first, when they were asked for and the store
  /// keeps them; revisions at or after the head are left out of a package.
  public var history: [StoredRevision<Metadata>]

  /// Creates a stored project.
  ///
  /// - Parameters:
  ///   - summary: The project's summary.
  ///   - document: The document of its last save, as saved.
  ///   - images: A store that resolves every image token of `document` and the thumbnail's.
  ///   - history: The earlier revisions, oldest first; none by default.
  public init(
    summary: ProjectSummary<Metadata>, document: Data, images: any ImageStore,
    history: [StoredRevision<Metadata>] = []
  ) {
    self.summary = summary
    self.document = document
    self.images = images
    self.history = history
  }
}
