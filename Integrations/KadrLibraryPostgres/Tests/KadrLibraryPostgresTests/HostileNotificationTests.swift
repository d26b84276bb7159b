import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// PostgreSQL does not authenticate `NOTIFY`: any role that can log in may send on the store's
/// channel. Such notifications are hints that make the stream read again; they change nothing
/// an app sees.
@Suite(
  "PostgreSQL store: notifications from strangers", .serialized, .timeLimit(.minutes(1)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct HostileNotificationTests {
  @Test func aStrangersNotificationsChangeNothingTheAppSees() async throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let project = try store.create(
      name: "Live", video: RevisionTests.shared(), metadata: ContractMetadata())
    let other = try StoreServer.store(schema: schema)
    _ = try other.open(project.id)
    let stream = store.changes()
    try await Task.sleep(for: .milliseconds(500))  // the listener's LISTEN and first read

    // A role with no privilege on the store's schema floods its channel with lies.
    let admin = try PostgresTestServer.connect()
    let role = "kadr_stranger_" + String(schema.suffix(8))
    try admin.execute("CREATE ROLE \(role) LOGIN")
    defer { try? admin.execute("DROP ROLE \(role)") }
    let stranger = try PostgresTestServer.connect(as: role)
    let channel = "kadr_changes_\(schema)"
    let kinds = [
      "deleted", "trashed", "renamed", "saved", "created", "metadataChanged", "restored",
      "autosaved",
    ]
    for round in 0..<3000 {
      try stranger.notify(channel: channel, payload: "\(kinds[round % kinds.count]) \(project.id)")
    }
    try stranger.notify(channel: channel, payload: "deleted \(ProjectID())")
    stranger.close()
    // Then a real change by another client.
    try other.rename(project.id, to: "Renamed")

    var seen: [LibraryChange] = []
    for await change in stream {
      seen.append(change)
      if change.kind == .renamed, (try? store.list().projects.first?.name) == "Renamed" { break }
    }
    // No lie reaches the app: each only makes it read again, and what it reads is the one
    // change that happened.
    #expect(seen.map(\.kind) == [.renamed], "\(seen)")
    #expect(seen.first?.isLocal == false)
    #expect(seen.count <= 256 + 1, "the stream holds at most its bound")
    #expect(try store.list().projects.map(\.name) == ["Renamed"], "the project is live")
  }
}
