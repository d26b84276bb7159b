import Foundation
import KadrPersistence
import KadrProjectLibrary
import PostgresClient

extension PostgresProjectStore {
  /// A stream of the store's changes, this client's and every other client's on the same
  /// server and schema, delivered by `LISTEN`/`NOTIFY` as each change commits.
  ///
  /// Each stream listens on a connection of its own (reconnecting after a lost connection),
  /// closed when the task reading the stream is cancelled.
  ///
  /// - Returns: A new stream.
  public func changes() -> AsyncStream<LibraryChange> {
    let (stream, continuation) = AsyncStream<LibraryChange>.makeStream()
    let connectionString = self.connectionString
    let channel = self.channel
    let ownProcess = connection.backendProcessID
    let listener = Task.detached {
      while !Task.isCancelled {
        do {
          let listening = try PostgresConnection(connectionString: connectionString)
          defer { listening.close() }
          try listening.listen(channel: channel)
          while !Task.isCancelled {
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
          try? await Task.sleep(for: .seconds(1))
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in listener.cancel() }
    return stream
  }
}
