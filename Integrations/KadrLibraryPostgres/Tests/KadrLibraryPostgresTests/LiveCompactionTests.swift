import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import PostgresClient
import PostgresTestServer
import Testing

/// Compaction of a busy live session: one editor writes the revisions, not each of them.
@Suite(
  "PostgreSQL store: live compaction", .serialized, .timeLimit(.minutes(3)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveCompactionTests {
  /// Four editors who keep editing past the compaction interval write one revision for it,
  /// then one when they pause, and none more: before, each editor wrote its own.
  @Test func fourEditorsWhoKeepEditingWriteOneRevisionNotFour() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try LiveSessionTests.project(store)
    let before = try store.history(of: id).count
    let sessions = try (0..<4).map { index in
      try StoreServer.store(schema: schema).joinLiveSession(id, editor: "editor \(index)")
    }
    defer { for session in sessions { session.leave() } }
    // Presence is read once a second: each editor learns who compacts.
    Thread.sleep(forTimeInterval: 1.5)
    // 600 in all, paced so that few are squashed: past the interval (200), short of twice it
    // past the first compaction.
    let edits = 150
    let group = DispatchGroup()
    let failures = LockedList()
    for (index, session) in sessions.enumerated() {
      DispatchQueue.global().async(group: group) {
        do {
          for edit in 0..<edits {
            try session.commit { try LiveSessionTests.retitled($0, "p\(index)", "e\(edit)") }
            Thread.sleep(forTimeInterval: 0.005)
          }
          try session.waitUntilAcknowledged(timeout: .seconds(60))
        } catch {
          failures.append("editor \(index): \(error)")
        }
      }
    }
    group.wait()
    #expect(failures.items.isEmpty, "\(failures.items)")
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    let held = {
      try admin.query(
        "SELECT revision_sequence, sequence FROM \(schema).live_heads WHERE project = $1::uuid",
        [.string(id.rawValue)]
      ).first.map { (try $0.int64(0) ?? -1, try $0.int64(1) ?? -1) }
    }
    let length = try held()?.1 ?? 0
    #expect(length >= 200, "the log passed the interval (\(length) edits, squashed or not)")
    let busy = try store.history(of: id).count - before
    #expect(busy == 1, "one revision while they edited, not one an editor: \(busy)")

    #expect(
      LiveSessionTests.eventually(15) { (try? held()?.0) == length },
      "the pause compacts the rest")
    // Past three pauses, when an editor that does not compact would write one.
    Thread.sleep(forTimeInterval: 7)
    let all = try store.history(of: id).count - before
    #expect(all == 2, "one for the pause, and no more: \(all)")
    let expected = try LiveSessionTests.bytes(sessions[0].video)
    let late = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(try LiveSessionTests.bytes(late.video) == expected, "a late joiner starts there")
  }
}
