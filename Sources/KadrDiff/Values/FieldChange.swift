import KadrPersistence

/// One field of a matched value that differs between the two sides.
///
/// The field is a JSON pointer relative to the value's payload, as its codec writes it
/// (`/trimRange/duration`, `/filters/0/scalar`), so plugin kinds and kinds kept verbatim diff
/// the same way as built-in ones.
public struct FieldChange: Sendable, Hashable, Codable {
  /// The field, as a JSON pointer relative to the payload.
  public let field: String
  /// The value before, or `nil` when the field was added.
  public let before: JSONValue?
  /// The value after, or `nil` when the field was removed.
  public let after: JSONValue?

  /// Creates a field change.
  ///
  /// - Parameters:
  ///   - field: The field, as a JSON pointer relative to the payload.
  ///   - before: The value before, `nil` when added.
  ///   - after: The value after, `nil` when removed.
  public init(field: String, before: JSONValue?, after: JSONValue?) {
    self.field = field
    self.before = before
    self.after = after
  }
}
