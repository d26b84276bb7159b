import Foundation
import KadrPersistence

/// A project that cannot be opened as it is, with why and what the user can do.
///
/// `Identifiable` by the name of its folder (``id``), which is unique in a listing: a folder
/// that is not named by a project id is listed too (``Reason/notAProjectFolder``), never left
/// out, so its identity cannot be a ``ProjectID``.
public struct SkippedProject: Sendable, Hashable, Identifiable {
  /// Why a project cannot be opened. Compare with `==`; new reasons may be added, so a
  /// `switch` should end with `default`.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// The document is not a valid document (malformed JSON, a wrong field, a bad value).
    case corrupt
    /// The document's schema is newer than this build reads (``SkippedProject/foundVersion``
    /// and ``SkippedProject/supportedVersion`` are the schemas).
    case newerSchema
    /// The document has kinds of content (a plugin's) no codec is registered for
    /// (``SkippedProject/unknownKinds``).
    case unknownKinds
    /// Images the document refers to are not in the library's image store.
    case missingImages
    /// `project.json` is missing or cannot be read.
    case unreadableMetadata
    /// The app's metadata was written by a newer version of the app
    /// (``SkippedProject/foundVersion`` and ``SkippedProject/supportedVersion`` are the
    /// metadata versions).
    case newerMetadataVersion
    /// The project directory has no document.
    case missingDocument
    /// An entry of the library's `projects` (or `trash`) folder that is not named by a project
    /// id: something put there by hand or by another program.
    case notAProjectFolder
  }

  /// What the user can do about a skipped project.
  public enum Remedy: String, Sendable, Hashable, CaseIterable {
    /// Open it keeping the unknown content verbatim
    /// (``ProjectLibrary/open(_:preservingUnknown:missingImages:)`` with
    /// `preservingUnknown: true`).
    case openPreservingUnknown
    /// Open it with a newer version of the app.
    case openWithNewerApp
    /// Open it with placeholders for its missing images
    /// (``ProjectLibrary/open(_:preservingUnknown:missingImages:)`` with
    /// `missingImages: .placeholder`).
    case openWithPlaceholders
    /// Show ``SkippedProject/file`` to the user (to repair or send it).
    case showFile
    /// Delete it to the trash (``ProjectLibrary/delete(_:)``), from where it can be restored.
    case discard
  }

  /// The name of the project's folder: its id's text, or whatever a folder that is not a
  /// project is called.
  public let id: String
  /// The project's identity, or `nil` for a folder that is not named by one.
  public let projectID: ProjectID?
  /// Its name, when its metadata could be read.
  public let name: String?
  /// The file at fault.
  public let file: URL
  /// Why it cannot be opened.
  public let reason: Reason
  /// What is wrong, as a sentence for the user: it names no path (the path is ``file``).
  public let detail: String
  /// The version found, for ``Reason/newerSchema`` (the document's schema) and
  /// ``Reason/newerMetadataVersion`` (the metadata's version); `nil` otherwise.
  public let foundVersion: Int?
  /// The newest version this build reads, beside ``foundVersion``.
  public let supportedVersion: Int?
  /// The kind ids the document uses that no registered codec reads, for
  /// ``Reason/unknownKinds`` when the listing knows them; sorted.
  public let unknownKinds: [String]

  /// Describes a skipped project; the library makes these, and a tool may too (for a check of
  /// its own).
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - name: Its name, when known.
  ///   - file: The file at fault.
  ///   - reason: Why it cannot be opened.
  ///   - detail: What is wrong, as a sentence with no path.
  ///   - foundVersion: The version found, for a newer schema or metadata version.
  ///   - supportedVersion: The newest version this build reads.
  ///   - unknownKinds: The kinds no registered codec reads.
  public init(
    id: ProjectID, name: String?, file: URL, reason: Reason, detail: String,
    foundVersion: Int? = nil, supportedVersion: Int? = nil, unknownKinds: [String] = []
  ) {
    self.init(
      folder: id.rawValue, projectID: id, name: name, file: file, reason: reason, detail: detail,
      foundVersion: foundVersion, supportedVersion: supportedVersion, unknownKinds: unknownKinds)
  }

  init(
    folder: String, projectID: ProjectID?, name: String?, file: URL, reason: Reason,
    detail: String, foundVersion: Int? = nil, supportedVersion: Int? = nil,
    unknownKinds: [String] = []
  ) {
    self.id = folder
    self.projectID = projectID
    self.name = name
    self.file = file
    self.reason = reason
    self.detail = detail
    self.foundVersion = foundVersion
    self.supportedVersion = supportedVersion
    self.unknownKinds = unknownKinds
  }

  /// What the user can do, most useful first.
  public var remedies: [Remedy] {
    switch reason {
    case .unknownKinds: [.openPreservingUnknown, .showFile, .discard]
    case .newerSchema, .newerMetadataVersion: [.openWithNewerApp, .showFile, .discard]
    case .missingImages: [.openWithPlaceholders, .showFile, .discard]
    case .corrupt, .unreadableMetadata, .missingDocument: [.showFile, .discard]
    case .notAProjectFolder: [.showFile]
    }
  }
}

extension SkippedProject {
  /// A project whose document does not open: the reason, versions and kinds `error` gives, and
  /// the user's sentence (which names no path: the file is a property of its own).
  ///
  /// For a store's own `check()`, which classifies open errors as the library does.
  ///
  /// - Parameters:
  ///   - id: The project.
  ///   - name: Its name, when known.
  ///   - file: The file at fault (a store without files names the project by a URL of its id).
  ///   - error: What opening the project threw.
  public init(id: ProjectID, name: String?, file: URL, openError error: any Error) {
    var found: Int?
    var supported: Int?
    var unknown: [String] = []
    if let error = error as? PersistenceError {
      if case .unsupportedSchema(let newer, let known) = error {
        (found, supported) = (newer, known)
      }
      if case .unknownKind(_, let kind)? = error.reason { unknown = [kind.rawValue] }
    }
    self.init(
      id: id, name: name, file: file, reason: Reason(openError: error),
      detail: (error as? any LocalizedError)?.errorDescription ?? "\(error)", foundVersion: found,
      supportedVersion: supported, unknownKinds: unknown)
  }
}

extension SkippedProject.Reason {
  /// Why a document that throws `error` when opened does not open.
  init(openError error: any Error) {
    guard let error = error as? PersistenceError else {
      self = .corrupt
      return
    }
    switch error {
    case .unsupportedSchema(let found, let supported) where found > supported:
      self = .newerSchema
      return
    case .missingImageStore, .imageUnresolvable:
      self = .missingImages
      return
    default:
      break
    }
    switch error.reason {
    case .unknownKind?, .payloadVersionTooNew?: self = .unknownKinds
    case .unresolvableImageToken?, .imageStoreFailed?: self = .missingImages
    default: self = .corrupt
    }
  }
}
