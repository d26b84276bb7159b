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
  /// The conflicts no choice covered (``ConflictChoices/otherwise`` was `nil`): resolved to
  /// ours for now, for the person to decide.
  public let openConflicts: [MergeConflict]

  /// Creates a merge result.
  ///
  /// - Parameters:
  ///   - document: The merged document.
  ///   - video: The composition decoded from it.
  ///   - imageStore: The store to save it back with.
  ///   - conflicts: The conflicts.
  ///   - openConflicts: The conflicts no choice covered; none by default.
  public init(
    document: KadrDocument, video: Video, imageStore: any ImageStore, conflicts: [MergeConflict],
    openConflicts: [MergeConflict] = []
  ) {
    self.document = document
    self.video = video
    self.imageStore = imageStore
    self.conflicts = conflicts
    self.openConflicts = openConflicts
  }

  init(
    document: KadrDocument, video: Video, imageStore: any ImageStore, conflicts: [MergeConflict],
    open: Set<MergeConflict.ID>
  ) {
    self.init(
      document: document, video: video, imageStore: imageStore, conflicts: conflicts,
      openConflicts: conflicts.filter { open.contains($0.id) })
  }

  /// Whether both sides changed something the same way or not at all.
  public var isClean: Bool { conflicts.isEmpty }

  /// Whether every conflict was resolved by a choice (or there was none).
  public var isDecided: Bool { openConflicts.isEmpty }
}
