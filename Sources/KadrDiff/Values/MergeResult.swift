import KadrPersistence

/// A three-way merge: the merged document, opened to prove it valid, and its conflicts.
public struct MergeResult: Sendable {
  /// The merged document.
  public let document: KadrDocument
  /// The merged composition, decoded from ``document`` (image tokens unresolved).
  public let video: Video
  /// The store to save ``video`` back with, so its image tokens are written unchanged.
  public let imageStore: any ImageStore
  /// Every conflict, each resolved to the side asked for.
  public let conflicts: [MergeConflict]

  /// Creates a merge result.
  ///
  /// - Parameters:
  ///   - document: The merged document.
  ///   - video: The composition decoded from it.
  ///   - imageStore: The store to save it back with.
  ///   - conflicts: The conflicts.
  public init(
    document: KadrDocument, video: Video, imageStore: any ImageStore, conflicts: [MergeConflict]
  ) {
    self.document = document
    self.video = video
    self.imageStore = imageStore
    self.conflicts = conflicts
  }

  /// Whether both sides changed something the same way or not at all.
  public var isClean: Bool { conflicts.isEmpty }
}
