import Foundation

/// What went wrong in a project library, with a sentence saying what and how to fix it.
///
/// Match a case in one line (`if case .projectNotFound = error`); new cases may be added, so a
/// `switch` over this type should end with `default`. Errors of documents themselves are
/// `PersistenceError`s, thrown unchanged.
public enum ProjectLibraryError: Error, Sendable, Equatable, LocalizedError,
  CustomStringConvertible
{
  /// No project with this id in the library (or in its trash, for a restore).
  case projectNotFound(ProjectID)
  /// The project's metadata was written by a newer version of the app.
  case newerMetadataVersion(found: Int, supported: Int)
  /// No migration step from an older metadata version to the next.
  case metadataMigrationUnavailable(from: Int, to: Int)
  /// The project's `project.json` is missing, is not JSON, or does not decode.
  case unreadableMetadata(path: String, detail: String)
  /// Image collection refused to delete anything, because these files could not be read and
  /// might refer to images.
  case collectionRefused(unreadable: [String])
  /// A file or directory of the library could not be read or written.
  case fileSystem(path: String, detail: String)
  /// A project with this id is already in the library or its trash (adopting a project under
  /// an id the library has).
  case projectExists(ProjectID)
  /// An autosave that saves (``AutosavePolicy/saves``) was not written: another process saved
  /// the project since this library opened it, and the autosave would have replaced that save.
  case savedElsewhere(ProjectID)

  /// What happened, for the person using the app: it names no path (``failureReason`` does).
  public var errorDescription: String? {
    switch self {
    case .projectNotFound:
      return "The project is not in the library."
    case .projectExists:
      return "The library already has a project with this identity."
    case .savedElsewhere:
      return "This project was changed in another window or on another device since it was "
        + "opened; your latest edits were not saved over those changes."
    case .newerMetadataVersion:
      return "This project was saved by a newer version of the app. Update the app to open it."
    case .metadataMigrationUnavailable:
      return "This project was saved by an older version of the app that this version cannot "
        + "bring up to date."
    case .unreadableMetadata(_, let detail):
      return "The project's details cannot be read: \(detail)."
    case .collectionRefused(let unreadable):
      return "No image was deleted: \(unreadable.count) project file(s) cannot be read and may "
        + "use images."
    case .fileSystem(_, let detail):
      return "A file of the library cannot be read or written: \(detail)."
    }
  }

  /// What happened, for the developer: with the id, the versions and the paths.
  public var failureReason: String? {
    switch self {
    case .projectNotFound(let id):
      return "No project \(id) in the library."
    case .projectExists(let id):
      return "A project \(id) is already in the library (or its trash)."
    case .savedElsewhere(let id):
      return "Project \(id) was saved by another process since this library opened it; the "
        + "autosave was not written over that save."
    case .newerMetadataVersion(let found, let supported):
      return "The project's metadata is version \(found), newer than this app's \(supported)."
    case .metadataMigrationUnavailable(let from, let to):
      return "The project's metadata is version \(from) and no step migrates it to \(to)."
    case .unreadableMetadata(let path, let detail):
      return "The project file \(path) cannot be read: \(detail)."
    case .collectionRefused(let unreadable):
      return "No image was deleted: \(unreadable.count) project file(s) cannot be read and may "
        + "refer to images: \(unreadable.joined(separator: ", "))."
    case .fileSystem(let path, let detail):
      return "\(path): \(detail)."
    }
  }

  /// How to fix it.
  public var recoverySuggestion: String? {
    switch self {
    case .projectNotFound:
      return "List the library for the projects it has; a deleted project may be in the trash."
    case .projectExists:
      return "Open the existing project, or adopt this one under a new id."
    case .savedElsewhere:
      return "Open the project again to see the other save, then make the edits again or save "
        + "them as a copy; they stay pending until then."
    case .newerMetadataVersion:
      return "Open the project with a newer version of the app; it was left unchanged."
    case .metadataMigrationUnavailable:
      return "Add the missing MetadataMigration step to the app's metadata type."
    case .unreadableMetadata:
      return "Restore the file from a backup, or delete the project to the trash."
    case .collectionRefused:
      return "Repair or delete those projects (and empty the trash), then collect again."
    case .fileSystem:
      return "Check that the library's directory exists, is writable and has free space."
    }
  }

  /// The developer's sentence (``failureReason``), for logs and `print(error)`.
  public var description: String { failureReason ?? "\(Self.self)" }
}
