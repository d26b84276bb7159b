import Foundation
import KadrModel

/// Why a ``FileImageStore`` refused a token or failed to read or write a file.
///
/// Every case names the token (or the directory) and the cause, so a message can say which
/// image of which document is affected.
public enum FileImageStoreError: Error, Sendable, Equatable, LocalizedError {
  /// The token is not of the form `file:<64 lowercase hex digits>.<png|jpg|gif|webp>`.
  case invalidToken(String, reason: InvalidFileTokenReason)
  /// No file of that name is in the directory.
  case missingFile(String, path: String)
  /// The directory entry of that name is not a regular file (a symbolic link is never followed).
  case notARegularFile(String, found: DirectoryEntryKind)
  /// The file's bytes do not hash to the digest in its name: it was corrupted or tampered with.
  case contentMismatch(String, actualHash: String)
  /// The file's bytes are not an image.
  case notAnImage(String, ImageDataError)
  /// The file holds an image of another format than its extension says.
  case formatMismatch(String, found: ImageFormat)
  /// Reading the file failed.
  case readFailed(String, reason: String)
  /// Writing the file failed.
  case writeFailed(String, reason: String)
  /// The store's directory cannot be used.
  case directoryUnavailable(path: String, reason: String)
  /// Removing an orphaned file failed (files removed before it stay removed).
  case removeFailed(String, reason: String)
  /// The file is larger than the store's ``FileImageStore/maximumImageBytes``; it was not read
  /// (or not past the limit, when it grew while being read).
  case tooLarge(String, size: Int, limit: Int)

  /// What a directory entry is, when it is not a regular file.
  public enum DirectoryEntryKind: String, Sendable, Hashable {
    /// A symbolic link.
    case symbolicLink = "a symbolic link"
    /// A directory.
    case directory = "a directory"
    /// A device, FIFO, socket or anything else.
    case other = "not a regular file"
  }

  /// The token the error is about, or `nil` for a directory error.
  public var token: String? {
    switch self {
    case .invalidToken(let token, _), .missingFile(let token, _), .notARegularFile(let token, _),
      .contentMismatch(let token, _), .notAnImage(let token, _), .formatMismatch(let token, _),
      .readFailed(let token, _), .writeFailed(let token, _), .removeFailed(let token, _),
      .tooLarge(let token, _, _):
      return token
    case .directoryUnavailable:
      return nil
    }
  }

  public var errorDescription: String? {
    switch self {
    case .invalidToken(let token, let reason):
      return "'\(token)' is not a token of the file image store: \(reason.phrase)."
    case .missingFile(let token, let path):
      return "The image '\(token)' is missing: there is no file at \(path)."
    case .notARegularFile(let token, let kind):
      return "The image '\(token)' cannot be read: its directory entry is \(kind.rawValue)."
    case .contentMismatch(let token, _):
      // The hash found is not printed: the entry may be a hard link to a file outside the store,
      // whose digest is not the store's to tell.
      return "The file of the image '\(token)' is corrupted or was modified: its bytes do not "
        + "hash to the digest in its name."
    case .notAnImage(let token, let error):
      return "The file of the image '\(token)' is not an image: "
        + (error.errorDescription ?? "\(error)")
    case .formatMismatch(let token, let found):
      return "The file of the image '\(token)' holds a \(found.name) image, not what its "
        + "extension says."
    case .readFailed(let token, let reason):
      return "The image '\(token)' could not be read: \(reason)."
    case .writeFailed(let token, let reason):
      return "The image '\(token)' could not be saved: \(reason)."
    case .directoryUnavailable(let path, let reason):
      return "The image directory \(path) cannot be used: \(reason)."
    case .removeFailed(let token, let reason):
      return "The orphaned image '\(token)' could not be removed: \(reason)."
    case .tooLarge(let token, let size, let limit):
      return "The file of the image '\(token)' is \(size) bytes or more, larger than the "
        + "store's limit of \(limit) bytes; it was not read."
    }
  }

  public var recoverySuggestion: String? {
    switch self {
    case .invalidToken:
      return "File image tokens are written by FileImageStore; check that the document was not "
        + "edited by hand, and that the token is routed to the right store."
    case .missingFile, .notARegularFile, .contentMismatch, .notAnImage, .formatMismatch:
      return "Restore the image directory from a backup, or replace the image in the project."
    case .readFailed, .writeFailed, .directoryUnavailable, .removeFailed:
      return "Check that the directory exists and that the process may read and write it."
    case .tooLarge:
      return "Raise maximumImageBytes of the FileImageStore if the image is trusted, or replace "
        + "it with a smaller one."
    }
  }
}

extension FileImageStoreError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
