import Foundation

extension PersistenceError {
  /// The error for bytes the strict JSON reader refused, keeping its pointer and position.
  ///
  /// - Parameter error: The reader's error.
  public init(_ error: JSONReadError) {
    switch error.kind {
    case .tooDeep(let limit):
      self.init(.tooDeep(limit: limit), at: error.pointer)
    case .documentTooLarge(let limit):
      self.init(
        .limitExceeded("The document is larger than the limit of \(limit) bytes"), at: .root)
    case .stringTooLong(let limit):
      self.init(
        .limitExceeded("A string is longer than the limit of \(limit) bytes"), at: error.pointer)
    default:
      self.init(
        .malformedJSON(
          detail: error.errorDescription ?? "malformed JSON", line: error.line, column: error.column
        ),
        at: error.pointer)
    }
  }

  /// The error for a tree the JSON writer refused.
  ///
  /// - Parameter error: The writer's error.
  public init(_ error: JSONWriteError) {
    switch error {
    case .nonFiniteNumber(let pointer):
      self.init(.nonFiniteNumber(field: pointer.lastKey ?? "number"), at: pointer)
    case .tooDeep(let limit, let pointer):
      self.init(.tooDeep(limit: limit), at: pointer)
    }
  }
}
