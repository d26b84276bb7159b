import KadrPersistence

/// Which side each conflict of a merge keeps: a choice per conflict, and a side for the
/// conflicts not chosen.
///
/// An app shows the conflicts a save met (``MergeConflict/sentence``), lets the person keep
/// theirs or the other editor's value for each, and merges again with the choices:
///
/// ```swift
/// var choices = ConflictChoices()
/// for conflict in conflicts { choices.keep(.theirs, for: conflict) }
/// let merged = try differ.merge(base: base, ours: mine, theirs: other, choosing: choices)
/// ```
///
/// A conflict is named by its ``MergeConflict/id``, so choices made for one merge apply to the
/// same clash when the merge runs again (after another editor saved once more, say); a clash
/// that is new stays open (``MergeResult/openConflicts``) for the person to decide.
public struct ConflictChoices: Sendable, Hashable, Codable {
  /// The side kept for each chosen conflict, by ``MergeConflict/id``.
  public private(set) var sides: [MergeConflict.ID: MergeSide]
  /// The side kept for a conflict that has no choice; `nil` leaves such a conflict open
  /// (resolved to ours for now, and listed in ``MergeResult/openConflicts``).
  public var otherwise: MergeSide?

  /// Choices with no conflict chosen yet.
  ///
  /// - Parameter otherwise: The side for conflicts without a choice; `nil` (the default)
  ///   leaves them open.
  public init(otherwise: MergeSide? = nil) {
    self.sides = [:]
    self.otherwise = otherwise
  }

  /// Every conflict resolved to one side (what `merge(…, preferring:)` does).
  ///
  /// - Parameter side: The side every conflict keeps.
  /// - Returns: The choices.
  public static func keepingAll(_ side: MergeSide) -> ConflictChoices {
    ConflictChoices(otherwise: side)
  }

  /// Keeps one side of a conflict.
  ///
  /// - Parameters:
  ///   - side: ``MergeSide/ours`` to keep this editor's value, ``MergeSide/theirs`` for the
  ///     other editor's.
  ///   - conflict: The conflict, as a merge or a refused save reported it.
  public mutating func keep(_ side: MergeSide, for conflict: MergeConflict) {
    sides[conflict.id] = side
  }

  /// These choices with one more.
  ///
  /// - Parameters:
  ///   - side: The side to keep.
  ///   - conflict: The conflict.
  /// - Returns: The choices, with `conflict` resolved to `side`.
  public func keeping(_ side: MergeSide, for conflict: MergeConflict) -> ConflictChoices {
    var copy = self
    copy.keep(side, for: conflict)
    return copy
  }

  /// The side chosen for a conflict, or `nil` when it has none (``otherwise`` aside).
  ///
  /// - Parameter conflict: The conflict.
  /// - Returns: The chosen side.
  public func side(for conflict: MergeConflict) -> MergeSide? {
    sides[conflict.id]
  }

  /// Whether no conflict has a choice and none has a side by default.
  public var isEmpty: Bool { sides.isEmpty && otherwise == nil }
}
