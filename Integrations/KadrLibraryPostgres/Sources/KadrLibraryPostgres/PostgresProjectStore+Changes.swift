import Foundation
import KadrPersistence
import KadrProjectLibrary
import PostgresClient

extension PostgresProjectStore {
  /// A stream of the store's changes, this client's and every other client's on the same
  /// server and schema, delivered by `LISTEN`/`NOTIFY` as each change commits.
  ///
  /// Each stream listens on a connection and a thread of its own (waiting on the server
  /// blocks, so it never takes a thread of Swift's cooperative pool), reconnecting after a lost
  /// connection; both end when the task reading the stream is cancelled.
  ///
  /// - Returns: A new stream.
  public func changes() -> AsyncStream<LibraryChange> {
    let (stream, continuation) = AsyncStream<LibraryChange>.makeStream()
    let listener = ChangeListener(
      connectionString: connectionString, channel: channel,
      ownProcess: connection.backendProcessID, continuation: continuation)
    continuation.onTermination = { _ in listener.stop() }
    let thread = Thread { listener.run() }
    thread.name = "kadr-postgres-changes"
    thread.start()
    return stream
  }
}

/// The loop of one change stream, on a thread of its own.
final class ChangeListener: @unchecked Sendable {
  // @unchecked Sendable: `stopped` is guarded by `lock`; the rest are constants.
  let connectionString: String
  let channel: String
  let ownProcess: Int32
  let continuation: AsyncStream<LibraryChange>.Continuation
  private let lock = NSLock()
  private var stopped = false

  init(
    connectionString: String, channel: String, ownProcess: Int32,
    continuation: AsyncStream<LibraryChange>.Continuation
  ) {
    self.connectionString = connectionString
    self.channel = channel
    self.ownProcess = ownProcess
    self.continuation = continuation
  }

  var isStopped: Bool { lock.withLock { stopped } }

  func stop() { lock.withLock { stopped = true } }

  /// Listens until stopped, reconnecting a second after a lost connection.
  func run() {
    while !isStopped {
      do {
        let listening = try PostgresConnection(connectionString: connectionString)
        defer { listening.close() }
        try listening.listen(channel: channel)
        while !isStopped {
          guard let note = try listening.waitForNotification(timeout: .milliseconds(250)) else {
            continue
          }
          let parts = note.payload.split(separator: " ", maxSplits: 1).map(String.init)
          guard parts.count == 2, let kind = LibraryChange.Kind(rawValue: parts[0]) else {
            continue
          }
          continuation.yield(
            LibraryChange(
              kind, ProjectID(rawValue: parts[1]), isLocal: note.processID == ownProcess))
        }
      } catch {
        Thread.sleep(forTimeInterval: 1)
      }
    }
    continuation.finish()
  }
}
