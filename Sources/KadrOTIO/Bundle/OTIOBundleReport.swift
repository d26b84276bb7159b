import Foundation
import KadrPersistence

/// What ``OTIOExporter/writeBundle(_:to:images:)`` put in a bundle, and what it left out.
public struct OTIOBundleReport: Sendable, Hashable {
  /// One local file copied into the bundle.
  public struct Media: Sendable, Hashable {
    /// The file the timeline referenced.
    public let source: URL
    /// Its name in the bundle's `media/` folder.
    public let name: String
    /// Its size in bytes.
    public let bytes: Int
  }

  /// Every file copied into the bundle, in the timeline's order: a tool says what it bundled,
  /// since a bundle is often sent to someone else.
  public let media: [Media]
  /// What was left out (only when loss is allowed).
  public let losses: [Loss]
  /// What was written back without being understood.
  public let preserved: [PreservedContent]

  /// The report as a loss report.
  public var lossReport: LossReport { LossReport(losses: losses, preserved: preserved) }
}
