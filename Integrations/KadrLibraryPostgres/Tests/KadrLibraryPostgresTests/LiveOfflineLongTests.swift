import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// An editor away for a long time, in real time: while Ben is offline, Ann keeps editing at a
/// person's pace, the log is compacted again and again, and Ben's presence lapses; Ben keeps
/// editing too, one clip that Ann also changed among them. When Ben is back, both agree, each
/// one's work is there, and Ann is told that Ben's later edit replaced her value.
///
/// CI runs it for 15 s; `KADR_LIVE_OFFLINE_SECONDS=3600` runs the real hour.
@Suite(
  "PostgreSQL store: an editor away for long", .serialized,
  .timeLimit(.minutes(AwayFor.minutes + 3)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveOfflineLongTests {
  /// The most edits a session keeps apart while unacknowledged, and the one it squashes into.
  static let pendingBound = 64 + 1

  @Test func anEditorAwayForLongComesBackWithItsEditsAndAnnIsTold() async throws {
    let relay = try Relay()
    defer { relay.remove() }
    let (schema, store, id, ann, ben) = try relay.annAndBen()
    defer {
      ann.leave()
      ben.leave()
    }
    let told = Told()
    let listening = Task {
      for await update in ann.updates { told.add(update.conflicts.map(\.sentence)) }
    }
    defer { listening.cancel() }
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    // Ben's presence as the server holds it: a hint that lapses unless he says it again.
    let benPresent = {
      try admin.query(
        "SELECT count(*) FROM \(schema).live_presence WHERE editor = convert_to('Ben', 'UTF8') "
          + "AND expires > extract(epoch FROM clock_timestamp())"
      ).first?.int64(0) ?? 0 > 0
    }
    ben.touch("p1")
    #expect(
      await LiveCompactionTests.settles(30) { (try? benPresent()) == true },
      "Ben says he is there before he goes")
    try relay.cut(admin)
    // Ann changes p3 once, early; Ben changes it later, offline: his edit reaches the server
    // after hers, so his value wins when he is back.
    try ann.commit { try LiveSessionTests.retitled($0, "p3", "Ann's p3") }
    let start = Date()
    var (annTakes, benTakes, benMostPending, benErred, benLapsed) = (0, 0, 0, false, false)
    while Date().timeIntervalSince(start) < AwayFor.seconds {
      try ann.commit { try LiveSessionTests.retitled($0, "p2", "Ann \(annTakes)") }
      annTakes += 1
      if annTakes % 4 == 0 {
        try ben.commit { try LiveSessionTests.retitled($0, "p1", "Ben \(benTakes)") }
        benTakes += 1
        if benTakes == 2 { try ben.commit { try LiveSessionTests.retitled($0, "p3", "Ben's p3") } }
      }
      benMostPending = max(benMostPending, ben.unacknowledgedCount)
      benErred = benErred || ben.lastError != nil
      benLapsed = benLapsed || (try? benPresent()) == false
      await LiveCompactionTests.pause(0.5)
    }
    #expect(benTakes >= 2)
    #expect(benErred, "Ben's session met the missing server")
    #expect(ben.sequence == 0, "and read nothing while away")
    #expect(benMostPending <= Self.pendingBound, "his edits, squashed, stay few")
    #expect(benLapsed, "Ben's presence lapsed while he was away")
    #expect(!ann.presence.contains { $0.editor == "Ben" }, "and Ann does not see him")
    try await LiveCompactionTests.offPool { try ann.waitUntilAcknowledged() }
    let revisions = {
      try Relay.number(
        admin, "SELECT count(*) FROM \(schema).revisions WHERE project = $1::uuid", id)
    }
    #expect(
      await LiveCompactionTests.settles(30) { (try? revisions()) ?? 0 >= 2 },
      "the log becomes a revision while Ben is away")

    // Back.
    try relay.restore()
    try await LiveCompactionTests.offPool { try ben.waitUntilAcknowledged(timeout: .seconds(60)) }
    #expect(await LiveCompactionTests.settles(30) { ann.sequence == ben.sequence })
    #expect(LiveSessionTests.text(ann.video, "p1") == "Ben \(benTakes - 1)")
    #expect(LiveSessionTests.text(ben.video, "p2") == "Ann \(annTakes - 1)")
    #expect(LiveSessionTests.text(ann.video, "p3") == "Ben's p3")
    #expect(try LiveSessionTests.bytes(ann.video) == LiveSessionTests.bytes(ben.video))
    #expect(
      await LiveCompactionTests.settles { told.sentences.contains { $0.contains("Ann's p3") } },
      "Ann is told her p3 was replaced: \(told.sentences)")
    #expect(
      await LiveCompactionTests.settles(30) {
        (try? store.open(id).video).flatMap { try? LiveSessionTests.bytes($0) }
          == (try? LiveSessionTests.bytes(ben.video))
      }, "the project's head holds it once the editors pause")
    let late = try store.joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(try LiveSessionTests.bytes(late.video) == LiveSessionTests.bytes(ben.video))
  }

  /// The conflict sentences an editor was shown.
  final class Told: @unchecked Sendable {
    // @unchecked Sendable: `list` is read and written only under `lock`.
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ sentences: [String]) { lock.withLock { list += sentences } }
    var sentences: [String] { lock.withLock { list } }
  }
}

/// How long the editor of ``LiveOfflineLongTests`` is away.
enum AwayFor {
  static let seconds: Double =
    ProcessInfo.processInfo.environment["KADR_LIVE_OFFLINE_SECONDS"].flatMap(Double.init).map {
      min(max($0, 5), 86_400)
    } ?? 15
  static var minutes: Int { Int((seconds / 60).rounded(.up)) }
}
