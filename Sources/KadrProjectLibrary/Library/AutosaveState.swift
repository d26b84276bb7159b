import Foundation
import KadrPersistence

/// The edits waiting for an autosave, kept in the library's `Locked` box.
struct AutosaveState {
  /// One project's newest unsaved state.
  struct Pending: Sendable {
    var video: Video
    /// The library's metadata, erased so this non-generic state can hold it.
    var metadata: any Sendable
    var thumbnail: PlatformImage?
    /// When the edit was made; an explicit save after it makes it stale.
    var scheduled: Date
  }

  /// The newest state of each project with edits not yet autosaved.
  var pending: [ProjectID: Pending] = [:]
  /// Bumped by every scheduled edit; an autosave timer whose generation is stale does nothing.
  var generation = 0
  /// When the oldest edit not yet autosaved was made; edits that never pause are written
  /// once it is ten autosave delays old.
  var unsavedSince: Date?
  /// When the newest edit already autosaved was made, per project: two flushes running at once
  /// must not write an older edit over a newer one.
  var written: [ProjectID: Date] = [:]
}
