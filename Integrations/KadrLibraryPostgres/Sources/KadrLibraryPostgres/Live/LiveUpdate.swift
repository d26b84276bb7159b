// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence

  /// What a live session's composition became, and why: another editor's edit arrived, one of
  /// this app's edits was committed, or this app's edits were rebased onto others'.
  ///
  /// A timeline view animates ``changes`` and shows ``conflicts``; ``video`` is always the whole
  /// composition as this editor sees it (the session's log with this app's unacknowledged edits
  /// on top), so an update that was dropped from a slow reader loses nothing but an animation.
  public struct LiveUpdate: Sendable {
    /// Why the composition changed.
    public enum Cause: Sendable, Hashable {
      /// Another editor's edit, the log's `sequence`-th.
      case edit(editor: String, sequence: Int64)
      /// This app's edit `edit` (the number ``LiveSession/commit(_:)`` returned) is committed,
      /// as the log's `sequence`-th: it, and every edit of this app numbered before it that
      /// was not taken back (``rejected(edits:sequence:reason:)``), is durable from now on.
      case acknowledged(edit: Int64, sequence: Int64)
      /// The log's `sequence`-th edit did not fit the composition (a row no editor of this
      /// package wrote, or an edit taken back that reached the log) and was skipped, by every
      /// editor alike.
      case skipped(sequence: Int64, reason: String)
      /// This app's edits numbered `edits` were taken back: once the log's `sequence`-th edit
      /// (another editor's) came in, they no longer made a composition that opens (a plugin's
      /// rule between two fields each side changed, say), so ``LiveUpdate/video`` shows the
      /// log's composition without them. `reason` is the error, for a log; the app shows the
      /// person what went and may make the edits again. (One that was on its way to the server
      /// may still reach the log; every editor then reads it as the log's, skipped where it
      /// still does not fit.)
      case rejected(edits: ClosedRange<Int64>, sequence: Int64, reason: String)
      /// Who is in the session, or what they touch, changed (``LiveSession/presence``).
      case presence
    }

    /// Why the composition changed.
    public let cause: Cause
    /// The composition as this editor sees it now.
    public let video: Video
    /// The log's edits applied so far (this app's unacknowledged edits are on top of them).
    public let sequence: Int64
    /// This editor's values that the edit replaced (an edit both changed at once: the later in
    /// the server's order wins).
    public let conflicts: [LiveConflict]
    /// Every value the edit replaced, this editor's or another's (for a watcher).
    let allConflicts: [LiveConflict]
    /// The compositions before and after, for ``changes``; `before` is `nil` when nothing
    /// changed on screen.
    let before: LiveDocument?
    let after: LiveDocument
    let coder: KadrCoder

    /// What changed since the previous update, in ``KadrDiff``'s terms: added, removed, moved
    /// and changed clips with their times, for a timeline view to animate. Empty for an
    /// acknowledgement, which changes nothing on screen.
    ///
    /// Computed when read (it compares the two compositions, a cost in proportion to their
    /// length), so an app that only shows ``video`` pays nothing for it; read it once.
    public var changes: CompositionDiff {
      guard let before,
        let diff = try? CompositionDiffer(coder: coder).diff(
          from: KadrDocument(json: before.json), to: KadrDocument(json: after.json))
      else { return CompositionDiff(frameRate: 30, changes: [], unchangedCount: 0) }
      return diff
    }
  }

  /// A value this editor set that another editor replaced at the same moment: both changed the
  /// same property of the same clip (or overlay, track, caption, audio track), the server's
  /// order put theirs after, and theirs is what everyone sees now.
  ///
  /// Show ``sentence``; to put yours back, commit it again as a new edit.
  public struct LiveConflict: Sendable, Hashable {
    /// The property, its place, and both values (``MergeConflict/ours`` is the value that
    /// won, ``MergeConflict/theirs`` this editor's).
    public let conflict: MergeConflict
    /// The editor whose value won.
    public let editor: String
    /// The log position of the edit that won.
    public let sequence: Int64

    /// This editor's value, in the person's units.
    public var yours: String { conflict.theirsText }
    /// The value that won, in the person's units.
    public var kept: String { conflict.oursText }

    /// A sentence for the person: `Dana changed clip “Interview”, volume to 50 % at the same
    /// moment; your 80 % was replaced`.
    public var sentence: String {
      let subject =
        conflict.fieldName.isEmpty ? conflict.label : "\(conflict.label), \(conflict.fieldName)"
      return "\(editor) changed \(subject) to \(kept) at the same moment; your \(yours) was "
        + "replaced"
    }

    /// The same for someone watching: `clip “Interview”, volume: 80 % replaced by Dana's 50 %`.
    var watchedSentence: String {
      let subject =
        conflict.fieldName.isEmpty ? conflict.label : "\(conflict.label), \(conflict.fieldName)"
      return "\(subject): \(yours) replaced by \(editor)'s \(kept)"
    }
  }

  /// Who else is in a live session, and what they are touching: a hint that expires, never a
  /// lock.
  public struct LivePresence: Sendable, Hashable {
    /// The editor's name.
    public let editor: String
    /// The clip the editor is touching, if any.
    public let clip: ClipID?
    /// When the hint lapses unless the editor says it again.
    public let expires: Date
  }
#endif
