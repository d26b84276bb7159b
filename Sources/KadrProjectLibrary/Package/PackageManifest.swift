import Foundation
import KadrPersistence

/// `manifest.json`, the first entry of a project package: what the package holds, readable
/// without kadr (the format article documents each key).
struct PackageManifest: Codable, Sendable, Hashable {
  /// The value of `format` in every package.
  static let formatName = "kadr.project-package"
  /// The package format this version reads up to, and writes for a package with history; a
  /// package without history is written as version 1, which readers before history import.
  static let currentVersion = 2
  /// The first format with ``history``.
  static let historyVersion = 2

  /// The names of a package's entries.
  enum Entry {
    static let manifest = "manifest.json"
    static let document = "document.json"
    static let metadata = "metadata.json"
    static let imagesFolder = "images/"
    static let historyFolder = "history/"

    /// The entries of an earlier revision: `history/<revision>/document.json` and
    /// `history/<revision>/metadata.json`.
    static func history(_ revision: Int) -> (document: String, metadata: String) {
      ("\(historyFolder)\(revision)/\(document)", "\(historyFolder)\(revision)/\(metadata)")
    }

    /// The revision of a history entry's name, when it is one spelled as ``history(_:)``
    /// spells it (no sign, no leading zero).
    static func revision(ofHistoryEntry name: String) -> Int? {
      guard name.hasPrefix(historyFolder) else { return nil }
      let parts = name.dropFirst(historyFolder.count).split(
        separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let revision = Int(parts[0]), String(revision) == parts[0],
        revision >= 0, parts[1] == document || parts[1] == metadata
      else { return nil }
      return revision
    }
  }

  /// One earlier revision of the project (format 2): its document and metadata are the entries
  /// ``Entry/history(_:)`` names.
  struct Revision: Codable, Sendable, Hashable {
    /// Its number in the source store (0 is the create).
    var revision: Int
    /// When it was saved, in seconds since 1970.
    var saved: Double
    var metadataVersion: Int
    var schema: Int
    var document: DocumentFacts?
  }

  /// One image of the package.
  struct Image: Codable, Sendable, Hashable {
    /// Its entry, `images/<sha256>.<ext>`.
    var name: String
    /// Its size.
    var bytes: Int
    /// The SHA-256 of its bytes, in lowercase hex.
    var sha256: String
  }

  var format: String
  var version: Int
  var id: ProjectID
  var name: String
  /// Seconds since 1970.
  var created: Double
  /// Seconds since 1970.
  var modified: Double
  var metadataVersion: Int
  var schema: Int
  var document: DocumentFacts?
  /// The thumbnail's token (`file:<sha256>.<ext>`, one of ``images``), if any.
  var thumbnail: String?
  /// Sorted by name.
  var images: [Image]
  /// The head's revision number in the source store (format 2, with ``history``).
  var revision: Int?
  /// The revisions before the head, oldest first (format 2); absent without history.
  var history: [Revision]?

  /// The manifest's bytes: sorted keys, so the same project gives the same bytes.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }
}
