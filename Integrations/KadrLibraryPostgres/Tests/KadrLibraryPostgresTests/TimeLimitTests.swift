import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// Every call ends within the store's time limits with a clear error, a stuck call holds up
/// nothing else, and a broken connection is made again with the bases kept.
@Suite(
  "PostgreSQL store: time limits and reconnecting", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct TimeLimitTests {
  typealias Store = PostgresProjectStore<ContractMetadata>

  /// A store with short limits, named for `pg_stat_activity` by `application`.
  static func store(schema: String, application: String, lock: Duration = .seconds(1))
    throws -> Store
  {
    try Store(
      connectionString: try StoreServer.required() + " application_name=\(application)",
      schema: schema, autosaveDelay: .milliseconds(50),
      timeouts: PostgresTimeouts(connect: .seconds(3), statement: .seconds(3), lock: lock))
  }

  static func seconds(since start: ContinuousClock.Instant) -> Double {
    let (whole, fraction) = (ContinuousClock.now - start).components
    return Double(whole) + Double(fraction) / 1e18
  }

  @Test func aSaveAgainstAHeldRowLockFailsInTimeWhileOtherCallsGoOn() throws {
    let schema = StoreServer.freshSchema()
    let store = try Self.store(schema: schema, application: "kadr_lock_test")
    let project = try store.create(
      name: "Held", video: RevisionTests.shared(), metadata: ContractMetadata())
    // A peer that holds the project's row, as psql's SELECT … FOR UPDATE in an open transaction.
    let peer = try PostgresTestServer.connect()
    try peer.execute("BEGIN")
    try peer.query(
      "SELECT 1 FROM \(schema).projects WHERE id = $1::uuid FOR UPDATE",
      [.string(project.id.rawValue)])
    defer { try? peer.execute("ROLLBACK") }

    let outcome = SaveResultBox()
    let start = ContinuousClock.now
    let saving = Thread {
      do {
        try store.save(RevisionTests.shared(["x"]), metadata: ContractMetadata(), for: project.id)
        outcome.set(.success(()))
      } catch {
        outcome.set(.failure(error))
      }
    }
    saving.start()
    Thread.sleep(forTimeInterval: 0.2)
    // Meanwhile the app lists and opens: they do not queue behind the stuck save.
    let listStart = ContinuousClock.now
    #expect(try store.list().projects.map(\.id) == [project.id])
    _ = try store.open(project.id)
    #expect(Self.seconds(since: listStart) < 0.5, "list and open waited for the stuck save")
    #expect(outcome.get() == nil, "the save is still waiting for the lock")
    while outcome.get() == nil, Self.seconds(since: start) < 10 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let elapsed = Self.seconds(since: start)
    guard case .failure(let error)? = outcome.get() else {
      Issue.record("the save did not fail: \(String(describing: outcome.get()))")
      return
    }
    let postgres = try #require(error as? PostgresError)
    #expect(postgres.kind == .lockTimeout)
    #expect(postgres.sqlState == "55P03")
    #expect(postgres.errorDescription?.contains("Another session held") == true, "\(postgres)")
    #expect(elapsed >= 0.9 && elapsed < 3, "ended after \(elapsed) s, the lock limit is 1 s")
    try peer.execute("ROLLBACK")
    try store.save(RevisionTests.shared(["y"]), metadata: ContractMetadata(), for: project.id)
  }

  @Test func aServerThatAcceptsAndNeverAnswersIsAnErrorInTime() throws {
    let (server, port) = try QuietServer.start()
    defer { server.terminate() }
    let start = ContinuousClock.now
    #expect(throws: PostgresError.self) {
      _ = try PostgresConnection(
        connectionString: "host=127.0.0.1 port=\(port) dbname=kadr user=kadr",
        timeouts: PostgresTimeouts(connect: .seconds(2)))
    }
    let elapsed = Self.seconds(since: start)
    #expect(elapsed < 5, "connecting took \(elapsed) s with a 2 s limit")
  }

  @Test func kadrDocLibraryListAgainstAQuietServerEndsWithAnError() throws {
    let tool = try #require(StoreServer.executable("kadr-doc-postgres"), "build kadr-doc-postgres")
    let (server, port) = try QuietServer.start()
    defer { server.terminate() }
    let process = Process()
    process.executableURL = tool
    process.arguments = ["library", "list", "--store", "postgres://kadr@127.0.0.1:\(port)/kadr"]
    var environment = ProcessInfo.processInfo.environment
    environment["PGCONNECT_TIMEOUT"] = "2"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let start = ContinuousClock.now
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    #expect(Self.seconds(since: start) < 8)
    #expect(said.contains("connect"), "\(said)")
    #expect(
      said.components(separatedBy: "Check that the server").count == 2, "the fix once: \(said)")
  }

  @Test func aServerProcessThatStopsAnsweringTimesOutAndTheNextCallReconnects() throws {
    let schema = StoreServer.freshSchema()
    let application = "kadr_stop_" + String(schema.suffix(8))
    let store = try Self.store(schema: schema, application: application)
    let project = try store.create(
      name: "Quiet", video: RevisionTests.shared(), metadata: ContractMetadata())
    let admin = try PostgresTestServer.connect()
    let pids = try admin.query(
      "SELECT pid FROM pg_stat_activity WHERE application_name = $1", [.string(application)]
    ).compactMap { try $0.int64(0) }
    #expect(!pids.isEmpty)
    // The server process stops (a stalled host): it keeps the socket open and says nothing.
    for pid in pids { kill(pid_t(pid), SIGSTOP) }
    let start = ContinuousClock.now
    #expect(throws: PostgresError.self) { _ = try store.list() }
    let elapsed = Self.seconds(since: start)
    for pid in pids { kill(pid_t(pid), SIGCONT) }
    #expect(elapsed >= 5 && elapsed < 12, "gave up after \(elapsed) s; statement 3 s + grace 5 s")
    // The next call opens a new connection, and a save still merges from the kept base.
    #expect(try store.list().projects.count == 1)
    _ = project
  }

  @Test func aKilledConnectionIsMadeAgainAndTheBaseIsKept() throws {
    let schema = StoreServer.freshSchema()
    let application = "kadr_kill_" + String(schema.suffix(8))
    let a = try Self.store(schema: schema, application: application)
    let b = try StoreServer.store(schema: schema)
    let project = try a.create(
      name: "Killed", video: RevisionTests.shared(), metadata: ContractMetadata())
    _ = try b.open(project.id)
    var held = try a.open(project.id).video
    try b.save(
      RevisionTests.editing(RevisionTests.shared(), client: 1, to: "b"),
      metadata: ContractMetadata(), for: project.id)
    let admin = try PostgresTestServer.connect()
    let killed = try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
      [.string(application)])
    #expect(killed.count >= 1)
    held = RevisionTests.editing(held, client: 0, to: "a")
    // The first call after the kill runs on a new connection, and merges from A's base.
    try a.save(held, metadata: ContractMetadata(), for: project.id)
    #expect(RevisionTests.texts(try b.open(project.id).video) == ["a", "b", "p2", "p3"])
  }

  @Test func aSchemaNameTooLongForItsChannelIsRefused() throws {
    let long = "kadr_" + String(repeating: "x", count: 46)
    #expect(long.utf8.count == 51)
    #expect {
      _ = try Store(connectionString: try StoreServer.required(), schema: long)
    } throws: { error in
      guard case PostgresProjectStoreError.invalidSchemaName? = error as? PostgresProjectStoreError
      else { return false }
      return "\(error)".contains("50 bytes")
    }
    let fits =
      "kadr_" + String(repeating: "y", count: 37) + String(StoreServer.freshSchema().suffix(8))
    #expect(fits.utf8.count == 50)
    let store = try Store(connectionString: try StoreServer.required(), schema: fits)
    let project = try store.create(
      name: "Fits", video: RevisionTests.shared(), metadata: ContractMetadata())
    try store.save(RevisionTests.shared(["z"]), metadata: ContractMetadata(), for: project.id)
    #expect(try store.history(of: project.id).count == 2, "every write of a 50-byte schema works")
  }
}

/// The outcome of a save run on another thread.
final class SaveResultBox: @unchecked Sendable {
  // @unchecked Sendable: `result` is read and written only under `lock`.
  private let lock = NSLock()
  private var result: Result<Void, any Error>?

  func set(_ value: Result<Void, any Error>) { lock.withLock { result = value } }

  func get() -> Result<Void, any Error>? { lock.withLock { result } }
}

/// A TCP server on loopback that accepts connections and never says anything.
enum QuietServer {
  /// Starts one (a Python child process) and returns it with its port.
  static func start() throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import socket, time
      s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8)
      print(s.getsockname()[1], flush=True)
      held = []
      end = time.time() + 60
      while time.time() < end:
          s.settimeout(1)
          try: held.append(s.accept())
          except socket.timeout: pass
      """,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(10) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw StoreServer.ScriptFailed(command: "quiet server", status: -1)
    }
    return (process, port)
  }
}
