import Foundation

/// A saved document: its bytes and what saving left out.
package struct EncodedDocument: Sendable {
  /// The canonical bytes.
  package let bytes: Data
  /// What was left out (only with ``CodingOptions/allowingLoss``) and what was written back
  /// without being understood.
  package let lossReport: LossReport
  /// Every kind id written, when the save asked for them; empty otherwise.
  package var kinds: Set<KindID> = []
  /// The schema written: 1, or 2 for a document with professional timeline facts.
  package var schema = DocumentEnvelope.currentSchema
}

/// An opened document: the composition and what was learnt opening it.
public struct DecodedDocument<Root: Sendable>: Sendable {
  /// The composition.
  public let root: Root
  /// The schema the document had before migration.
  public let schema: Int
  /// Content kept verbatim without being understood (with `preservingUnknown`).
  public let preserved: [PreservedContent]
  /// The store to save the composition back with: the one it was opened with.
  public let imageStore: (any ImageStore)?
  /// Tokens carried through as placeholders, when it was opened with an
  /// ``UnresolvedImageStore``.
  public let unresolvedTokens: [String]
  /// Every kind id read, when the open was asked to list them
  /// (``DocumentCoder/decode(_:from:images:recordingKinds:)``); empty otherwise.
  package var kinds: Set<KindID> = []
}
