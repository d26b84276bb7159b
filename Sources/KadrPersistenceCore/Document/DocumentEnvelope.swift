import Foundation

/// The top level of a document: `{"schema": 1, "video": …}`, plus `payloadVersions` when some
/// kind's payload is newer than version 1.
public enum DocumentEnvelope {
  /// The schema this package writes a document in when it uses nothing newer, and the one
  /// older documents are migrated to: the original format's.
  public static let currentSchema = 1
  /// The newest schema this package reads: schema 1 with the professional timeline facts
  /// (exact frame rates, a start timecode, markers, clip names, roles, exact speeds). A document
  /// is written in it only when it holds one of them, so that readers of schema 1 (the original
  /// Apple package's among them, which would skip such members unseen) refuse it as newer
  /// rather than drop them silently.
  public static let newestSchema = 2

  /// Whether a document of `schema` is read as it is, without migration: schema 1 and schema 2
  /// differ only in members a schema-1 document never has.
  ///
  /// - Parameter schema: The document's schema number.
  /// - Returns: Whether it is 1 or 2.
  public static func readsWithoutMigration(_ schema: Int) -> Bool {
    schema == currentSchema || schema == newestSchema
  }
  /// The key of the schema number.
  public static let schemaKey = "schema"
  /// The key of the composition.
  public static let rootKey = "video"
  /// The key of the payload versions: this project's extension, absent when every payload is
  /// version 1 (so such documents are byte-identical to schema 1).
  public static let payloadVersionsKey = "payloadVersions"

  static let knownKeys: Set<String> = [schemaKey, rootKey, payloadVersionsKey]

  /// Reads the schema number of an envelope.
  static func schema(of envelope: JSONObject) throws -> Int {
    guard case .integer(let number)? = envelope[schemaKey], let schema = Int(exactly: number)
    else {
      throw PersistenceError(
        .schemaMissing,
        at: envelope[schemaKey] == nil ? .root : JSONPointer.root.appending(key: schemaKey))
    }
    return schema
  }

  /// Reads `payloadVersions`: kind id → version ≥ 1.
  static func payloadVersions(of envelope: JSONObject) throws -> [KindID: Int] {
    guard let value = envelope[payloadVersionsKey] else { return [:] }
    let pointer = JSONPointer.root.appending(key: payloadVersionsKey)
    guard case .object(let object) = value else {
      throw PersistenceError(.wrongType(expected: "an object", found: value.typeName), at: pointer)
    }
    var versions: [KindID: Int] = [:]
    for (key, entry) in object {
      guard case .integer(let number) = entry, number >= 1, let version = Int(exactly: number)
      else {
        throw PersistenceError(
          .integerOutOfRange("payload version", range: "a positive integer"),
          at: pointer.appending(key: key))
      }
      versions[KindID(key)] = version
    }
    return versions
  }

  /// The envelope's bytes up to the composition, `{"payloadVersions":{…},"schema":1,"video":`
  /// (the versions only when needed), keys in canonical order: the composition and `}` follow.
  static func head(payloadVersions: [KindID: Int], schema: Int = currentSchema) throws -> Data {
    var head = Data("{".utf8)
    if !payloadVersions.isEmpty {
      var versions = JSONObject(minimumCapacity: payloadVersions.count)
      for (kind, version) in payloadVersions {
        versions[kind.rawValue] = .integer(Int64(version))
      }
      head.append(Data("\"\(payloadVersionsKey)\":".utf8))
      do {
        head.append(try JSONWriter().writeData(.object(versions)))
      } catch {
        throw PersistenceError(error)
      }
      head.append(UInt8(ascii: ","))
    }
    head.append(Data("\"\(schemaKey)\":\(schema),\"\(rootKey)\":".utf8))
    return head
  }
}
