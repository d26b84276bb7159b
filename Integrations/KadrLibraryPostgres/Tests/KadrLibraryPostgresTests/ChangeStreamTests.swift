import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// The change stream reads a project's row when told of a change: a project created, saved and
/// renamed before the stream reads it shows only its last state, yet the stream reports all
/// three.
@Suite(
  "PostgreSQL store: the change stream", .serialized, .timeLimit(.minutes(1)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct ChangeStreamTests {
  /// The stream's server process is stopped (a busy host) while another client creates, saves
  /// and renames a project; when it runs again it reads the row with the new name. Before, the
  /// stream reported the project created and saved, never renamed (a third of the runs of the
  /// contract's change-stream check on a busy machine failed so).
  @Test func aProjectRenamedBeforeTheStreamReadsItIsReportedRenamed() async throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let other = try StoreServer.store(schema: schema)
    let stream = store.changes()
    let collector = Task { () -> [LibraryChange.Kind] in
      var kinds: [LibraryChange.Kind] = []
      for await change in stream {
        kinds.append(change.kind)
        if kinds.contains(.renamed) { break }
      }
      return kinds
    }
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    // The listener's server process, once it has read the projects the first time (stopped
    // before, the stream's first read would already hold the project).
    var listener: Int64?
    for _ in 0..<100 where listener == nil {
      listener = try admin.query(
        "SELECT pid FROM pg_stat_activity WHERE query LIKE $1 AND state = 'idle' "
          + "AND pid <> pg_backend_pid()",
        [.string("%FROM \(schema).projects p LEFT JOIN%")]
      ).first?.int64(0)
      if listener == nil { try await Task.sleep(for: .milliseconds(50)) }
    }
    let pid = try #require(listener, "the stream's listening connection")
    kill(pid_t(pid), SIGSTOP)
    let project = try other.create(
      name: "Watched", video: RevisionTests.shared(), metadata: ContractMetadata())
    try other.save(
      Video(clips: [TitleSequence("Saved", duration: 1)]), metadata: ContractMetadata(),
      for: project.id)
    try other.rename(project.id, to: "Watched again")
    kill(pid_t(pid), SIGCONT)
    let timeout = Task {
      try await Task.sleep(for: .seconds(10))
      collector.cancel()
    }
    let kinds = await collector.value
    timeout.cancel()
    #expect(kinds == [.created, .saved, .renamed])
  }
}
