import Foundation
import KadrPersistence

extension PersistenceTestKit {
  /// The registry's completeness report, restricted to `kinds`.
  ///
  /// A kind id names every codec registered under it, at any extension point (`image` is both a
  /// clip and an overlay kind).
  /// - Parameters:
  ///   - registry: The registry, usually the standard one merged with the plugin's fragment, so
  ///     that samples holding built-in content round-trip.
  ///   - kinds: The kind ids to report on.
  /// - Returns: The entries of those kinds, in the report's order.
  public static func completeness(of registry: CodecRegistry, kinds: [KindID])
    -> CompletenessReport
  {
    let wanted = Set(kinds)
    return CompletenessReport(
      entries: registry.completenessReport().entries.filter { wanted.contains($0.kindID) })
  }

  /// Checks that the codecs of `kinds` handle every stored property of their models, provably.
  ///
  /// - Parameters:
  ///   - registry: The registry.
  ///   - kinds: The kind ids to check; each must be registered.
  /// - Returns: The report, for further checks.
  /// - Throws: ``CompletenessFailure`` whose description is the rendered report, when an entry is
  ///   incomplete or a kind is not registered.
  @discardableResult
  public static func assertComplete(_ registry: CodecRegistry, kinds: [KindID])
    throws -> CompletenessReport
  {
    let report = completeness(of: registry, kinds: kinds)
    let found = Set(report.entries.map(\.kindID))
    let missing = kinds.filter { !found.contains($0) }
    guard report.isComplete, missing.isEmpty else {
      throw CompletenessFailure(report: report, missingKinds: missing)
    }
    return report
  }

  /// Checks every kind a module registers, inside `base` merged with the module's fragment.
  ///
  /// - Parameters:
  ///   - module: The plugin's module.
  ///   - base: The registry its samples need (the standard one by default).
  /// - Returns: The report of the module's kinds.
  /// - Throws: `RegistryError` when the module conflicts with `base`, or ``CompletenessFailure``.
  @discardableResult
  public static func assertComplete(
    _ module: any RegistryModule.Type, mergedInto base: CodecRegistry = .standard
  ) throws -> CompletenessReport {
    let fragment = try module.fragment()
    let kinds = ExtensionPoint.allCases.flatMap { fragment.kindIDs(at: $0) }
    return try assertComplete(base.merging(fragment), kinds: kinds)
  }
}

/// Codecs that do not provably handle every stored property of their models, or kinds that are
/// not registered.
///
/// Its ``description`` is the rendered completeness report of the kinds checked, followed by the
/// kinds that are missing, so a failing test prints exactly what to fix.
public struct CompletenessFailure: Error, Sendable, CustomStringConvertible, LocalizedError {
  /// The report of the kinds checked.
  public let report: CompletenessReport
  /// The kinds asked for that no codec is registered for.
  public let missingKinds: [KindID]

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - report: The report of the kinds checked.
  ///   - missingKinds: The kinds with no codec.
  public init(report: CompletenessReport, missingKinds: [KindID] = []) {
    self.report = report
    self.missingKinds = missingKinds
  }

  /// The rendered report, then one line per missing kind.
  public var description: String {
    ([report.rendered()]
      + missingKinds.map { "FAIL '\($0)': no codec is registered for this kind id" })
      .joined(separator: "\n")
  }

  /// The same as ``description``.
  public var errorDescription: String? { description }
}
