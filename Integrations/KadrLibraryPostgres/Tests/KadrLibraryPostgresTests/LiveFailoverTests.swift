import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import Testing

/// A failover under live editors. It starts, crashes and promotes servers of its own, so it
/// runs alone, after the crash tests (`Scripts/test`).
@Suite(
  "PostgreSQL store: live editors through a failover", .serialized, .timeLimit(.minutes(3)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveFailoverTests {
  /// Runs the server script with `arguments` (see `ServerCrashTests.server(_:_:)`).
  static func server(_ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [ServerCrashTests.script.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw StoreServer.ScriptFailed(command: arguments[0], status: process.terminationStatus)
    }
  }

  /// Two editors keep editing while their server fails over: the primary crashes and its
  /// synchronous standby is promoted. Their connection string names both servers (libpq tries
  /// each, and `target_session_attrs=read-write` takes only the primary), so the sessions
  /// reconnect to the promoted one, read what they missed and send the rest; every edit is
  /// there once, and both editors and a late joiner hold the same composition.
  @Test func liveEditorsGoOnThroughAFailoverToThePromotedStandby() throws {
    let base = "/tmp/kadr-failover-" + UUID().uuidString.prefix(8).lowercased()
    let primary = base + "-a"
    let standby = base + "-b"
    try Self.server("start", primary)
    defer { try? Self.server("stop", primary) }
    try Self.server("standby", primary, standby)
    defer { try? Self.server("stop", standby) }
    let both =
      "host=\(primary),\(standby) user=postgres dbname=postgres target_session_attrs=read-write"

    let schema = StoreServer.freshSchema()
    let store = try PostgresProjectStore<ContractMetadata>(connectionString: both, schema: schema)
    let id = try LiveSessionTests.project(store)
    let editors = try ["Ann", "Ben"].map { name in
      try PostgresProjectStore<ContractMetadata>(connectionString: both, schema: schema)
        .joinLiveSession(id, editor: name)
    }
    defer { for editor in editors { editor.leave() } }
    let edits = 150
    let group = DispatchGroup()
    let failures = LockedList()
    for (index, editor) in editors.enumerated() {
      DispatchQueue.global().async(group: group) {
        do {
          for edit in 0..<edits {
            try editor.commit { try LiveSessionTests.retitled($0, "p\(index)", "\(index)-\(edit)") }
            Thread.sleep(forTimeInterval: 0.02)
          }
        } catch {
          failures.append("editor \(index): \(error)")
        }
      }
    }
    // Once both have edits acknowledged (and still edit: 150 edits take 3 s).
    #expect(
      LiveSessionTests.eventually(10) { editors.allSatisfy { $0.sequence > 0 } },
      "edits were committed before the failover")
    let before = editors.map(\.sequence)
    try Self.server("crash", primary)
    try Self.server("promote", standby)
    group.wait()
    #expect(failures.items.isEmpty, "\(failures.items)")
    for editor in editors { try editor.waitUntilAcknowledged(timeout: .seconds(60)) }

    let admin = try PostgresConnection(
      connectionString: "host=\(standby) user=postgres dbname=postgres")
    defer { admin.close() }
    let counts = try admin.query(
      "SELECT count(*), count(DISTINCT (session, number)), max(sequence) FROM "
        + "\(schema).live_edits WHERE project = $1::uuid",
      [.string(id.rawValue)]
    ).first
    let rows = try counts?.int64(0) ?? 0
    #expect(rows > before.max() ?? 0, "edits landed on the promoted server: \(before), \(rows)")
    #expect(try counts?.int64(1) == rows, "no edit written twice")
    #expect(try counts?.int64(2) == rows, "the log has no gap")
    #expect(
      LiveSessionTests.eventually(30) { editors.allSatisfy { $0.sequence == rows } },
      "both editors read the whole log")
    let expected = try LiveSessionTests.bytes(editors[0].video)
    #expect(try LiveSessionTests.bytes(editors[1].video) == expected)
    for (index, editor) in editors.enumerated() {
      #expect(LiveSessionTests.text(editor.video, "p\(index)") == "\(index)-\(edits - 1)")
    }
    let late = try PostgresProjectStore<ContractMetadata>(connectionString: both, schema: schema)
      .joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(try LiveSessionTests.bytes(late.video) == expected)
  }
}
