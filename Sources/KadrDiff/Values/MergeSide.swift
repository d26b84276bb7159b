import KadrPersistence

/// Which side a conflict is resolved to.
public enum MergeSide: String, Sendable, Hashable, Codable, CaseIterable {
  /// The current branch's version (git's `%A`).
  case ours
  /// The other branch's version (git's `%B`).
  case theirs
}
