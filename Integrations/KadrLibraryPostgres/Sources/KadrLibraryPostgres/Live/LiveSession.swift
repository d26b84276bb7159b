// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// One editor in the live session of a project: the composition as this editor sees it, the
  /// edits this app commits, and a stream of what the other editors do, as they do it.
  ///
  /// ```swift
  /// let session = try store.joinLiveSession(projectID, editor: "Dana")
  /// Task {
  ///   for await update in session.updates {
  ///     timeline.show(update.video, animating: update.changes)
  ///     for conflict in update.conflicts { banner.show(conflict.sentence) }
  ///   }
  /// }
  /// // Each edit as the person makes it: on screen at once, durable once acknowledged.
  /// try session.commit { video in
  ///   try video.updatingClip(id: "interview") { (clip: VideoClip) in clip.volume(0.5) }
  /// }
  /// ```
  ///
  /// **How it works.** The project's edits form a log in the store, ordered by the server: each
  /// is the few changes (a JSON Patch) from the composition the previous edit left, so changing
  /// one property of a 10,000-clip timeline writes a row of a few hundred bytes. An edit this app
  /// commits is applied here at once and sent in the background; it is acknowledged
  /// (``LiveUpdate/Cause/acknowledged(edit:sequence:)``) only after the server's `COMMIT`.
  /// Edits other editors committed meanwhile are applied under this app's unacknowledged ones,
  /// which are rebased onto them (KadrDiff's three-way merge, property by property), so this app
  /// never loses or reorders its own work and the screen never goes back to an older state.
  /// When two editors change the same property at once, the later in the server's order wins,
  /// and the other gets a ``LiveConflict`` with both values. Nothing locks.
  ///
  /// **Faults.** Notifications only say "read the log": a dropped, late or forged one changes
  /// nothing, and the session reads the log at least once a second anyway. A lost connection is
  /// opened again and what was missed is read from the log; an edit whose `COMMIT` answer was
  /// lost is found in the log by its number and acknowledged, never written twice.
  ///
  /// The session reads and writes on threads of its own (waiting on the server blocks, so it
  /// never takes a thread of Swift's cooperative pool); ``leave()`` ends them.
  public final class LiveSession: @unchecked Sendable {
    // @unchecked Sendable: every `var` below is read and written only under `lock` (also in
    // LiveSession+Threads.swift and LiveSession+Log.swift); the constants are Sendable.

    /// The project.
    public let project: ProjectID
    /// This editor's name, as the others see it.
    public let editor: String
    /// This session's identity in the log (a new one each time an app joins).
    public let id: UUID
    /// The composition's changes as they happen: other editors' edits, this app's
    /// acknowledgements. Holds the newest 256 an app has not read; an older one dropped for a
    /// slow reader gives its conflicts to the next update, so none goes unseen.
    public let updates: AsyncStream<LiveUpdate>

    let log: LiveLog
    /// A session that follows the log without editing: it never says it is present.
    let watching: Bool
    let coder: KadrCoder
    /// The store's images, read as ``LiveImages`` says.
    let images: LiveImages
    let continuation: AsyncStream<LiveUpdate>.Continuation
    let lock = NSRecursiveLock()
    let work = NSCondition()

    /// An edit of this app not yet acknowledged: its number and its changes from the
    /// composition before it (the log's, then each earlier pending edit's). After a squash
    /// (past ``maximumPendingEdits``, or before a rebase) one stands for every edit numbered up
    /// to its own.
    struct Pending {
      /// The number of the last edit it stands for (the one ``LiveSession/commit(_:)``
      /// returned), and of the first.
      var number: Int64
      var firstNumber: Int64
      var patch: LivePatch
      /// Other editors' values this edit replaced, found when it was rebased onto theirs.
      var conflicts: [LiveLog.Conflict]
      /// The images the edit brings that the store may lack, by token: written with the edit.
      var images: [(token: String, bytes: Data)] = []
    }

    /// The composition the log's first `confirmedSequence` edits make.
    var confirmed: LiveDocument
    var confirmedSequence: Int64
    /// This app's edits not yet acknowledged, oldest first; each applies to the one before.
    var pending: [Pending] = []
    /// `confirmed` with `pending` applied: what this editor sees.
    var local: LiveDocument
    var localVideo: Video
    var nextNumber: Int64 = 0
    var stopped = false
    var wanted = true
    var holding = false
    var lastFailure: (any Error)?
    /// The clip this editor says it touches, and whether the others have been told.
    var touching: ClipID?
    var touchingSaid = false
    var others: [LivePresence] = []
    /// The conflicts of updates the stream dropped (a slow reader), for the next update.
    var carried: (mine: [LiveConflict], all: [LiveConflict]) = ([], [])
    /// Whether this session's id sorts first among the editors present: that one compacts the
    /// log; the others only when it is overdue (its editor is gone, or stalled).
    var compacts = true
    /// When the others' presence was last read.
    var presenceRound: ContinuousClock.Instant?
    /// When this editor's presence was last said: said again a third of its lifetime later.
    var presenceSaid: ContinuousClock.Instant?

    /// How long a presence hint lasts unless said again; the session says it again every
    /// third of that while it is joined, so an editor that crashed is gone within it.
    static let presenceLifetime = 9.0

    /// The editor's name of an edit that brought in a save made outside the session.
    static let outsideEditor = "a save outside the live session"

    /// After how many edits (and at least ``compactionSpacing`` since the last) the log is
    /// written as the project's next revision; it also is once the session is idle for
    /// ``compactionPause``.
    static let compactionInterval: Int64 = 200
    static let compactionPause: Duration = .seconds(2)

    /// Writes the log through a position (with its composition) as the project's revision,
    /// unless the revision holds it to within the given number of edits.
    let compact: @Sendable (Int64, LiveDocument, Int64) throws -> LiveCompaction
    /// The log position the project's head revision holds, as last learnt.
    var revisionSequence: Int64
    /// When the log last changed here, or a compaction was last looked for.
    var lastActivity = ContinuousClock.now
    /// When this session last wrote a revision (or looked for one to write): while editors
    /// keep editing, at most one a ``compactionSpacing``. The first may come at once.
    var lastCompaction = ContinuousClock.now - LiveSession.compactionSpacing
    static let compactionSpacing: Duration = .seconds(30)

    init(
      log: LiveLog, editor: String, coder: KadrCoder, images: LiveImages,
      start: LiveDocument, startBytes: Data, sequence: Int64, watching: Bool,
      compact: @escaping @Sendable (Int64, LiveDocument, Int64) throws -> LiveCompaction
    ) throws {
      self.watching = watching
      self.compact = compact
      revisionSequence = sequence
      self.log = log
      self.project = log.project
      self.editor = editor
      self.id = log.session
      self.coder = coder
      self.images = images
      confirmed = start
      confirmedSequence = sequence
      local = start
      // `start` read from these bytes: opened from them, not from the document written again.
      localVideo = try coder.open(startBytes, images: images).root
      let stream = AsyncStream<LiveUpdate>.makeStream(bufferingPolicy: .bufferingNewest(256))
      updates = stream.stream
      continuation = stream.continuation
    }

    /// Reads the log up to now, then starts the threads that keep the session current.
    func start() throws {
      try pull()
      let worker = Thread { [self] in runWorker() }
      worker.name = "kadr-live-edits"
      worker.start()
      let listener = Thread { [self] in runListener() }
      listener.name = "kadr-live-listen"
      listener.start()
    }

    // MARK: What the app sees and does

    /// The composition as this editor sees it: the log's edits and, on top, this app's edits
    /// not yet acknowledged.
    public var video: Video { lock.withLock { localVideo } }

    /// The tokens of the images ``video`` shows as placeholders (a 1×1 transparent image)
    /// because the store could not give them when they were read: missing from the store, or
    /// the server out of reach at that moment. Each saves back under its token, so nothing is
    /// lost; joining again reads them again. Sorted.
    public var unresolvedImageTokens: [String] { images.unresolvedTokens }

    /// How many of the log's edits ``video`` holds.
    public var sequence: Int64 { lock.withLock { confirmedSequence } }

    /// How many of this app's edits are not yet acknowledged (sent, or waiting to be).
    public var unacknowledgedCount: Int { lock.withLock { pending.count } }

    /// The last error the session met talking to the server, while it retries; `nil` once a
    /// round of reading and sending went through.
    public var lastError: (any Error)? { lock.withLock { lastFailure } }

    /// The other editors in the session and the clip each is touching, as last read (at most
    /// a second ago while the session runs).
    public var presence: [LivePresence] { lock.withLock { others } }

    /// Tells the other editors which clip this one is touching (selected, dragged), or none: a
    /// hint that lapses when this editor leaves or stops answering. Nothing is locked.
    ///
    /// - Parameter clip: The clip, or `nil` for none.
    public func touch(_ clip: ClipID?) {
      lock.withLock {
        touching = clip
        touchingSaid = false
      }
      wake()
    }

    /// Commits an edit: `change` turns the composition as this editor sees it into the edited
    /// one, which is shown at once (``video``) and sent to the store in the background.
    ///
    /// Run as one step with the session's state, so no other editor's edit can slip in between
    /// reading the composition and changing it. Use kadr's edits
    /// (`updatingClip(id:_:)`, `insertingClip(_:after:)`, `removingClip(id:)`, …), which return
    /// changed values. `change` must not call the session.
    ///
    /// - Parameter change: The edit.
    /// - Returns: The edit's number, which ``LiveUpdate/Cause/acknowledged(edit:sequence:)``
    ///   names once it is committed; `nil` when the edit changes nothing.
    /// - Throws: What `change` throws, the `PersistenceError` of a composition that cannot be
    ///   saved, or ``LiveSessionError/left`` after ``leave()``.
    @discardableResult
    public func commit(_ change: (Video) throws -> Video) throws -> Int64? {
      let number: Int64? = try lock.withLock {
        guard !stopped else { throw LiveSessionError.left }
        return try enqueue(try change(localVideo))
      }
      if number != nil { wake() }
      return number
    }

    /// Commits an edit of one clip, as ``commit(_:)`` with `Video.updatingClip(id:as:_:)`, but
    /// writing only that clip (or the top-level track it is in): the cost of the edit, not of
    /// the composition, which matters on a long timeline edited many times a second.
    ///
    /// ```swift
    /// try session.commitClip(id: "interview") { (clip: VideoClip) in clip.volume(0.5) }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The clip, found at any depth.
    ///   - type: The clip's kind (`VideoClip`, `TitleSequence`, `Track`, …).
    ///   - change: Returns the changed clip; it may be of another kind.
    /// - Returns: The edit's number, or `nil` when it changes nothing.
    /// - Throws: `TimelineEditError` when no clip has `id` or it is not a `C`, what `change`
    ///   throws, the `PersistenceError` of a clip that cannot be saved, or
    ///   ``LiveSessionError/left``.
    @discardableResult
    public func commitClip<C: Clip>(
      id clipID: ClipID, as type: C.Type = C.self, _ change: (C) throws -> any Clip
    ) throws -> Int64? {
      let number: Int64? = try lock.withLock {
        guard !stopped else { throw LiveSessionError.left }
        // One search of the timeline: the clip's place, then the edit there.
        guard let path = localVideo.path(of: clipID), let top = path.indices.first else {
          return try enqueue(localVideo.updatingClip(id: clipID, as: type, change))
        }
        let edited = try localVideo.updatingClip(at: path, as: type, change)
        let collecting = log.collectingImages()
        let encoded = try coder.registry.encode(
          clip: edited.clips[top], options: coder.options, images: collecting)
        let schema = local.schema
        guard let element = encoded.json, let old = local.clip(top),
          encoded.schema <= schema,
          schema == KadrDocument.currentSchema || encoded.schema == schema
        else {
          // A new schema for the document, or one it may drop: the whole composition decides.
          return try enqueue(edited)
        }
        let prefix: [LivePathStep] = [.key("video"), .key("clips"), .index(top)]
        let patch = LivePatch(
          operations: LivePatch.between(old, element).operations.map { $0.prefixed(by: prefix) })
        return try enqueue(edited, patch: patch, images: collecting)
      }
      if number != nil { wake() }
      return number
    }

    /// Adds an edit to the pending ones and shows it: `patch` leads from ``local`` to
    /// `edited`'s document (written whole when `nil`); `collecting` holds the images written
    /// for it.
    func enqueue(
      _ edited: Video, patch given: LivePatch? = nil, images collecting: CollectingImageStore? = nil
    ) throws -> Int64? {
      let patch: LivePatch
      let document: LiveDocument
      var collected = collecting
      if let given {
        patch = given
        document = try local.applying(given)
      } else {
        let store = log.collectingImages()
        document = try LiveDocument(coder.encode(edited, images: store).json)
        patch = try LiveDocument.patch(from: local, to: document)
        collected = store
      }
      guard !patch.isEmpty else { return nil }
      // Only the images the patch names: the rest are the log's already.
      let text = try patch.json.jsonText()
      let brought = (collected?.images ?? []).filter { text.contains($0.token) }
      nextNumber += 1
      pending.append(
        Pending(
          number: nextNumber, firstNumber: nextNumber, patch: patch, conflicts: [], images: brought)
      )
      local = document
      localVideo = edited
      try squashWhenLong()
      return nextNumber
    }

    /// The most edits kept apart while unacknowledged (an app offline for an hour makes
    /// thousands); past it, all but the first (which may be on its way) become one edit, so
    /// rebasing them onto the others' work costs one merge, not thousands.
    static let maximumPendingEdits = 64

    func squashWhenLong() throws {
      if pending.count > Self.maximumPendingEdits { try squashPending() }
    }

    /// Makes the pending edits after the first one edit, numbered as the last of them: its
    /// acknowledgement acknowledges them all.
    func squashPending() throws {
      guard pending.count > 2, let first = pending.first else { return }
      let afterFirst = try confirmed.applying(first.patch)
      let rest = pending.dropFirst()
      guard let last = rest.last else { return }
      var images: [String: Data] = [:]
      for edit in rest { for (token, bytes) in edit.images { images[token] = bytes } }
      let squashed = Pending(
        number: last.number, firstNumber: rest[rest.startIndex].firstNumber,
        patch: try LiveDocument.patch(from: afterFirst, to: local),
        conflicts: rest.flatMap(\.conflicts),
        images: images.map { ($0.key, $0.value) }.sorted { $0.token < $1.token })
      pending = [first, squashed]
    }

    /// Waits until every edit this app committed is acknowledged.
    ///
    /// - Parameter timeout: The longest wait.
    /// - Throws: ``LiveSessionError/notAcknowledged(count:lastError:)`` when some are still
    ///   waiting after `timeout` (the server is away: they stay queued and are sent when it is
    ///   back), or ``LiveSessionError/left``.
    public func waitUntilAcknowledged(timeout: Duration = .seconds(30)) throws {
      let deadline = ContinuousClock.now + timeout
      while true {
        let (count, left, failure) = lock.withLock { (pending.count, stopped, lastFailure) }
        if count == 0 { return }
        if left { throw LiveSessionError.left }
        if ContinuousClock.now >= deadline {
          throw LiveSessionError.notAcknowledged(
            count: count, lastError: failure.map { String(describing: $0) })
        }
        wake()
        Thread.sleep(forTimeInterval: 0.005)
      }
    }

    /// Leaves the session: the threads end and ``updates`` finishes. Edits not yet acknowledged
    /// are not sent. An app that ends reading ``updates`` stays in the session until it leaves.
    public func leave() {
      let wasStopped = lock.withLock {
        defer { stopped = true }
        return stopped
      }
      continuation.finish()
      wake()
      if !wasStopped { try? log.withdrawPresence() }
    }

    /// Keeps this app's edits here, unsent, until ``sendHeldEdits()``: for tests that need two
    /// editors' edits to cross, as they do on a slow network.
    @_spi(Testing) public func holdEdits() { lock.withLock { holding = true } }

    /// Sends the edits ``holdEdits()`` kept.
    @_spi(Testing) public func sendHeldEdits() {
      lock.withLock { holding = false }
      wake()
    }
  }

  /// Why a live session could not do what was asked.
  public enum LiveSessionError: Error, Sendable, Hashable, LocalizedError {
    /// The app left the session.
    case left
    /// Edits were still waiting for the server's acknowledgement when the wait ended.
    case notAcknowledged(count: Int, lastError: String?)
    /// The log lacks an edit the session needs (a row was deleted by hand).
    case logHasAGap(after: Int64, found: Int64)

    public var errorDescription: String? {
      switch self {
      case .left: "The live session was left."
      case .notAcknowledged(let count, _):
        "\(count) edit\(count == 1 ? " is" : "s are") not saved on the server yet."
      case .logHasAGap: "The project's live edits are missing some entries."
      }
    }

    public var failureReason: String? {
      switch self {
      case .left: "The app called leave(); join the project again to go on editing."
      case .notAcknowledged(_, let error):
        "The server did not acknowledge them in time"
          + (error.map { " (\($0))" } ?? "")
          + ". They stay queued and are sent when the server answers; nothing is lost."
      case .logHasAGap(let after, let found):
        "After edit \(after) the log's next edit is \(found). Someone removed rows of "
          + "live_edits by hand; restore them from a backup, or save the project and start a "
          + "new session."
      }
    }
  }
#endif
