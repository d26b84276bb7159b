import Foundation
import KadrPersistence

/// The edits waiting for an autosave, kept in the library's `Locked` box.
///
/// Edits are ordered by numbers and timed by the monotonic clock, never by wall clocks: a clock
/// stepped back, or a save stamped by another machine's clock, must not make an edit look stale.
struct AutosaveState {
  /// One project's newest unsaved state.
  struct Pending: Sendable {
    var video: Video
    /// The library's metadata, erased so this non-generic state can hold it.
    var metadata: any Sendable
    var thumbnail: ThumbnailChange
    /// The edit's number (``AutosaveState/generation`` when it was scheduled).
    var edit: Int
    /// The project's ``AutosaveState/dropped`` count when the edit was scheduled; an explicit
    /// save, a delete or a discard since then makes the edit stale.
    var dropped: Int
    /// When the edit was made.
    var scheduled: ContinuousClock.Instant
    /// The project's revision this library last opened, created, saved or recovered when the
    /// edit was made; an autosave is not written over a later revision another process saved.
    /// `nil` when this library has not seen the project.
    var basedOn: Int?
  }

  /// The newest state of each project with edits not yet autosaved.
  var pending: [ProjectID: Pending] = [:]
  /// Bumped by every scheduled edit: each edit's number, and an autosave timer whose
  /// generation is stale does nothing.
  var generation = 0
  /// When the oldest edit not yet autosaved was made; edits that never pause are written
  /// once it is ten autosave delays old.
  var unsavedSince: ContinuousClock.Instant?
  /// The number of the newest edit already autosaved, per project: two flushes running at
  /// once must not write an older edit over a newer one.
  var written: [ProjectID: Int] = [:]
  /// How many times each project's pending edit was dropped by an explicit save, a delete or
  /// a discard of its autosaves.
  var dropped: [ProjectID: Int] = [:]
  /// The revision of each project this library last opened, created, saved or recovered.
  var seen: [ProjectID: Int] = [:]
}
