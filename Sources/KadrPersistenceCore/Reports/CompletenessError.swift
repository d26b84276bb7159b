import Foundation

/// Saving with ``CodingOptions/checksCompleteness`` found a registered codec that does not
/// handle every stored property of its model type: what the completeness report says of it.
///
/// It reaches the caller as the underlying error of a ``PersistenceError`` whose reason is
/// ``PersistenceError/Reason/codecFailure(underlying:)``.
public struct CompletenessError: Error, Sendable, LocalizedError, CustomStringConvertible {
  /// The report's entries of the incomplete codecs.
  public let entries: [CompletenessReport.Entry]

  /// What is wrong: the incomplete codecs and what each forgets.
  public var errorDescription: String? {
    let lines = entries.map { entry in
      let problems =
        entry.unknownProperties.map { "forgets \($0)" }
        + entry.vanishedProperties.map { "lists \($0), which the type no longer has" }
        + entry.unsetInMaximalSamples.map { "its maximal samples leave \($0) unset" }
        + entry.roundTripDifferences
      return "\(entry.codecType ?? entry.modelType) (kind '\(entry.kindID.rawValue)'): "
        + problems.joined(separator: "; ")
    }
    return "The registry is incomplete: " + lines.joined(separator: ". ") + "."
  }

  /// How to fix it.
  public var recoverySuggestion: String? {
    "Run `kadr-doc completeness` or CodecRegistry.completenessReport() for the fix of each; "
      + "the same check runs in tests through KadrPersistenceTesting."
  }

  /// The same text as ``errorDescription``.
  public var description: String { errorDescription ?? "incomplete registry" }
}
