import KadrPersistence

/// One change between two compositions: a clip, overlay, audio track or caption added,
/// removed, moved, retimed, shifted or modified, or a field of the composition itself.
public struct DiffChange: Sendable, Hashable, Codable {
  /// What happened to the value.
  ///
  /// A clip gets one kind, the first that applies in this order: moved, retimed, modified,
  /// shifted. Its ``DiffChange/fields`` and timings still say everything that changed.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Only on the after side.
    case added
    /// Only on the before side.
    case removed
    /// Its place among its siblings changed (it is outside the longest run of matched values
    /// that kept their relative order).
    case moved
    /// Its duration or its trim changed.
    case retimed
    /// A field other than its timing changed.
    case modified
    /// Nothing of it changed, but it starts at another time because something before it did.
    case shifted
  }

  /// What kind of value changed.
  public enum Subject: String, Sendable, Hashable, Codable, CaseIterable {
    /// A clip, transition or track, at any depth.
    case clip
    /// An overlay.
    case overlay
    /// A background audio track.
    case audioTrack
    /// A caption.
    case caption
    /// A field of the composition itself (preset, quality, crop).
    case composition
  }

  /// What happened.
  public let kind: Kind
  /// What kind of value it is.
  public let subject: Subject
  /// A name a person recognises: `clip “hero”`, `video a.mov`, `title`, `preset`.
  public let label: String
  /// The value's kind id (`video`, `title`, a plugin's id), where it has one.
  public let kindID: String?
  /// The value's JSON pointer in the before document, `nil` when added.
  public let beforePointer: String?
  /// The value's JSON pointer in the after document, `nil` when removed.
  public let afterPointer: String?
  /// The value's index path in the before composition (for a clip, as
  /// `TimelineLayout.Entry.path`), `nil` when added.
  public let beforePath: [Int]?
  /// The value's index path in the after composition, `nil` when removed.
  public let afterPath: [Int]?
  /// Where the clip starts and how long it lasts before, for clips.
  public let before: DiffTiming?
  /// Where the clip starts and how long it lasts after, for clips.
  public let after: DiffTiming?
  /// The fields that differ, for matched values.
  public let fields: [FieldChange]

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - subject: What kind of value it is.
  ///   - label: A name a person recognises.
  ///   - kindID: The value's kind id.
  ///   - beforePointer: The pointer in the before document.
  ///   - afterPointer: The pointer in the after document.
  ///   - beforePath: The index path in the before composition.
  ///   - afterPath: The index path in the after composition.
  ///   - before: The timing before.
  ///   - after: The timing after.
  ///   - fields: The fields that differ.
  public init(
    kind: Kind, subject: Subject, label: String, kindID: String? = nil,
    beforePointer: String? = nil, afterPointer: String? = nil, beforePath: [Int]? = nil,
    afterPath: [Int]? = nil, before: DiffTiming? = nil,
    after: DiffTiming? = nil, fields: [FieldChange] = []
  ) {
    self.kind = kind
    self.subject = subject
    self.label = label
    self.kindID = kindID
    self.beforePointer = beforePointer
    self.afterPointer = afterPointer
    self.beforePath = beforePath
    self.afterPath = afterPath
    self.before = before
    self.after = after
    self.fields = fields
  }
}
