import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// An editor cut off from the server (its socket gone, its connections killed) keeps editing;
/// meanwhile the others edit and the log is compacted into a revision. When the server can be
/// reached again, the editor reads what it missed, rebases its own edits and sends them.
@Suite(
  "PostgreSQL store: an editor offline", .serialized, .timeLimit(.minutes(3)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveOfflineTests {
  @Test func anEditorOfflineWhileTheOthersEditAndCompactComesBackWithItsEdits() async throws {
    let relay = try Relay()
    defer { relay.remove() }
    let (schema, store, id, ann, ben) = try relay.annAndBen()
    defer {
      ann.leave()
      ben.leave()
    }

    // Offline: no way to the server, and every connection Ben had cut.
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    try relay.cut(admin)
    for take in 0..<120 {
      try ben.commit { try LiveSessionTests.retitled($0, "p1", "Ben \(take)") }
    }
    for take in 0..<250 {
      try ann.commit { try LiveSessionTests.retitled($0, "p2", "Ann \(take)") }
    }
    try await LiveCompactionTests.offPool { try ann.waitUntilAcknowledged() }
    let held = {
      try Relay.number(
        admin, "SELECT revision_sequence FROM \(schema).live_heads WHERE project = $1::uuid", id)
    }
    #expect(
      await LiveCompactionTests.settles(30) { (try? held()) ?? 0 >= ann.sequence },
      "the log is compacted while Ben is away")
    #expect(ben.sequence == 0, "Ben read nothing while offline")
    #expect(LiveSessionTests.text(ben.video, "p1") == "Ben 119", "and shows his own edits")
    #expect(ben.unacknowledgedCount > 0)

    // Back.
    try relay.restore()
    try await LiveCompactionTests.offPool { try ben.waitUntilAcknowledged(timeout: .seconds(60)) }
    #expect(await LiveCompactionTests.settles(30) { ann.sequence == ben.sequence })
    #expect(LiveSessionTests.text(ann.video, "p1") == "Ben 119")
    #expect(LiveSessionTests.text(ben.video, "p2") == "Ann 249")
    #expect(try LiveSessionTests.bytes(ann.video) == LiveSessionTests.bytes(ben.video))
    let late = try store.joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(try LiveSessionTests.bytes(late.video) == LiveSessionTests.bytes(ben.video))
  }
}

/// A way to the test server through a link to its socket, which a test can take away (and cut
/// every connection made through it) and give back: an editor going offline and coming back.
struct Relay {
  /// The connection string through the link, with an application name of its own.
  let connectionString: String
  private let folder: URL
  private let link: String
  private let socket: String
  private let name: String

  init() throws {
    let server = try StoreServer.required()
    let host = server.split(separator: " ").first { $0.hasPrefix("host=/") }
    let serverFolder = try #require(
      host.map { String($0.dropFirst("host=".count)) }, "a Unix socket server: \(server)")
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-relay-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    link = folder.appendingPathComponent(".s.PGSQL.5432").path
    socket = serverFolder + "/.s.PGSQL.5432"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: socket)
    name = "kadr_relay_" + UUID().uuidString.prefix(8).lowercased()
    connectionString =
      server.replacingOccurrences(of: "host=" + serverFolder, with: "host=" + folder.path)
      + " application_name=\(name)"
  }

  /// Takes the way away and ends every connection made through it.
  func cut(_ admin: PostgresConnection) throws {
    try FileManager.default.removeItem(atPath: link)
    _ = try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
      [.string(name)])
  }

  /// A project in a schema of its own, with Ann in its live session directly and Ben through
  /// this way to the server.
  func annAndBen() throws -> (
    schema: String, store: PostgresProjectStore<ContractMetadata>, id: ProjectID,
    ann: LiveSession, ben: LiveSession
  ) {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try LiveSessionTests.project(store)
    let ann = try store.joinLiveSession(id, editor: "Ann")
    let ben = try PostgresProjectStore<ContractMetadata>(
      connectionString: connectionString, schema: schema
    ).joinLiveSession(id, editor: "Ben")
    return (schema, store, id, ann, ben)
  }

  /// The one number `sql` (which names the project as `$1`) reads, or 0.
  static func number(_ admin: PostgresConnection, _ sql: String, _ id: ProjectID) throws -> Int64 {
    try admin.query(sql, [.string(id.rawValue)]).first?.int64(0) ?? 0
  }

  /// Gives the way back.
  func restore() throws {
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: socket)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
