import Foundation

/// Why two compositions could not be compared or merged.
///
/// Match on ``reason``; new reasons may be added, so a `switch` over it needs a `default`.
public struct DiffError: Error, Sendable, Hashable, LocalizedError {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The JSON is not a document: no object with a composition in it.
    case notADocument
    /// A list in the document does not have one entry per value of the composition decoded
    /// from it (a value was left out when it was written).
    case unaligned(pointer: String)
  }

  /// What went wrong.
  public let reason: Reason

  /// Creates an error.
  ///
  /// - Parameter reason: What went wrong.
  public init(_ reason: Reason) {
    self.reason = reason
  }

  /// What went wrong, in a sentence.
  public var errorDescription: String? {
    switch reason {
    case .notADocument:
      "The value is not a kadr document: it has no composition object."
    case .unaligned(let pointer):
      "The list at \(pointer) does not have one entry per value of the composition."
    }
  }

  /// How to fix it.
  public var recoverySuggestion: String? {
    switch reason {
    case .notADocument:
      "Compare documents written by KadrCoder (a JSON object with 'schema' and 'video')."
    case .unaligned:
      "Save the composition without loss (every clip and overlay kind registered), then compare."
    }
  }
}

extension DiffError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the reason's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
