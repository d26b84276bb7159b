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
  // These tests wait seconds for pauses and compactions. They wait without holding a thread of
  // the test runner's pool (two on a two-core machine), so that async tests running beside them
  // (autosave's timers) are not starved: `settles`, `pause` and `offPool` below.

  /// Waits until `condition` holds, up to `seconds`, checking every 10 ms.
  static func settles(_ seconds: Double = 15, _ condition: () throws -> Bool) async rethrows
    -> Bool
  {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      await pause(0.01)
    }
    return try condition()
  }

  /// Sleeps `seconds` without holding a thread.
  static func pause(_ seconds: Double) async {
    try? await Task.sleep(for: .seconds(seconds))
  }

  /// Runs `body`, which blocks, on a thread of its own, and gives its result.
  static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
  }

  /// Four editors who keep editing past the compaction interval write one revision for it,
  /// then one when they pause, and none more: before, each editor wrote its own.
  @Test func fourEditorsWhoKeepEditingWriteOneRevisionNotFour() async throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try LiveSessionTests.project(store)
    let before = try store.history(of: id).count
    let sessions = try (0..<4).map { index in
      try StoreServer.store(schema: schema).joinLiveSession(id, editor: "editor \(index)")
    }
    defer { for session in sessions { session.leave() } }
    // Presence is read once a second: each editor learns who compacts.
    await Self.pause(1.5)
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
    await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
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
    // One for the interval, not one an editor (4). A second only when the machine held every
    // editor still past the 2 s pause mid-run (seen once in a full parallel run on 2 cores),
    // which is a pause the store rightly compacts.
    let busy = try store.history(of: id).count - before
    #expect((1...2).contains(busy), "one revision while they edited, not one an editor: \(busy)")

    #expect(
      await Self.settles(15) { (try? held()?.0) == length }, "the pause compacts the rest")
    let settled = try store.history(of: id).count - before
    #expect(settled - busy <= 1, "one for the pause: \(busy) then \(settled)")
    // Past three pauses, when an editor that does not compact would write one.
    await Self.pause(7)
    let all = try store.history(of: id).count - before
    #expect(all == settled, "no more once the log is compacted: \(settled) then \(all)")
    let expected = try LiveSessionTests.bytes(sessions[0].video)
    let late = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(try LiveSessionTests.bytes(late.video) == expected, "a late joiner starts there")
  }

  /// A picture an editor adds in a live edit is written with the edit and counted as used by
  /// it: an image collection before the next compaction keeps it, the other editor and a late
  /// joiner see it, and once a revision holds the edit the revision is what keeps it.
  @Test func aPictureAddedLiveSurvivesACollectionBeforeTheLogIsCompacted() async throws {
    let (schema, id, ann, ben) = try LiveSessionTests.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }
    let store = try StoreServer.store(schema: schema)
    let picture = PlatformImage.solidColor(PlatformColor(red: 0.2, green: 0.4, blue: 0.6), width: 3)
    try ann.commit { try $0.insertingClip(ImageClip(picture, duration: 1).id("still"), at: [0]) }
    try await Self.offPool { try ann.waitUntilAcknowledged() }
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    let uses = {
      try admin.query(
        "SELECT count(*) FROM \(schema).image_uses WHERE project = $1::uuid AND use LIKE 'live:%'",
        [.string(id.rawValue)]
      ).first?.int64(0) ?? -1
    }
    let revisionBefore = try admin.query(
      "SELECT revision_sequence FROM \(schema).live_heads WHERE project = $1::uuid",
      [.string(id.rawValue)]
    ).first?.int64(0)
    #expect(revisionBefore == 0, "no revision holds the edit yet: the collection runs before one")
    #expect(try uses() == 1, "the edit's picture is used by the edit")

    let collection = try store.collectImages()
    #expect(collection.removed.isEmpty, "\(collection.removed)")
    #expect(await Self.settles(10) { ben.video.clips.first?.clipID == "still" })
    let seen = try #require(ben.video.clips.first as? ImageClip)
    #expect(seen.image.data == picture.data, "Ben's picture resolves")
    let late = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect((late.video.clips.first as? ImageClip)?.image.data == picture.data)

    #expect(await Self.settles(15) { (try? uses()) == 0 }, "compaction hands it over")
    #expect(try store.collectImages(dryRun: true).removed.isEmpty, "the revision keeps it")
    #expect(
      (try store.open(id).video.clips.first as? ImageClip)?.image.data == picture.data,
      "the compacted revision holds the picture")
  }
}
