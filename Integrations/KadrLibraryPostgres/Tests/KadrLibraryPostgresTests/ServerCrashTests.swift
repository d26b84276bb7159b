import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// A server that dies while clients save: after its recovery every project is a whole
/// revision, and every revision opens.
@Suite(
  "PostgreSQL store: a server crash mid-save", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct ServerCrashTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/postgres-server")

  /// Runs the server script. Its output is not read: the server it starts would hold the
  /// pipe open (it inherits the descriptors of this process's child), so the connection
  /// string is the one the script documents.
  static func server(_ command: String, _ directory: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script.path, command, directory]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw StoreServer.ScriptFailed(command: command, status: process.terminationStatus)
    }
  }

  @Test func aServerKilledWhileAClientSavesLeavesNoHalfRevision() throws {
    // A server of its own, which this test crashes.
    let directory = "/tmp/kadr-crash-" + UUID().uuidString.prefix(8).lowercased()
    try Self.server("start", directory)
    let connection = "host=\(directory) user=postgres dbname=postgres"
    defer { try? Self.server("stop", directory) }
    let schema = StoreServer.freshSchema()
    let project = try PostgresProjectStore<ContractMetadata>(
      connectionString: connection, schema: schema
    ).create(name: "Crashing", video: RevisionTests.shared(), metadata: ContractMetadata())
    let (client, _) = try ProcessTests.launch([
      "saves", connection, schema, project.id.rawValue, "0", "100000",
    ])
    Thread.sleep(forTimeInterval: 1.5)
    try Self.server("crash", directory)
    client.waitUntilExit()
    #expect(client.terminationStatus != 0, "the client did not notice the server die")
    try Self.server("restart", directory)

    let store = try PostgresProjectStore<ContractMetadata>(
      connectionString: connection, schema: schema)
    let history = try store.history(of: project.id).map(\.revision)
    let head = try store.open(project.id)
    #expect(history.count > 2, "the client saved \(history.count - 1) times before the crash")
    #expect(history == Array((0...head.summary.revision).reversed()), "revisions are whole")
    let last = try #require(RevisionTests.texts(head.video).first)
    #expect(last == "p0-\(head.summary.revision - 1)", "the head is the last committed save")
    for revision in history {
      _ = try store.open(project.id, revision: revision)
    }
    // And the store saves on.
    try store.save(RevisionTests.shared(), metadata: ContractMetadata(), for: project.id)
  }

  @Test func aServerRestartedUnderLoadIsReconnectedAndSavesMergeOn() throws {
    let directory = "/tmp/kadr-restart-" + UUID().uuidString.prefix(8).lowercased()
    try Self.server("start", directory)
    let connection = "host=\(directory) user=postgres dbname=postgres"
    defer { try? Self.server("stop", directory) }
    let schema = StoreServer.freshSchema()
    let a = try PostgresProjectStore<ContractMetadata>(connectionString: connection, schema: schema)
    let b = try PostgresProjectStore<ContractMetadata>(connectionString: connection, schema: schema)
    let project = try a.create(
      name: "Restarted", video: RevisionTests.shared(), metadata: ContractMetadata())
    var heldB = try b.open(project.id).video
    heldB = RevisionTests.editing(heldB, client: 1, to: "b-before")
    try b.save(heldB, metadata: ContractMetadata(), for: project.id)

    // Client A saves in a loop, keeping its copy, while the server goes down and comes back.
    let acknowledged = SaveCounter()
    let opened = try a.open(project.id).video
    let loop = Thread {
      var held = opened
      var step = 0
      while !acknowledged.isStopped {
        held = RevisionTests.editing(held, client: 0, to: "a-\(step)")
        if (try? a.save(held, metadata: ContractMetadata(), for: project.id)) != nil {
          acknowledged.record(step)
        }
        step += 1
      }
      acknowledged.finish()
    }
    loop.start()
    Thread.sleep(forTimeInterval: 0.5)
    try Self.server("crash", directory)
    Thread.sleep(forTimeInterval: 0.3)
    try Self.server("restart", directory)
    let before = acknowledged.last
    // Until A saves again after the restart (a reconnect backs off up to a second), at most 15 s.
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline, (acknowledged.last ?? -1) <= (before ?? -1) {
      Thread.sleep(forTimeInterval: 0.05)
    }
    Thread.sleep(forTimeInterval: 0.2)
    acknowledged.stop()
    acknowledged.waitUntilFinished()
    let last = try #require(acknowledged.last)
    #expect(last > (before ?? -1), "A saved again after the restart, on the same store")

    // B, also on the same store as before the restart, saves an edit of its own.
    heldB = RevisionTests.editing(heldB, client: 2, to: "b-after")
    try b.save(heldB, metadata: ContractMetadata(), for: project.id)
    let head = try b.open(project.id)
    #expect(RevisionTests.texts(head.video) == ["a-\(last)", "b-before", "b-after", "p3"])
  }
}

/// The steps a saving loop had acknowledged, and its stop flag.
final class SaveCounter: @unchecked Sendable {
  // @unchecked Sendable: every property is read and written under `lock`.
  private let lock = NSCondition()
  private var newest: Int?
  private var stopped = false
  private var finished = false

  var last: Int? { lock.withLock { newest } }
  var isStopped: Bool { lock.withLock { stopped } }

  func record(_ step: Int) { lock.withLock { newest = step } }
  func stop() { lock.withLock { stopped = true } }

  func finish() {
    lock.withLock {
      finished = true
      lock.broadcast()
    }
  }

  func waitUntilFinished() {
    lock.lock()
    while !finished { lock.wait() }
    lock.unlock()
  }
}
