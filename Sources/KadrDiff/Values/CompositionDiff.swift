import KadrPersistence

/// What changed between two compositions, as a value: every change a person would name.
///
/// Built by ``CompositionDiffer/diff(from:to:)-(KadrDocument,KadrDocument)``; `Codable` with a
/// stable shape (``formatVersion``), which `kadr-doc diff --json` prints.
public struct CompositionDiff: Sendable, Hashable, Codable {
  /// The version of this value's encoded shape.
  public static let formatVersion = 1

  /// The version of the encoded shape.
  public let version: Int
  /// The after composition's frame rate, for timecodes.
  public let frameRate: Int
  /// The changes, clips first (depth first, in after order, removed ones where they were),
  /// then overlays, audio tracks, captions and composition fields.
  public let changes: [DiffChange]
  /// How many matched values have no change at all.
  public let unchangedCount: Int

  /// Creates a diff.
  ///
  /// - Parameters:
  ///   - frameRate: The after composition's frame rate.
  ///   - changes: The changes.
  ///   - unchangedCount: How many matched values have no change.
  public init(frameRate: Int, changes: [DiffChange], unchangedCount: Int) {
    self.version = CompositionDiff.formatVersion
    self.frameRate = frameRate
    self.changes = changes
    self.unchangedCount = unchangedCount
  }

  /// Whether the two compositions are the same.
  public var isEmpty: Bool { changes.isEmpty }

  /// How many changes are of `kind`.
  ///
  /// - Parameter kind: The kind of change.
  /// - Returns: The count.
  public func count(of kind: DiffChange.Kind) -> Int {
    changes.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }

  /// The changes of `subject`.
  ///
  /// - Parameter subject: The kind of value.
  /// - Returns: The changes, in order.
  public func changes(of subject: DiffChange.Subject) -> [DiffChange] {
    changes.filter { $0.subject == subject }
  }
}
