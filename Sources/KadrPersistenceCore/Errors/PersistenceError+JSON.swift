import Foundation

extension PersistenceError {
  /// The error for bytes the strict JSON reader refused, keeping its pointer and position.
  ///
  /// - Parameter error: The reader's error.
  package init(_ error: JSONReadError) {
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
  package init(_ error: JSONWriteError) {
    switch error {
    case .nonFiniteNumber(let pointer):
      self.init(.nonFiniteNumber(field: pointer.lastKey ?? "number"), at: pointer)
    case .tooDeep(let limit, let pointer):
      self.init(.tooDeep(limit: limit), at: pointer)
    }
  }
}

extension PersistenceError {
  /// The error for a tree the writer refused while it was written at `base`.
  ///
  /// - Parameters:
  ///   - error: The writer's error, whose pointer is relative to the tree.
  ///   - base: Where the tree was being written.
  init(_ error: JSONWriteError, under base: JSONPointer) {
    var pointer = base
    for component in error.pointer.components { pointer = pointer.appending(component) }
    switch error {
    case .nonFiniteNumber:
      self.init(.nonFiniteNumber(field: pointer.lastKey ?? "number"), at: pointer)
    case .tooDeep(let limit, _):
      self.init(.tooDeep(limit: limit), at: pointer)
    }
  }
}
