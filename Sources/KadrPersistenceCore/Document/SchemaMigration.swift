import Foundation

/// One step that brings a whole document from one schema to the next, on the raw JSON value.
///
/// Migrations run before any codec sees the document, so codecs only ever read the current
/// schema. Each step handles exactly one version; a chain with a missing step is an error that
/// names the versions.
public struct SchemaMigration: Sendable {
  /// The schema this step reads; it produces `fromSchema + 1`.
  public let fromSchema: Int
  /// Turns the envelope of `fromSchema` into one of `fromSchema + 1`. The chain sets the new
  /// `schema` number itself.
  public let migrate: @Sendable (JSONObject) throws -> JSONObject

  /// Creates a migration step.
  ///
  /// - Parameters:
  ///   - fromSchema: The schema the step reads.
  ///   - migrate: The transformation of the whole envelope.
  public init(
    from fromSchema: Int,
    _ migrate: @escaping @Sendable (JSONObject) throws -> JSONObject
  ) {
    self.fromSchema = fromSchema
    self.migrate = migrate
  }
}

/// The single-step migrations a coder knows, by the schema each one reads.
public struct MigrationChain: Sendable {
  private var steps: [Int: SchemaMigration] = [:]

  /// Creates a chain from steps; a later step for the same schema replaces an earlier one.
  ///
  /// - Parameter steps: The steps.
  public init(_ steps: [SchemaMigration] = []) {
    for step in steps { self.steps[step.fromSchema] = step }
  }

  /// Adds a step.
  ///
  /// - Parameter step: The step; it replaces any step from the same schema.
  public mutating func add(_ step: SchemaMigration) {
    steps[step.fromSchema] = step
  }

  /// The schemas the chain can read, each one that has a step.
  public var sourceSchemas: [Int] { steps.keys.sorted() }

  /// Brings `envelope` from `schema` to `target`, one step at a time.
  ///
  /// - Parameters:
  ///   - envelope: The whole document.
  ///   - schema: Its schema.
  ///   - target: The schema wanted.
  /// - Returns: The migrated envelope, with `schema` set to `target`.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/migrationGap(from:to:)`` when a
  ///   step is missing, or the step's own error.
  public func migrate(_ envelope: JSONObject, from schema: Int, to target: Int)
    throws -> JSONObject
  {
    var current = envelope
    var version = schema
    while version < target {
      guard let step = steps[version] else {
        throw PersistenceError.migrationUnavailable(from: version, to: version + 1)
      }
      current = try step.migrate(current)
      version += 1
      current[DocumentEnvelope.schemaKey] = .integer(Int64(version))
    }
    return current
  }
}
