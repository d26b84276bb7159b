import Foundation

/// Why a project package cannot be imported or exported, with a sentence saying what is wrong,
/// where, and how to fix it.
///
/// Match a reason in one line (`if case .newerFormat = error.reason`); new reasons may be added,
/// so a `switch` over ``Reason`` should end with `default`. A package is checked whole before
/// anything is written to the store, so every one of these leaves the store as it was.
public struct ProjectPackageError: Error, Sendable, Hashable, LocalizedError,
  CustomStringConvertible
{
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// The file is not a zip this reader trusts: cut short, two zips joined, an unsafe entry
    /// name (`..`, an absolute path, a backslash), a link, a duplicate name, too many entries, a
    /// compression bomb, or entries whose sizes or CRCs lie. The text says which.
    case damaged(String)
    /// The zip holds no `manifest.json` of a project package, or one that does not decode.
    case notAPackage(String)
    /// The zip holds an entry a package does not have.
    case unexpectedEntry(String)
    /// The package's format version is newer than this version of kadr reads.
    case newerFormat(found: Int, supported: Int)
    /// The package's document schema is newer than this version of kadr reads.
    case newerSchema(found: Int, supported: Int)
    /// The package's metadata version is newer than the app's metadata type.
    case newerMetadata(found: Int, supported: Int)
    /// The manifest and the zip disagree (an image listed but absent or the other way round, a
    /// size that differs from the entry's); the text says which.
    case manifestMismatch(String)
    /// An image's bytes do not hash to the SHA-256 its name says.
    case imageMismatch(String)
    /// The file cannot be opened: it is not there, not downloaded yet (a cloud file), or the
    /// app may not read it. The text is the system's reason.
    case unreadable(String)
    /// The project is larger than a package carries (images, revisions, a revision number);
    /// the text names the limit. The writer refuses it before it writes, so every package it
    /// writes can be read.
    case beyondLimit(String)
  }

  /// What is wrong.
  public let reason: Reason
  /// The package's path.
  public let path: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What is wrong.
  ///   - path: The package's path.
  package init(_ reason: Reason, path: String) {
    self.reason = reason
    self.path = path
  }

  private var file: String { URL(fileURLWithPath: path).lastPathComponent }

  /// What is wrong, naming the package.
  public var errorDescription: String? {
    switch reason {
    case .damaged(let detail):
      return "The package \(file) cannot be read safely: \(detail)."
    case .notAPackage(let detail):
      return "\(file) is not a kadr project package: \(detail)."
    case .unexpectedEntry(let name):
      return "The package \(file) holds '\(name)', which a project package does not have."
    case .newerFormat(let found, let supported):
      return "The package \(file) is package format \(found); this version of kadr reads up to "
        + "format \(supported)."
    case .newerSchema(let found, let supported):
      return "The package \(file) holds a document of schema \(found); this version of kadr "
        + "reads up to schema \(supported)."
    case .newerMetadata(let found, let supported):
      return "The package \(file) holds metadata version \(found); this app reads up to version "
        + "\(supported)."
    case .manifestMismatch(let detail):
      return "The package \(file) does not match its manifest: \(detail)."
    case .imageMismatch(let name):
      return "The image '\(name)' in the package \(file) does not have the bytes its name "
        + "(their SHA-256) says."
    case .unreadable(let detail):
      return "The package \(file) cannot be opened: \(detail)."
    case .beyondLimit(let detail):
      return "The project in \(file) is larger than a package carries: \(detail)."
    }
  }

  /// How to fix it.
  public var recoverySuggestion: String? {
    switch reason {
    case .newerFormat, .newerSchema, .newerMetadata:
      return "Import it with a newer version of the app, or export it again from the app that "
        + "wrote it."
    case .unreadable:
      return "Check that the file is there and fully downloaded (a file in iCloud Drive or "
        + "another cloud folder may need downloading first), and that the app may read it, "
        + "then import it again. Nothing was imported."
    case .beyondLimit:
      return "Export the project again without its history (a package without history has no "
        + "revisions to count), or with fewer images; nothing was written or imported."
    default:
      return "Ask the sender to export the project again; the package was changed or damaged "
        + "on its way. Nothing was imported."
    }
  }

  /// The sentence and the fix, for logs and `print(error)`.
  public var description: String {
    [errorDescription, recoverySuggestion].compactMap { $0 }.joined(separator: " ")
  }
}
