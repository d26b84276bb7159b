import Foundation
import KadrPersistence

/// One save in a project's revision history, as its store keeps it, for a package that carries
/// the history (``ProjectStore/storedProject(_:includingHistory:)``).
///
/// The document is read when the export writes it, so a long history is never in memory at once.
public struct StoredRevision<Metadata: ProjectMetadata>: Sendable {
  /// Its number: 0 is the create, each save adds one.
  public var revision: Int
  /// When it was saved.
  public var saved: Date
  /// The app's metadata saved with it, migrated.
  public var metadata: Metadata
  /// The version its metadata was written by.
  public var metadataVersion: Int
  /// Its document's facts, when the store kept them.
  public var facts: DocumentFacts?
  /// Reads its document as saved, whose image tokens the project's
  /// ``StoredProject/images`` resolves.
  public var document: @Sendable () throws -> Data

  /// Creates a revision.
  ///
  /// - Parameters:
  ///   - revision: Its number.
  ///   - saved: When it was saved.
  ///   - metadata: The metadata saved with it.
  ///   - metadataVersion: The version its metadata was written by.
  ///   - facts: Its document's facts, if kept.
  ///   - document: Reads its document as saved.
  public init(
    revision: Int, saved: Date, metadata: Metadata, metadataVersion: Int, facts: DocumentFacts?,
    document: @escaping @Sendable () throws -> Data
  ) {
    self.revision = revision
    self.saved = saved
    self.metadata = metadata
    self.metadataVersion = metadataVersion
    self.facts = facts
    self.document = document
  }
}
