import Foundation

/// A line of text shown during a range of the composition, written at export as timed metadata.
public struct Caption: Sendable, Hashable {
  /// The caption's text.
  public let text: String
  /// When the caption is shown, in composition time.
  public let timeRange: TimeRange

  /// Creates a caption from all of its stored properties (kadr's own initialiser).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - timeRange: When it is shown.
  public init(text: String, timeRange: TimeRange) {
    self.text = text
    self.timeRange = timeRange
  }
}
