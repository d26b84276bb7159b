import Foundation

/// Why a JSON tree cannot be written, and where in it.
package enum JSONWriteError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
  /// A NaN or an infinity, which JSON cannot express, at the pointer.
  case nonFiniteNumber(pointer: JSONPointer)
  /// Arrays and objects nested deeper than the limit, at the pointer.
  case tooDeep(limit: Int, pointer: JSONPointer)

  /// Where in the tree the problem is.
  package var pointer: JSONPointer {
    switch self {
    case .nonFiniteNumber(let pointer), .tooDeep(_, let pointer): pointer
    }
  }

  /// What is wrong and where, in a sentence, followed by how to fix it.
  package var errorDescription: String? {
    let place = pointer.isRoot ? "The top-level value" : "The value at \(pointer)"
    let problem =
      switch self {
      case .nonFiniteNumber: "\(place) is NaN or infinite, which JSON cannot write."
      case .tooDeep(let limit, _):
        "\(place) is nested more than \(limit) arrays and objects deep."
      }
    return "\(problem) \(recoverySuggestion ?? "")"
  }

  /// How to make the tree writable.
  package var recoverySuggestion: String? {
    switch self {
    case .nonFiniteNumber:
      "Give that field a finite number before saving; look for a division by zero."
    case .tooDeep:
      "Nest less deeply, or raise JSONWriter.Options.maximumDepth (a reader needs the same limit)."
    }
  }

  /// The same text as ``errorDescription``.
  package var description: String { errorDescription ?? "" }
}
