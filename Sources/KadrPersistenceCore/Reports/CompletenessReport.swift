import Foundation

/// For every registered model type: which stored properties its codec writes, which it
/// deliberately leaves out (and why), and whether a round trip of its samples proves it.
///
/// Built by ``CodecRegistry/completenessReport()``. A versioned `Codable` value with a human
/// rendering (``rendered()``); `kadr-doc completeness` prints it and the tests assert it clean.
public struct CompletenessReport: Sendable, Hashable, Codable {
  /// The version of this report's shape.
  public static let currentVersion = 1

  /// What the report found for one codec.
  public struct Entry: Sendable, Hashable, Codable {
    /// The extension point.
    public let extensionPoint: ExtensionPoint
    /// The kind id.
    public let kindID: KindID
    /// The model type's name.
    public let modelType: String
    /// The codec type's name; `nil` in a report read from JSON written before it was recorded.
    public let codecType: String?
    /// Whether the codec is a ``FieldListCodec``, for the fix a forgotten property needs.
    let declaresFields: Bool?
    /// The codec's current payload version.
    public let payloadVersion: Int
    /// Every property the manifest accounts for, with its key or its reason.
    public let manifest: [FieldManifest.Entry]
    /// Stored properties the manifest does not mention: forgotten by the codec.
    public let unknownProperties: [String]
    /// Properties the manifest names that the model no longer has.
    public let vanishedProperties: [String]
    /// Properties that no maximal sample sets, so the round trip cannot prove them.
    public let unsetInMaximalSamples: [String]
    /// Where a sample differs after a round trip, by deep reflection.
    public let roundTripDifferences: [String]

    /// The forgotten property `name`, for its sentence; `nil` without the codec's name.
    func forgotten(_ name: String) -> ForgottenProperty? {
      codecType.map {
        ForgottenProperty(
          modelType: ForgottenProperty.shortName(modelType), property: name,
          codecType: ForgottenProperty.shortName($0), declaresFields: declaresFields ?? false)
      }
    }

    /// Whether the codec handles every stored property, provably.
    public var isComplete: Bool {
      unknownProperties.isEmpty && vanishedProperties.isEmpty && unsetInMaximalSamples.isEmpty
        && roundTripDifferences.isEmpty
    }
  }

  /// The version of this report's shape.
  public let version: Int
  /// One entry per registered codec, sorted by extension point and kind id.
  public let entries: [Entry]

  /// Creates a report.
  ///
  /// - Parameter entries: The entries.
  public init(entries: [Entry]) {
    self.version = CompletenessReport.currentVersion
    self.entries = entries
  }

  /// Whether every entry is complete.
  public var isComplete: Bool { entries.allSatisfy(\.isComplete) }

  /// The incomplete entries.
  public var incompleteEntries: [Entry] { entries.filter { !$0.isComplete } }

  /// A readable rendering: one block per codec, problems first.
  public func rendered() -> String {
    var lines: [String] = []
    let complete = entries.filter(\.isComplete).count
    lines.append(
      "Completeness: \(complete) of \(entries.count) registered type(s) complete"
        + (isComplete ? "." : " — \(entries.count - complete) incomplete."))
    for entry in entries {
      let mark = entry.isComplete ? "ok  " : "FAIL"
      let encoded = entry.manifest.filter { $0.key != nil }.count
      let version = entry.payloadVersion == 1 ? "" : ", payload v\(entry.payloadVersion)"
      lines.append(
        "\(mark) \(entry.extensionPoint) '\(entry.kindID)' (\(entry.modelType)\(version)): "
          + "\(encoded) field(s) encoded")
      for field in entry.manifest where field.key == nil {
        lines.append("       not encoded: \(field.property) — \(field.reason ?? "no reason given")")
      }
      for name in entry.unknownProperties {
        lines.append("       FORGOTTEN: stored property '\(name)' is not in the manifest")
        if let fix = entry.forgotten(name) { lines.append("         \(fix.sentence)") }
      }
      for name in entry.vanishedProperties {
        lines.append("       VANISHED: the manifest names '\(name)', which the type does not have")
      }
      for name in entry.unsetInMaximalSamples {
        lines.append("       UNPROVED: no maximal sample sets '\(name)'")
      }
      for difference in entry.roundTripDifferences {
        lines.append("       ROUND TRIP: \(difference)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
