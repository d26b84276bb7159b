import KadrPersistence

/// One value of a list being compared or merged: its identity, its JSON and, for clips, where
/// it sits on the timeline.
///
/// A class: records are passed around and looked at, never changed, and copying a struct of
/// this size was 5.5 % of a kadr-bench --diff profile (10,000 clips).
final class Record: Sendable {
  /// The identity key: `id:<clipID>`, `media:<url>@<in-point>#<kind>`, or the kind alone
  /// (equal keys are told apart by their order; see ``ListMatcher``).
  let key: String
  /// A name a person recognises.
  let label: String
  /// The kind id, the single key of a tagged entry.
  let kindID: String?
  /// Where the value is in its document.
  let pointer: JSONPointer
  /// A clip's index path in the nested clip lists (as `TimelineLayout.Entry.path`); the
  /// index alone for other values.
  let path: [Int]
  /// The value's JSON as written (for tracks, with their children).
  let entry: JSONValue
  /// What is compared field by field: ``entry`` without a track's child list.
  let content: JSONValue
  /// The clip's place on the timeline.
  let timing: DiffTiming?
  /// A video clip's trim range start and duration, to tell a retime from another change.
  let trim: [Time]?
  /// A track's clips; `nil` for anything that is not a track.
  let children: [Record]?

  init(
    key: String, label: String, kindID: String?, pointer: JSONPointer, path: [Int],
    entry: JSONValue, content: JSONValue, timing: DiffTiming? = nil, trim: [Time]? = nil,
    children: [Record]? = nil
  ) {
    self.key = key
    self.label = label
    self.kindID = kindID
    self.pointer = pointer
    self.path = path
    self.entry = entry
    self.content = content
    self.timing = timing
    self.trim = trim
    self.children = children
  }
}
