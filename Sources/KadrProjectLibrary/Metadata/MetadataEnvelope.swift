import Foundation
import KadrPersistence

/// `project.json`: the library's own fields, readable by any tool, and the app's metadata as an
/// opaque JSON value with its version.
///
/// ```json
/// {"app":{…},"created":1764590000.5,"format":1,"metadataVersion":2,
///  "modified":1764590100.25,"name":"Holiday","thumbnail":"file:…png"}
/// ```
struct MetadataEnvelope: Codable, Sendable, Hashable {
  /// The envelope's own format; this build reads and writes 1.
  static let currentFormat = 1

  var format: Int
  var name: String
  var created: Date
  var modified: Date
  var thumbnail: String?
  var metadataVersion: Int
  var app: JSONValue

  static func decode(_ data: Data) throws -> MetadataEnvelope {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try decoder.decode(MetadataEnvelope.self, from: data)
  }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }

  /// Wraps the app's metadata for saving.
  init<Metadata: ProjectMetadata>(
    name: String, created: Date, modified: Date, thumbnail: String?, metadata: Metadata
  ) throws {
    format = Self.currentFormat
    self.name = name
    self.created = created
    self.modified = modified
    self.thumbnail = thumbnail
    metadataVersion = Metadata.version
    app = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(metadata))
  }

  /// The app's metadata, migrated to the current version.
  ///
  /// - Throws: ``ProjectLibraryError/newerMetadataVersion(found:supported:)`` or
  ///   ``ProjectLibraryError/unreadableMetadata(path:detail:)``.
  func metadata<Metadata: ProjectMetadata>(_: Metadata.Type, file: URL) throws -> Metadata {
    if Metadata.isNewer(metadataVersion) {
      throw ProjectLibraryError.newerMetadataVersion(
        found: metadataVersion, supported: Metadata.version)
    }
    do {
      let current = try Metadata.migrated(app, from: metadataVersion)
      return try JSONDecoder().decode(Metadata.self, from: JSONEncoder().encode(current))
    } catch let error as ProjectLibraryError {
      throw error
    } catch {
      throw ProjectLibraryError.unreadableMetadata(path: file.path, detail: "\(error)")
    }
  }
}
