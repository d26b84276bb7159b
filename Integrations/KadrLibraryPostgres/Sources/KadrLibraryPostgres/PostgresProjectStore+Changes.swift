// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary
  import PostgresClient

  extension PostgresProjectStore {
    /// A stream of the store's changes, this client's and every other client's on the same
    /// server and schema.
    ///
    /// Every change is announced with `NOTIFY` as it commits, and the stream listens for them.
    /// PostgreSQL lets any role that can connect send a notification on any channel, so a
    /// notification is only a hint: the stream reads the hinted projects again and delivers only
    /// what changed in their rows since it last read them (a new revision, a name, metadata,
    /// the trash, an autosave, a project created or deleted); a hint whose change the row does
    /// not show is dropped, whoever sent it. After a lost connection the stream
    /// reconnects and delivers what changed meanwhile. It holds the newest 256 changes an app has
    /// not read yet; when older ones had to be dropped, the newest is ``LibraryChange/Kind/changed``
    /// (list the projects again).
    ///
    /// Each stream listens on a connection and a thread of its own (waiting on the server
    /// blocks, so it never takes a thread of Swift's cooperative pool); both end when the task
    /// reading the stream is cancelled.
    ///
    /// - Returns: A new stream.
    public func changes() -> AsyncStream<LibraryChange> {
      let (stream, continuation) = AsyncStream<LibraryChange>.makeStream(
        bufferingPolicy: .bufferingNewest(256))
      let connections = connection
      let listener = ChangeListener(
        connectionString: connectionString, timeouts: connection.timeouts, schema: schema,
        channel: channel, isOwn: { connections.isOwn($0) }, continuation: continuation)
      continuation.onTermination = { _ in listener.stop() }
      let thread = Thread { listener.run() }
      thread.name = "kadr-postgres-changes"
      thread.start()
      return stream
    }
  }

  /// What a change stream knows of a project's row: what a change can alter.
  struct ProjectRowState: Equatable {
    var revision: Int64
    var trashed: Bool
    var name: String
    var metadata: String
    var autosave: String?

    /// The changes that lead from `old` to `new` (either `nil` when the project is absent).
    static func changes(from old: ProjectRowState?, to new: ProjectRowState?)
      -> [LibraryChange.Kind]
    {
      switch (old, new) {
      case (nil, nil): return []
      // A project first read after its first save (created and saved before the stream read
      // its row): both happened, and the `saved` hint that follows finds nothing new to show.
      case (nil, let new?): return new.revision > 0 ? [.created, .saved] : [.created]
      case (.some, nil): return [.deleted]
      case (let old?, let new?):
        var kinds: [LibraryChange.Kind] = []
        if old.trashed != new.trashed { kinds.append(new.trashed ? .trashed : .restored) }
        if old.revision != new.revision { kinds.append(.saved) }
        if old.name != new.name { kinds.append(.renamed) }
        if old.metadata != new.metadata, old.revision == new.revision {
          kinds.append(.metadataChanged)
        }
        if old.autosave != new.autosave, new.autosave != nil { kinds.append(.autosaved) }
        return kinds
      }
    }
  }

  /// The loop of one change stream, on a thread of its own.
  final class ChangeListener: @unchecked Sendable {
    // @unchecked Sendable: `stopped` is guarded by `lock`; `known` is used only by the thread
    // that runs `run()`; the rest are constants.
    let connectionString: String
    let timeouts: PostgresTimeouts
    let schema: String
    let channel: String
    let isOwn: @Sendable (Int32) -> Bool
    let continuation: AsyncStream<LibraryChange>.Continuation
    private let lock = NSLock()
    private var stopped = false
    /// The projects' rows as last read; `nil` before the first read.
    private var known: [ProjectID: ProjectRowState]?
    /// The most hints read again in one query.
    static let batch = 500

    init(
      connectionString: String, timeouts: PostgresTimeouts, schema: String, channel: String,
      isOwn: @escaping @Sendable (Int32) -> Bool,
      continuation: AsyncStream<LibraryChange>.Continuation
    ) {
      self.connectionString = connectionString
      self.timeouts = timeouts
      self.schema = schema
      self.channel = channel
      self.isOwn = isOwn
      self.continuation = continuation
    }

    var isStopped: Bool { lock.withLock { stopped } }

    func stop() { lock.withLock { stopped = true } }

    /// Listens until stopped, reconnecting a second after a lost connection.
    func run() {
      while !isStopped {
        do {
          let listening = try PostgresConnection(
            connectionString: connectionString, timeouts: timeouts)
          defer { listening.close() }
          try listening.listen(channel: channel)
          // Listening first, then reading: a change committed in between is read or hinted.
          let all = try read(nil, on: listening)
          if let known {
            for id in Set(known.keys).union(all.keys).sorted(by: { $0.rawValue < $1.rawValue }) {
              deliver(ProjectRowState.changes(from: known[id], to: all[id]), id, isLocal: false)
            }
          }
          known = all
          while !isStopped {
            guard let first = try listening.waitForNotification(timeout: .milliseconds(250)) else {
              continue
            }
            var hints: [Hint] = []
            var note: PostgresNotification? = first
            while let current = note {
              if let (kind, id) = Self.hint(in: current.payload) {
                hints.append(Hint(id: id, kind: kind, isLocal: isOwn(current.processID)))
              }
              guard hints.count < Self.batch else { break }
              note = try listening.waitForNotification(timeout: .zero)
            }
            try recheck(hints, on: listening)
          }
        } catch {
          Thread.sleep(forTimeInterval: 1)
        }
      }
      continuation.finish()
    }

    /// A notification's word: a change said to have happened to a project.
    struct Hint {
      var id: ProjectID
      var kind: LibraryChange.Kind
      var isLocal: Bool
    }

    /// The projects this stream first read as new, and when: a row read after its project was
    /// created and then renamed (or its metadata changed) cannot show those changes, so for a
    /// moment their hints are believed.
    private var firstRead: [ProjectID: ContinuousClock.Instant] = [:]
    /// How long after a project's first read a rename or metadata hint is believed: the hints
    /// of changes made before the read arrive within it.
    static let firstReadGrace: Duration = .seconds(2)

    /// Reads the hinted projects again and delivers, for each, the changes its row shows since
    /// the last read: those a hint named first (in the order said, once each, marked local when
    /// this client's connection sent the hint), then the rest. A hint the row does not bear out
    /// (a forged `saved` of an unchanged project) delivers nothing, but for a rename or a
    /// metadata change of a project first read as new within ``firstReadGrace``: the row cannot
    /// tell whether it came before the read.
    private func recheck(_ hints: [Hint], on connection: PostgresConnection) throws {
      guard !hints.isEmpty else { return }
      var order: [ProjectID] = []
      var said: [ProjectID: [Hint]] = [:]
      for hint in hints {
        if said[hint.id] == nil { order.append(hint.id) }
        said[hint.id, default: []].append(hint)
      }
      let now = try read(order, on: connection)
      let instant = ContinuousClock.now
      firstRead = firstRead.filter { instant - $0.value < Self.firstReadGrace }
      for id in order {
        let isNew = known?[id] == nil && now[id] != nil
        if isNew { firstRead[id] = instant }
        let shown = ProjectRowState.changes(from: known?[id], to: now[id])
        let unprovable: [LibraryChange.Kind] =
          now[id] != nil && firstRead[id] != nil ? [.renamed, .metadataChanged] : []
        var delivered: [LibraryChange.Kind] = []
        for hint in said[id] ?? []
        where !delivered.contains(hint.kind)
          && (shown.contains(hint.kind) || unprovable.contains(hint.kind))
        {
          delivered.append(hint.kind)
          deliver([hint.kind], id, isLocal: hint.isLocal)
        }
        deliver(shown.filter { !delivered.contains($0) }, id, isLocal: false)
        known?[id] = now[id]
      }
    }

    /// The change and project a notification's payload (`kind id`) hints at, when it names a
    /// change and a valid id.
    static func hint(in payload: String) -> (LibraryChange.Kind, ProjectID)? {
      let parts = payload.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, let kind = LibraryChange.Kind(rawValue: String(parts[0])),
        let id = ProjectID(rawValue: String(parts[1]))
      else { return nil }
      return (kind, id)
    }

    /// The rows of `ids` (every project when `nil`).
    private func read(_ ids: [ProjectID]?, on connection: PostgresConnection) throws
      -> [ProjectID: ProjectRowState]
    {
      let select =
        "SELECT p.id::text, p.revision, p.trashed IS NOT NULL, md5(p.name), md5(p.metadata), "
        + "a.based_on::text || ' ' || a.sequence::text FROM \(schema).projects p LEFT JOIN "
        + "\(schema).autosaves a ON a.project = p.id"
      let rows =
        try ids.map {
          try connection.query(
            select + " WHERE p.id = ANY($1::uuid[])",
            [.string("{" + $0.map(\.rawValue).joined(separator: ",") + "}")])
        } ?? connection.query(select)
      var states: [ProjectID: ProjectRowState] = [:]
      for row in rows {
        guard let text = try row.string(0), let id = ProjectID(rawValue: text),
          let revision = try row.int64(1), let trashed = try row.bool(2)
        else { continue }
        states[id] = ProjectRowState(
          revision: revision, trashed: trashed, name: try row.string(3) ?? "",
          metadata: try row.string(4) ?? "", autosave: try row.string(5))
      }
      return states
    }

    /// Yields each change; when the buffer had to drop an older one, yields
    /// ``LibraryChange/Kind/changed`` so that the newest says "list again".
    private func deliver(_ kinds: [LibraryChange.Kind], _ id: ProjectID, isLocal: Bool) {
      for kind in kinds {
        if case .dropped = continuation.yield(LibraryChange(kind, id, isLocal: isLocal)) {
          continuation.yield(LibraryChange(.changed, nil, isLocal: false))
        }
      }
    }
  }
#endif
