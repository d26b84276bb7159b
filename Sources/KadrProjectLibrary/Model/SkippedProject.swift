import Foundation

/// A project that cannot be opened as it is, with why and what the user can do.
public struct SkippedProject: Sendable, Hashable {
  /// Why a project cannot be opened. Compare with `==`; new reasons may be added, so a
  /// `switch` should end with `default`.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// The document is not a valid document (malformed JSON, a wrong field, a bad value).
    case corrupt
    /// The document's schema is newer than this build reads.
    case newerSchema
    /// The document has kinds of content (a plugin's) no codec is registered for.
    case unknownKinds
    /// Images the document refers to are not in the library's image store.
    case missingImages
    /// `project.json` is missing or cannot be read.
    case unreadableMetadata
    /// The app's metadata was written by a newer version of the app.
    case newerMetadataVersion
    /// The project directory has no document.
    case missingDocument
  }

  /// What the user can do about a skipped project.
  public enum Remedy: String, Sendable, Hashable, CaseIterable {
    /// Open it keeping the unknown content verbatim
    /// (``ProjectLibrary/open(_:preservingUnknown:)`` with `preservingUnknown: true`).
    case openPreservingUnknown
    /// Open it with a newer version of the app.
    case openWithNewerApp
    /// Show ``SkippedProject/file`` to the user (to repair or send it).
    case showFile
    /// Delete it to the trash (``ProjectLibrary/delete(_:)``), from where it can be restored.
    case discard
  }

  /// The project's identity.
  public let id: ProjectID
  /// Its name, when its metadata could be read.
  public let name: String?
  /// The file at fault.
  public let file: URL
  /// Why it cannot be opened.
  public let reason: Reason
  /// The error, as a sentence.
  public let detail: String

  /// Describes a skipped project; the library makes these, and a tool may too (for a check of
  /// its own).
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - name: Its name, when known.
  ///   - file: The file at fault.
  ///   - reason: Why it cannot be opened.
  ///   - detail: The error, as a sentence.
  public init(id: ProjectID, name: String?, file: URL, reason: Reason, detail: String) {
    self.id = id
    self.name = name
    self.file = file
    self.reason = reason
    self.detail = detail
  }

  /// What the user can do, most useful first.
  public var remedies: [Remedy] {
    switch reason {
    case .unknownKinds: [.openPreservingUnknown, .showFile, .discard]
    case .newerSchema, .newerMetadataVersion: [.openWithNewerApp, .showFile, .discard]
    case .corrupt, .missingImages, .unreadableMetadata, .missingDocument: [.showFile, .discard]
    }
  }
}
