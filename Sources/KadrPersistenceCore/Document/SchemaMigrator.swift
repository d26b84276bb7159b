import Foundation

/// Brings older documents up to the current schema, as the original kadr-persistence's
/// `SchemaMigrator` does: over a `[String: Any]`, or over bytes.
///
/// A `KadrCoder` migrates by itself when it opens a document (with the ``MigrationChain`` it
/// was given); this is for code that migrates documents without opening them.
public enum SchemaMigrator {
  /// The steps this version of the package ships. Schema 1 is the only schema so far, so there
  /// are none; a plugin or app passes its own with `using:`.
  public static let registered: [SchemaMigration] = []

  /// Migrates a document, as Foundation values, to `target`, one step at a time.
  ///
  /// - Parameters:
  ///   - object: The document: `["schema": 1, "video": …]`.
  ///   - target: The schema wanted; the current one by default.
  ///   - migrations: The steps; ``registered`` by default.
  /// - Returns: The migrated document, its `schema` set to `target`.
  /// - Throws: ``PersistenceError/unsupportedSchema(found:supported:)`` for a document newer than
  ///   `target`, ``PersistenceError/migrationUnavailable(from:to:)`` for a gap in the steps, or a
  ///   step's own error.
  public static func migrate(
    _ object: [String: Any], to target: Int = DocumentEnvelope.currentSchema,
    using migrations: [SchemaMigration] = registered
  ) throws -> [String: Any] {
    let json = try FoundationJSON.object(from: object, at: .root)
    return FoundationJSON.dictionary(of: try migrate(json, to: target, using: migrations))
  }

  /// Migrates a document's bytes to `target` and returns canonical bytes (sorted keys, as every
  /// save writes them), so a migrated document compares byte for byte with a saved one.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - target: The schema wanted; the current one by default.
  ///   - migrations: The steps; ``registered`` by default.
  /// - Returns: The migrated document.
  /// - Throws: ``PersistenceError``: ``PersistenceError/malformed(_:)`` when the bytes are not a
  ///   JSON object, and the errors of ``migrate(_:to:using:)``.
  public static func migrate(
    data: Data, to target: Int = DocumentEnvelope.currentSchema,
    using migrations: [SchemaMigration] = registered
  ) throws -> Data {
    guard case .object(let object)? = try? JSONReader().read(data) else {
      throw PersistenceError.malformed("The document is not a JSON object.")
    }
    let migrated = try migrate(object, to: target, using: migrations)
    do {
      return try JSONWriter().writeData(.object(migrated))
    } catch {
      throw PersistenceError(error)
    }
  }

  private static func migrate(
    _ object: JSONObject, to target: Int, using migrations: [SchemaMigration]
  ) throws -> JSONObject {
    var schema = 0
    if case .integer(let number)? = object[DocumentEnvelope.schemaKey] {
      schema = Int(exactly: number) ?? 0
    }
    guard schema <= target else {
      throw PersistenceError.unsupportedSchema(found: schema, supported: target)
    }
    return try MigrationChain(migrations).migrate(object, from: schema, to: target)
  }
}
