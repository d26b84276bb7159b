import Foundation
import KadrPersistence

/// An opened project: its composition and everything listed about it.
///
/// Named for what it is, an opened project, and not `Project`: that is the name an editor app
/// gives its own type, and a module that exported it would make the app's `Project` ambiguous.
public struct OpenedProject<Metadata: ProjectMetadata>: Sendable, Identifiable {
  /// Where the opened state came from.
  public enum Origin: Sendable, Hashable {
    /// The last explicit save.
    case savedDocument
    /// An autosave newer than the last explicit save, written at `saved`; `sequence` counts
    /// the autosaves since that save.
    case autosave(saved: Date, sequence: Int)
  }

  /// The library's fields and the app's metadata of the opened state.
  public let summary: ProjectSummary<Metadata>
  /// The composition.
  public let video: Video
  /// Content kept without being understood (when opened preserving unknown content); saving
  /// the video writes it back verbatim.
  public let preserved: [PreservedContent]
  /// Where the opened state came from.
  public let origin: Origin
  /// The image tokens that could not be resolved and were opened as placeholders (with
  /// ``MissingImages/placeholder``), sorted; saving the project writes each back unchanged.
  public let unresolvedImageTokens: [String]

  /// The project's identity.
  public var id: ProjectID { summary.id }
  /// The app's metadata.
  public var metadata: Metadata { summary.metadata }

  /// Creates an opened project, as a ``ProjectStore`` opens one.
  ///
  /// - Parameters:
  ///   - summary: The project's summary.
  ///   - video: The composition.
  ///   - preserved: Content kept without being understood.
  ///   - origin: Where the opened state came from.
  ///   - unresolvedImageTokens: The images opened as placeholders, sorted.
  public init(
    summary: ProjectSummary<Metadata>, video: Video, preserved: [PreservedContent],
    origin: Origin, unresolvedImageTokens: [String] = []
  ) {
    self.summary = summary
    self.video = video
    self.preserved = preserved
    self.origin = origin
    self.unresolvedImageTokens = unresolvedImageTokens
  }
}

/// What opening a project does with an image its document refers to that the library's store
/// does not have.
public enum MissingImages: Sendable, Hashable {
  /// Refuse to open the project (the default): the error names the image.
  case refuse
  /// Open the rest, with a placeholder (a 1×1 transparent image) for each missing image, listed
  /// in ``OpenedProject/unresolvedImageTokens``. Saving writes each token back unchanged, so the
  /// image appears again once it is back in the store.
  case placeholder
}

/// How a save changes a project's thumbnail.
public enum ThumbnailChange: Sendable {
  /// Keep the current thumbnail, or none.
  case keep
  /// Set this picture, saved in the library's store.
  case set(PlatformImage)
  /// Remove the thumbnail (its image goes at the next image collection if nothing else uses it).
  case remove
}
