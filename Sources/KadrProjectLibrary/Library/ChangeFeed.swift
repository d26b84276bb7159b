import Foundation
import KadrFileSystem

/// The library's streams of changes and autosave events, and the record on disk through which
/// other processes see its changes.
///
/// Every change is made holding the library's exclusive lock, and records itself in
/// `DIR/.changes` (a generation number, the kind and the project) as its last step. A library
/// value with a change stream open reads that file every ``interval``; a generation it did not
/// write is another writer's change.
final class ChangeFeed: @unchecked Sendable {
  // @unchecked Sendable: every mutable property is read and written holding `lock`.
  private let lock = NSLock()
  private var changeStreams: [UUID: AsyncStream<LibraryChange>.Continuation] = [:]
  private var autosaveStreams: [UUID: AsyncStream<AutosaveEvent>.Continuation] = [:]
  /// The newest generation of `.changes` this value has seen or written.
  private var seen: Int?
  /// The generations this value wrote since it last looked (its own changes, published as made).
  private var own = Set<Int>()
  private var watcher: Task<Void, Never>?

  let file: URL
  let interval: Duration

  init(file: URL, interval: Duration) {
    self.file = file
    self.interval = interval
  }

  deinit {
    watcher?.cancel()
  }

  /// A new stream of changes; the first one starts watching the folder.
  func changes() -> AsyncStream<LibraryChange> {
    let (stream, continuation) = AsyncStream<LibraryChange>.makeStream(
      bufferingPolicy: .bufferingNewest(256))
    let key = UUID()
    lock.withLock {
      changeStreams[key] = continuation
      if seen == nil { seen = ChangeRecord.read(file)?.generation ?? 0 }
      if watcher == nil { watcher = startWatching() }
    }
    continuation.onTermination = { [weak self] _ in
      self?.lock.withLock { _ = self?.changeStreams.removeValue(forKey: key) }
    }
    return stream
  }

  /// A new stream of autosave events.
  func autosaveEvents() -> AsyncStream<AutosaveEvent> {
    let (stream, continuation) = AsyncStream<AutosaveEvent>.makeStream(
      bufferingPolicy: .bufferingNewest(256))
    let key = UUID()
    lock.withLock { autosaveStreams[key] = continuation }
    continuation.onTermination = { [weak self] _ in
      self?.lock.withLock { _ = self?.autosaveStreams.removeValue(forKey: key) }
    }
    return stream
  }

  /// Records a change on disk and publishes it to this value's streams. Called holding the
  /// library's exclusive lock, after the change; recording is best effort (a read-only or full
  /// disk loses only the notice to other processes).
  func record(_ kind: LibraryChange.Kind, _ id: ProjectID?) {
    let generation = (ChangeRecord.read(file)?.generation ?? 0) &+ 1
    let written = ChangeRecord(generation: generation, kind: kind, id: id).write(to: file)
    let streams = lock.withLock {
      if written { own.insert(generation) }
      return Array(changeStreams.values)
    }
    for stream in streams { stream.yield(LibraryChange(kind, id, isLocal: true)) }
  }

  /// Publishes an autosave's outcome.
  func publish(_ event: AutosaveEvent) {
    let streams = lock.withLock { Array(autosaveStreams.values) }
    for stream in streams { stream.yield(event) }
  }

  /// Reads `.changes` every interval while a change stream is open.
  private func startWatching() -> Task<Void, Never> {
    Task.detached { [weak self] in
      while !Task.isCancelled {
        guard let interval = self?.interval else { return }
        try? await Task.sleep(for: interval)
        guard let self, self.look() else { return }
      }
    }
  }

  /// Publishes what other writers changed since the last look; `false` once no stream is open.
  private func look() -> Bool {
    let record = ChangeRecord.read(file)
    let (streams, change): ([AsyncStream<LibraryChange>.Continuation], LibraryChange?) =
      lock.withLock {
        guard !changeStreams.isEmpty else {
          watcher = nil
          return ([], nil)
        }
        guard let record, let last = seen, record.generation != last else {
          return (Array(changeStreams.values), nil)
        }
        // Counted, never listed: the record may name any generation (a damaged or hostile
        // file says 10^12), and this runs holding the lock, so the cost is that of `own` only.
        let generation = record.generation
        let ownInRange = own.count(where: { $0 > last && $0 <= generation })
        let newestIsOwn = own.contains(generation)
        var others = 0
        if generation > last {
          let span = generation.subtractingReportingOverflow(last)
          others = span.overflow ? .max : span.partialValue - ownInRange
        }
        own = own.filter { $0 > generation }
        seen = generation
        guard others > 0 || generation < last else {
          return (Array(changeStreams.values), nil)
        }
        // One change of another writer, the newest: the record says what it was.
        let precise = others == 1 && generation > last && !newestIsOwn
        return (
          Array(changeStreams.values),
          precise
            ? LibraryChange(record.kind, record.id, isLocal: false)
            : LibraryChange(.changed, nil, isLocal: false)
        )
      }
    if let change { for stream in streams { stream.yield(change) } }
    return !streams.isEmpty
  }
}

/// `DIR/.changes`: the generation of the library's last change, what it was and to which
/// project, as one line of JSON.
struct ChangeRecord: Codable, Sendable {
  var generation: Int
  var kind: LibraryChange.Kind
  var id: ProjectID?

  /// The record in `file`, or `nil` when it is missing or not a record.
  static func read(_ file: URL) -> ChangeRecord? {
    guard let data = try? BoundedRead.bytes(atPath: file.path, limit: 4096) else { return nil }
    return try? JSONDecoder().decode(ChangeRecord.self, from: data)
  }

  /// Replaces `file` with this record through the package's one durable write, not flushed (as
  /// before: it is a notice, not data, and a lost one only delays other processes' streams), a
  /// link planted there replaced, never written through; whether it was written.
  func write(to file: URL) -> Bool {
    guard let data = try? JSONEncoder().encode(self) else { return false }
    do {
      try DurableFile.replace(
        file.path, with: data, links: .replace,
        temporaryName: .prefixed(LibraryFile.temporaryPrefix + "changes-"), flushing: false)
      return true
    } catch {
      return false
    }
  }
}

extension LibraryChange.Kind: Codable {}
