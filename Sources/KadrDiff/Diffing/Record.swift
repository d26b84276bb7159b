import KadrPersistence

/// One value of a list being compared or merged: its identity, its JSON and, for clips, where
/// it sits on the timeline.
struct Record: Sendable {
  /// The identity key: `id:<clipID>`, `media:<url>@<in-point>#<kind>`, or the kind alone
  /// (equal keys are told apart by their order; see ``ListMatcher``).
  var key: String
  /// A name a person recognises.
  var label: String
  /// The kind id, the single key of a tagged entry.
  var kindID: String?
  /// Where the value is in its document.
  var pointer: JSONPointer
  /// A clip's index path in the nested clip lists (as `TimelineLayout.Entry.path`); the
  /// index alone for other values.
  var path: [Int]
  /// The value's JSON as written (for tracks, with their children).
  var entry: JSONValue
  /// What is compared field by field: ``entry`` without a track's child list.
  var content: JSONValue
  /// The clip's place on the timeline.
  var timing: DiffTiming?
  /// A video clip's trim range start and duration, to tell a retime from another change.
  var trim: [Time]?
  /// A track's clips; `nil` for anything that is not a track.
  var children: [Record]?
}
