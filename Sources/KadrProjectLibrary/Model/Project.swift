import Foundation
import KadrPersistence

/// An opened project: its composition and everything listed about it.
public struct Project<Metadata: ProjectMetadata>: Sendable {
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

  /// The project's identity.
  public var id: ProjectID { summary.id }
  /// The app's metadata.
  public var metadata: Metadata { summary.metadata }
}
