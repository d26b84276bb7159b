import Foundation

/// One step that brings a whole document from one schema to the next, on the raw JSON value.
///
/// Migrations run before any codec sees the document, so codecs only ever read the current
/// schema. Each step handles exactly one version; a chain with a missing step is an error that
/// names the versions.
///
/// Write a step over the document's ``JSONObject``, or — as with the original kadr-persistence —
/// over a `[String: Any]` of Foundation values:
///
/// ```swift
/// let renameTitle = SchemaMigration(from: 1, to: 2) { object in
///   var object = object
///   object["title"] = object.removeValue(forKey: "name")
///   return object
/// }
/// ```
public struct SchemaMigration: Sendable {
  /// The schema this step reads.
  public let from: Int
  /// The schema it produces: `from + 1`.
  public let to: Int
  /// Turns the envelope of ``from`` into one of ``to``. The chain sets the new `schema` number
  /// itself.
  public let migrate: @Sendable (JSONObject) throws -> JSONObject

  /// The schema this step reads (``from``).
  public var fromSchema: Int { from }

  /// Creates a migration step over the document's JSON object.
  ///
  /// - Parameters:
  ///   - from: The schema the step reads; it produces `from + 1`.
  ///   - migrate: The transformation of the whole envelope.
  public init(from: Int, _ migrate: @escaping @Sendable (JSONObject) throws -> JSONObject) {
    self.from = from
    self.to = from + 1
    self.migrate = migrate
  }

  /// Creates a migration step over the document as Foundation values (`[String: Any]` with
  /// `String`, `Int`, `Double`, `Bool`, `NSNull`, arrays and dictionaries), as the original
  /// kadr-persistence's steps are written.
  ///
  /// - Parameters:
  ///   - from: The schema the step reads.
  ///   - to: The schema it produces; it must be `from + 1` (steps are single hops).
  ///   - apply: The transformation of the whole envelope.
  public init(
    from: Int, to: Int, apply: @escaping @Sendable ([String: Any]) throws -> [String: Any]
  ) {
    precondition(to == from + 1, "A schema migration step goes from one schema to the next.")
    self.from = from
    self.to = to
    self.migrate = { object in
      try FoundationJSON.object(from: apply(FoundationJSON.dictionary(of: object)), at: .root)
    }
  }

  /// The original kadr-persistence's name for the transformation: the same closure over
  /// Foundation values.
  public var apply: @Sendable ([String: Any]) throws -> [String: Any] {
    let migrate = self.migrate
    return { dictionary in
      FoundationJSON.dictionary(of: try migrate(FoundationJSON.object(from: dictionary, at: .root)))
    }
  }
}

/// The single-step migrations a coder knows, by the schema each one reads.
public struct MigrationChain: Sendable {
  private var steps: [Int: SchemaMigration] = [:]

  /// Creates a chain from steps; a later step for the same schema replaces an earlier one.
  ///
  /// - Parameter steps: The steps.
  public init(_ steps: [SchemaMigration] = []) {
    for step in steps { self.steps[step.from] = step }
  }

  /// Adds a step.
  ///
  /// - Parameter step: The step; it replaces any step from the same schema.
  public mutating func add(_ step: SchemaMigration) {
    steps[step.from] = step
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
  /// - Throws: ``PersistenceError`` with ``PersistenceError/migrationUnavailable(from:to:)`` when a
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
      do {
        current = try step.migrate(current)
      } catch {
        throw PersistenceError.wrapping(error)
      }
      version += 1
      current[DocumentEnvelope.schemaKey] = .integer(Int64(version))
    }
    return current
  }
}
