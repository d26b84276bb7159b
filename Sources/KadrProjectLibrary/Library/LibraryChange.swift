import Foundation

/// Something that changed in a library, as its change stream
/// (``ProjectLibrary/changes()``) tells it: a list view refreshes on it without polling.
public struct LibraryChange: Sendable, Hashable {
  /// What happened. New kinds may be added, so a `switch` should end with `default`.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A project was created, imported or duplicated.
    case created
    /// A project was saved (explicitly, or by an autosave under ``AutosavePolicy/saves``).
    case saved
    /// A recovery copy of a project was written (``AutosavePolicy/recoveryCopies``).
    case autosaved
    /// A project was renamed.
    case renamed
    /// A project's metadata changed (``ProjectLibrary/updateMetadata(of:_:)``).
    case metadataChanged
    /// A project went to the trash.
    case trashed
    /// A project came back from the trash.
    case restored
    /// A project was deleted for good (or the trash emptied).
    case deleted
    /// Several changes were made elsewhere (by another process, or another `ProjectLibrary`
    /// value on the same folder) between two looks: list the library again.
    case changed
  }

  /// What happened.
  public let kind: Kind
  /// The project, or `nil` for ``Kind/changed`` and for changes to the whole trash.
  public let id: ProjectID?
  /// Whether this `ProjectLibrary` value made the change; `false` for one seen on disk, made by
  /// another process or another value on the same folder.
  public let isLocal: Bool

  /// Describes a change.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - id: The project.
  ///   - isLocal: Whether this library value made it.
  public init(_ kind: Kind, _ id: ProjectID?, isLocal: Bool) {
    self.kind = kind
    self.id = id
    self.isLocal = isLocal
  }
}

/// What an autosave does.
public enum AutosavePolicy: Sendable, Hashable {
  /// An autosave writes a recovery copy beside the project's last explicit save, which
  /// ``ProjectLibrary/recover(_:preservingUnknown:)`` offers after a crash; the project on disk
  /// changes only when the app saves (the default, for apps with a Save command).
  case recoveryCopies
  /// An autosave is a save: half a second after the last edit the project's document and
  /// `project.json` hold it, and ``ProjectLibrary/list()`` and ``ProjectLibrary/open(_:preservingUnknown:missingImages:)``
  /// see it (for apps with no Save command).
  case saves
}

/// The outcome of one background autosave, on ``ProjectLibrary/autosaveEvents()``.
public enum AutosaveEvent: Sendable {
  /// The project's pending edit was written (saved, or as a recovery copy, by the policy).
  case written(ProjectID)
  /// Writing the project's pending edit failed; it stays pending and the next flush retries it.
  case failed(ProjectID, any Error)

  /// The project.
  public var id: ProjectID {
    switch self {
    case .written(let id), .failed(let id, _): id
    }
  }
}
