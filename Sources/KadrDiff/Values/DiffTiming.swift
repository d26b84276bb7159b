import KadrPersistence

/// Where a clip sits on the timeline: its start in composition time and its duration.
public struct DiffTiming: Sendable, Hashable, Codable {
  /// The start in composition time, from the model's layout (`nil` when the layout does not
  /// place the clip).
  public let start: DiffTime?
  /// The clip's duration.
  public let duration: DiffTime

  /// Creates a timing.
  ///
  /// - Parameters:
  ///   - start: The start in composition time.
  ///   - duration: The duration.
  public init(start: DiffTime?, duration: DiffTime) {
    self.start = start
    self.duration = duration
  }
}
