import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// Clients in processes of their own: saving at once, dying mid-save, and a role that may not.
@Suite(
  "PostgreSQL store: clients in other processes", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct ProcessTests {
  /// The probe client (`Tests/PostgresStoreProbe`), built next to the tests.
  static let probe = StoreServer.executable("PostgresStoreProbe")

  /// A started probe and its standard output.
  static func launch(_ arguments: [String]) throws -> (Process, Pipe) {
    guard let probe else { throw StoreServer.NotBuilt() }
    let process = Process()
    process.executableURL = probe
    process.arguments = arguments
    // A probe killed with the server prints its error, not a backtrace.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output)
  }

  @Test func fourProcessesSavingOneProjectAHundredTimesEachLoseNoSave() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let project = try store.create(
      name: "Crowded", video: RevisionTests.shared(), metadata: ContractMetadata())
    let connection = try StoreServer.required()
    let clients = try (0..<4).map { client in
      try Self.launch(["saves", connection, schema, project.id.rawValue, "\(client)", "100"])
    }
    var saved = 0
    var conflicts = 0
    for (process, output) in clients {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      let result = try JSONDecoder().decode([String: Int].self, from: data)
      #expect(result["saved", default: 0] + result["conflicts", default: 0] == 100, "\(result)")
      saved += result["saved", default: 0]
      conflicts += result["conflicts", default: 0]
    }
    // Every save that returned is a revision; each client edits its own clip, so every save
    // merges cleanly with the others' and none conflicts.
    #expect(try store.history(of: project.id).count == 1 + saved)
    #expect(saved == 400 && conflicts == 0, "saved \(saved), conflicts \(conflicts)")
    let head = try store.open(project.id)
    #expect(RevisionTests.texts(head.video) == ["p0-99", "p1-99", "p2-99", "p3-99"])
  }

  @Test func aClientKilledInsideASaveLeavesNothingLockedAndNoHalfRevision() throws {
    let schema = StoreServer.freshSchema()
    // A lock still held after the kill would make this store wait 10 s and fail, not hang.
    let store = try PostgresProjectStore<ContractMetadata>(
      connectionString: try StoreServer.required() + " options='-c lock_timeout=10000'",
      schema: schema)
    let project = try store.create(
      name: "Interrupted", video: RevisionTests.shared(), metadata: ContractMetadata())
    let (holder, output) = try Self.launch([
      "hold", try StoreServer.required(), schema, project.id.rawValue,
    ])
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(line.hasPrefix("holding"), "the probe said \(line)")
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    let saved = try store.save(
      RevisionTests.shared(["a", "b", "c", "d"]), metadata: ContractMetadata(), for: project.id)
    #expect(saved.revision == 1, "the killed client's revision 1 was rolled back")
    #expect(try store.history(of: project.id).map(\.revision) == [1, 0])
    #expect(RevisionTests.texts(try store.open(project.id).video) == ["a", "b", "c", "d"])
  }

  @Test func aRoleWithoutPrivilegesGetsAClearErrorAndWorksOnceGranted() throws {
    let schema = StoreServer.freshSchema()
    let owner = try StoreServer.store(schema: schema)
    try owner.create(name: "Owned", video: RevisionTests.shared(), metadata: ContractMetadata())
    let admin = try PostgresConnection(connectionString: try StoreServer.required())
    let role = "kadr_app_" + String(schema.suffix(12))
    try admin.execute("CREATE ROLE \(role) LOGIN")
    defer {
      try? admin.execute("DROP OWNED BY \(role)")
      try? admin.execute("DROP ROLE \(role)")
    }
    let asRole = try PostgresTestServer.connectionString(as: role)
    do {
      _ = try PostgresProjectStore<ContractMetadata>(connectionString: asRole, schema: schema)
      Issue.record("a role with no privileges opened the store")
    } catch let error as PostgresError {
      #expect(error.kind == .insufficientPrivilege, "\(error)")
      #expect(error.recoverySuggestion?.contains("GRANT") == true, "\(error)")
    }
    // The privileges the README lists for an app's role, and no more: no DDL.
    try admin.execute("GRANT USAGE ON SCHEMA \(schema) TO \(role)")
    try admin.execute(
      "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(role)")
    let app = try PostgresProjectStore<ContractMetadata>(connectionString: asRole, schema: schema)
    let listed = try app.list().projects
    #expect(listed.map(\.name) == ["Owned"])
    _ = try app.open(listed[0].id)
    try app.save(RevisionTests.shared(), metadata: ContractMetadata(), for: listed[0].id)
    #expect(try app.collectImages(dryRun: false).removed.isEmpty)
  }
}
