// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrDiff
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  /// The session's two threads: the worker, which reads the log, sends this app's edits, says
  /// who is present and compacts; and the listener, which wakes it when the log grows.
  extension LiveSession {
    var isStopped: Bool { lock.withLock { stopped } }

    /// Asks the worker for a round of reading and sending.
    func wake() {
      work.withLock {
        wanted = true
        work.signal()
      }
    }

    /// Reads the log and sends this app's edits, whenever woken and at least once a second.
    func runWorker() {
      var failures = 0
      while !isStopped {
        work.withLock {
          if !wanted { _ = work.wait(until: Date().addingTimeInterval(1)) }
          wanted = false
        }
        if isStopped { break }
        do {
          try pull()
          try sendAll()
          try sayAndReadPresence()
          try compactWhenDue()
          failures = 0
          lock.withLock { lastFailure = nil }
        } catch {
          failures += 1
          lock.withLock { lastFailure = error }
          // Backs off 50 ms, 100 ms, … up to a second, then tries again.
          Thread.sleep(forTimeInterval: min(1, 0.05 * Double(1 << min(failures, 5))))
          wake()
        }
      }
    }

    /// Listens for the store's word that the log grew; reconnects a second after a lost
    /// connection. A word is only a hint: it makes the worker read the log.
    func runListener() {
      while !isStopped {
        do {
          let listening = try log.listeningConnection()
          defer { listening.close() }
          wake()  // what was committed while not listening
          while !isStopped {
            guard let note = try listening.waitForNotification(timeout: .milliseconds(250)) else {
              continue
            }
            if note.payload == project.rawValue { wake() }
          }
        } catch {
          Thread.sleep(forTimeInterval: 1)
        }
      }
    }

    /// Writes the log as the project's revision after ``compactionInterval`` edits, or once
    /// the session has been idle for ``compactionPause`` with edits (or a save from outside)
    /// the revision lacks; only when this app has nothing unacknowledged, so the composition it
    /// writes is the log's.
    ///
    /// One editor compacts: the one whose session id sorts first among those present. Every
    /// other waits twice as many edits and three times the pause, so that eight editors write
    /// one revision, not eight, and a session whose compacting editor left still compacts.
    func compactWhenDue() throws {
      if watching { return }
      let state: (Int64, LiveDocument, Bool)? = lock.withLock {
        guard pending.isEmpty else { return nil }
        let now = ContinuousClock.now
        let idle = now - lastActivity >= Self.compactionPause * (compacts ? 1 : 3)
        let many =
          confirmedSequence - revisionSequence >= Self.compactionInterval * (compacts ? 1 : 2)
          && now - lastCompaction >= Self.compactionSpacing
        guard many || idle else { return nil }
        return (confirmedSequence, confirmed, many)
      }
      guard let (sequence, document, many) = state else { return }
      if !many {
        lock.withLock { lastActivity = ContinuousClock.now }
        guard try log.needsCompaction() else { return }
      }
      let result = try compact(
        sequence, document, many ? Self.compactionInterval * (compacts ? 1 : 2) : 0)
      // The revision's document went through a pooled connection: its buffers are let go.
      if case .compacted = result { log.closeIdleConnections() }
      switch result {
      case .compacted(let through), .current(let through), .behind(let through):
        lock.withLock {
          revisionSequence = max(revisionSequence, min(through, sequence))
          if many { lastCompaction = ContinuousClock.now }
        }
        if case .behind = result { wake() } else if through > sequence { wake() }
      }
    }

    /// Says this editor's presence (when it changed, or a third of its lifetime after it was
    /// last said) and reads the others', at most once a second unless it changed.
    func sayAndReadPresence() throws {
      if watching { return }
      let now = ContinuousClock.now
      let (clip, said, last, lastSaid) = lock.withLock {
        (touching, touchingSaid, presenceRound, presenceSaid)
      }
      if said, let last, now - last < .seconds(1) { return }
      if !said || lastSaid.map({ now - $0 >= .seconds(Self.presenceLifetime / 3) }) ?? true {
        try log.announcePresence(editor: editor, clip: clip, lifetime: Self.presenceLifetime)
        if !said { try log.notify() }
        lock.withLock { presenceSaid = now }
      }
      let (read, first) = try log.presence()
      lock.withLock {
        compacts = first
        if touching == clip { touchingSaid = true }
        presenceRound = now
        if read.map({ [$0.editor, $0.clip?.rawValue ?? ""] })
          != others.map({ [$0.editor, $0.clip?.rawValue ?? ""] })
        {
          others = read
          publish(.presence, before: nil, [])
        } else {
          others = read
        }
      }
    }
  }
#endif
