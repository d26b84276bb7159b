import KadrPersistence

/// One step that brings an app's encoded project metadata from one version to the next, as a
/// `SchemaMigration` does for documents.
///
/// Steps work on the encoded value (a `JSONValue`), so the app needs no Swift type for its old
/// versions.
public struct MetadataMigration: Sendable {
  /// The version the step reads; it writes `from + 1`.
  public let from: Int

  /// The step itself.
  public let migrate: @Sendable (JSONValue) throws -> JSONValue

  /// Creates a step from version `from` to `from + 1`.
  ///
  /// - Parameters:
  ///   - from: The version the step reads.
  ///   - migrate: Turns metadata of version `from` into metadata of `from + 1`; it may throw
  ///     when the value cannot be migrated, and the project is then listed as skipped.
  public init(from: Int, _ migrate: @escaping @Sendable (JSONValue) throws -> JSONValue) {
    self.from = from
    self.migrate = migrate
  }
}
