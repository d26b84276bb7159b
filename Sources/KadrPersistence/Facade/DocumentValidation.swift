import Foundation

/// Every error a document holds, found in one reading, or the document opened when it has none.
///
/// Opening stops at the first error; validating goes on: a clip or overlay that cannot be read
/// is recorded and reading continues with the next one, and a required member missing from the
/// composition itself is recorded and reading continues as if it held an empty composition's
/// value. So a file with three mistakes in three clips, or a hand-written
/// `{"schema":1,"video":{"clips":[]}}`, is told everything at once.
public struct DocumentValidation: Sendable {
  /// The errors found, in the order they were met, at most the limit asked for.
  public let errors: [PersistenceError]
  /// How many more errors were found past the limit.
  public let unreportedErrorCount: Int
  /// The schema the document declares, when it could be read.
  public let schema: Int?
  /// The opened document, when there are no errors: the composition and the content it keeps
  /// verbatim without understanding it.
  public let opened: DecodedDocument<Video>?

  /// Whether the document opens.
  public var isValid: Bool { errors.isEmpty }

  /// Creates a validation result.
  ///
  /// - Parameters:
  ///   - errors: The errors found.
  ///   - unreportedErrorCount: How many more were found past the limit.
  ///   - schema: The document's schema.
  ///   - opened: The opened document, when there are no errors.
  public init(
    errors: [PersistenceError], unreportedErrorCount: Int = 0, schema: Int? = nil,
    opened: DecodedDocument<Video>? = nil
  ) {
    self.errors = errors
    self.unreportedErrorCount = unreportedErrorCount
    self.schema = schema
    self.opened = opened
  }
}
