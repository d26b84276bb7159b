import Foundation
import KadrPersistence

/// `manifest.json`, the first entry of a project package: what the package holds, readable
/// without kadr (the format article documents each key).
struct PackageManifest: Codable, Sendable, Hashable {
  /// The value of `format` in every package.
  static let formatName = "kadr.project-package"
  /// The package format this version writes and reads up to.
  static let currentVersion = 1

  /// The names of a package's entries.
  enum Entry {
    static let manifest = "manifest.json"
    static let document = "document.json"
    static let metadata = "metadata.json"
    static let imagesFolder = "images/"
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

  /// The manifest's bytes: sorted keys, so the same project gives the same bytes.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }
}
