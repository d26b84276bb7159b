import Foundation

/// A marker on the timeline or on a clip: a named point or range, as professional editors place
/// them to note a moment, a chapter of the exported movie, or something left to do.
///
/// ```swift
/// let video = Video { intro; talk }
///   .marker(Marker("Act two", at: Time(seconds: 42), kind: .chapter))
/// let clip = VideoClip(url: url)
///   .marker(Marker("Fix the colour", at: .zero, kind: .toDo(completed: false)))
/// ```
///
/// A marker on the composition counts from its start; one on a clip counts in the clip's own
/// time (after trim, before speed), as its animations do.
public struct Marker: Sendable, Hashable {
  /// What a marker is for.
  public enum Kind: Sendable, Hashable {
    /// A note at a moment (Final Cut Pro's standard marker).
    case standard
    /// The start of a chapter of the exported movie.
    case chapter
    /// Something left to do, done once `completed`.
    case toDo(completed: Bool)
  }

  /// The marker's name, as an editor shows it.
  public package(set) var name: String
  /// Where it is: from the composition's start, or in the clip's own time.
  public package(set) var start: Time
  /// How long it lasts; `.zero` for a point (editors give a marker one frame).
  public package(set) var duration: Time
  /// What it is for.
  public package(set) var kind: Kind
  /// A longer note; `nil` for none.
  public package(set) var note: String?

  /// Creates a marker.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - start: Where it is.
  ///   - duration: How long it lasts; a point by default.
  ///   - kind: What it is for; ``Kind/standard`` by default.
  ///   - note: A longer note; none by default.
  public init(
    _ name: String, at start: Time, duration: Time = .zero, kind: Kind = .standard,
    note: String? = nil
  ) {
    self.name = name
    self.start = start
    self.duration = duration
    self.kind = kind
    self.note = note
  }

  /// Returns a copy with `note` as its note.
  ///
  /// - Parameter note: The note.
  public func note(_ note: String) -> Marker {
    var copy = self
    copy.note = note
    return copy
  }

  /// Returns a copy of a to-do marker marked done (or not); another marker becomes a to-do.
  ///
  /// - Parameter completed: Whether the work is done.
  public func completed(_ completed: Bool = true) -> Marker {
    var copy = self
    copy.kind = .toDo(completed: completed)
    return copy
  }
}
