import Foundation
import KadrPersistence

/// `project.json`: the library's own fields, readable by any tool, and the app's metadata as an
/// opaque JSON value with its version.
///
/// ```json
/// {"app":{…},"created":1764590000.5,"format":1,"metadataVersion":2,
///  "modified":1764590100.25,"name":"Holiday","revision":3,"saved":1764590100.25,
///  "thumbnail":"file:…png"}
/// ```
struct MetadataEnvelope: Codable, Sendable, Hashable {
  /// The envelope's own format; this build reads and writes 1.
  static let currentFormat = 1

  var format: Int
  var name: String
  var created: Date
  var modified: Date
  /// When the document was last saved explicitly; autosaves older than this are stale. (A
  /// rename changes `modified`, not this.) Missing in a file: `modified`.
  var saved: Date
  var thumbnail: String?
  var metadataVersion: Int
  var app: JSONValue
  /// How many explicit saves the project has had (its create is 0). Autosaves compare it, not
  /// dates: another machine's clock, or this one's stepped back, cannot make an edit look
  /// older or newer than a save. Missing in a file: 0.
  var revision: Int
  /// What the library learnt of the document at its last save; `nil` for a project saved
  /// before the library kept it.
  var document: DocumentFacts?

  /// Reads `project.json`.
  ///
  /// The package's strict reader and a walk over its tree, not `JSONDecoder`: listing reads
  /// one of these per project, and this took listing 10,000 projects from 1.59 s to 1.06 s
  /// (kadr-bench --library, release).
  static func decode(_ data: Data) throws -> MetadataEnvelope {
    guard case .object(let object) = try reader.readJSON(data).json else {
      throw EnvelopeError("it is not a JSON object")
    }
    func number(_ key: String) throws -> Double {
      guard let value = object[key]?.doubleValue else { throw EnvelopeError("no number '\(key)'") }
      return value
    }
    func integer(_ key: String) throws -> Int {
      guard case .integer(let value)? = object[key], let int = Int(exactly: value) else {
        throw EnvelopeError("no whole number '\(key)'")
      }
      return int
    }
    guard case .string(let name)? = object["name"] else { throw EnvelopeError("no 'name'") }
    var thumbnail: String?
    switch object["thumbnail"] {
    case .string(let token)?: thumbnail = token
    case nil, .null?: thumbnail = nil
    default: throw EnvelopeError("'thumbnail' is not a string")
    }
    return MetadataEnvelope(
      format: try integer("format"), name: name,
      revision: object["revision"] == nil ? 0 : try integer("revision"),
      created: Date(timeIntervalSince1970: try number("created")),
      modified: Date(timeIntervalSince1970: try number("modified")),
      saved: Date(
        timeIntervalSince1970: try object["saved"] == nil ? number("modified") : number("saved")),
      thumbnail: thumbnail,
      metadataVersion: try integer("metadataVersion"), app: object["app"] ?? .null,
      document: try DocumentFacts.read(object["document"]))
  }

  /// The reader of `project.json`: strict JSON, the package's default limits.
  private static let reader = KadrCoder()

  /// What is wrong with a `project.json`.
  struct EnvelopeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  init(
    format: Int, name: String, revision: Int, created: Date, modified: Date, saved: Date,
    thumbnail: String?, metadataVersion: Int, app: JSONValue, document: DocumentFacts?
  ) {
    self.document = document
    self.format = format
    self.name = name
    self.revision = revision
    self.created = created
    self.modified = modified
    self.saved = saved
    self.thumbnail = thumbnail
    self.metadataVersion = metadataVersion
    self.app = app
  }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }

  /// Wraps the app's metadata for saving.
  init<Metadata: ProjectMetadata>(
    name: String, revision: Int = 0, created: Date, modified: Date, saved: Date,
    thumbnail: String?, metadata: Metadata, document: DocumentFacts?
  ) throws {
    self.document = document
    format = Self.currentFormat
    self.name = name
    self.revision = revision
    self.created = created
    self.modified = modified
    self.saved = saved
    self.thumbnail = thumbnail
    metadataVersion = metadata.writtenVersion
    app = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(metadata))
  }

  /// The app's metadata, migrated to the current version.
  ///
  /// - Throws: ``ProjectLibraryError/newerMetadataVersion(found:supported:)`` or
  ///   ``ProjectLibraryError/unreadableMetadata(path:detail:)``.
  func metadata<Metadata: ProjectMetadata>(_: Metadata.Type, path: String) throws -> Metadata {
    if Metadata.isNewer(metadataVersion) {
      throw ProjectLibraryError.newerMetadataVersion(
        found: metadataVersion, supported: Metadata.version)
    }
    do {
      let current = try Metadata.migrated(app, from: metadataVersion)
      let decoded = try JSONDecoder().decode(
        Metadata.self, from: KadrDocument(json: current).data())
      // A tool's opaque metadata keeps the version it was written under.
      guard var opaque = decoded as? OpaqueMetadata else { return decoded }
      opaque.sourceVersion = metadataVersion
      return opaque as? Metadata ?? decoded
    } catch let error as ProjectLibraryError {
      throw error
    } catch {
      throw ProjectLibraryError.unreadableMetadata(path: path, detail: "\(error)")
    }
  }
}
