import Foundation
import KadrPersistence

/// What one round trip of a value through a registry found: the value written, read back and
/// written again, compared by deep reflection and byte for byte.
///
/// ``PersistenceTestKit``'s `roundTrip` functions return it for inspection; its `assertRoundTrip`
/// functions throw a ``RoundTripFailure`` built from it when it is not exact.
public struct RoundTrip<Value: Sendable>: Sendable {
  /// The value given.
  public let original: Value
  /// The value read back from the written bytes.
  public let decoded: Value
  /// The canonical JSON text written for ``original``.
  public let text: String
  /// The canonical JSON text written again for ``decoded``; equal to ``text`` when saving is
  /// stable.
  public let reencodedText: String
  /// What writing ``original`` left out (`LossReport.losses`), and what it wrote back without
  /// understanding it (`LossReport.preserved`).
  public let lossReport: LossReport
  /// The payload versions other than 1 that were written, by kind.
  public let payloadVersions: [KindID: Int]
  /// The properties skipped by the comparison: those asked for, and the code-only fields the
  /// codecs reported as loss when loss was allowed.
  public let ignoredProperties: Set<String>
  /// Where ``decoded`` differs from ``original`` by deep reflection, as `path: expected ≠ actual`
  /// lines; empty when they are equal in every compared stored property.
  public let differences: [String]

  /// Whether writing the value again gave the same bytes.
  public var isStable: Bool { text == reencodedText }

  /// Whether the round trip lost nothing that was compared and saving is stable.
  public var isExact: Bool { differences.isEmpty && isStable }
}

/// A round trip that was not exact: a difference, unstable bytes, or loss that was not allowed.
///
/// Its ``description`` says everything a failing test needs: the differences, the losses, and the
/// JSON that was written.
public struct RoundTripFailure: Error, Sendable, CustomStringConvertible, LocalizedError {
  /// What went wrong, in order of importance.
  public enum Problem: Sendable, Hashable {
    /// Writing lost content and loss was not allowed.
    case lossy([Loss])
    /// The decoded value differs from the original.
    case differences([String])
    /// Writing the decoded value again gave other bytes.
    case unstable(first: String, second: String)
  }

  /// The problems found.
  public let problems: [Problem]
  /// The JSON written for the original value, when any was.
  public let text: String?

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - problems: The problems found.
  ///   - text: The JSON written, if any.
  public init(problems: [Problem], text: String?) {
    self.problems = problems
    self.text = text
  }

  /// One block per problem, then the JSON written.
  public var description: String {
    var lines = ["Round trip failed:"]
    for problem in problems {
      switch problem {
      case .lossy(let losses):
        lines.append("  saving loses content (pass allowingLoss: true if that is expected):")
        lines += losses.map { "    - \($0)" }
      case .differences(let differences):
        lines.append("  the value read back differs (by reflection):")
        lines += differences.map { "    - \($0)" }
      case .unstable(let first, let second):
        lines.append("  saving the value read back gives other bytes:")
        lines.append("    first:  \(first)")
        lines.append("    second: \(second)")
      }
    }
    if let text { lines.append("  written: \(text)") }
    return lines.joined(separator: "\n")
  }

  /// The same as ``description``.
  public var errorDescription: String? { description }
}
