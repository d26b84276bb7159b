import Foundation
import KadrDiff
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// Live sessions: editors on one project see each other's edits as they commit them, their
/// own never go back, and two edits of one property settle with a record for the loser.
@Suite(
  "PostgreSQL store: live sessions", .serialized, .timeLimit(.minutes(3)),
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LiveSessionTests {
  /// Waits until `condition` holds, up to `seconds`.
  static func eventually(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return try condition()
  }

  /// The title `id`'s text, as the composition holds it.
  static func text(_ video: Video, _ id: String) -> String? {
    video.clips.lazy.compactMap { $0 as? TitleSequence }.first { $0.clipID == ClipID(id) }?.text
  }

  /// `video` with title `id` reading `text`.
  static func retitled(_ video: Video, _ id: String, _ text: String) throws -> Video {
    try video.replacingClip(id: ClipID(id), with: TitleSequence(text, duration: 1).id(ClipID(id)))
  }

  /// The document bytes of `video`: what every editor must agree on.
  static func bytes(_ video: Video) throws -> Data {
    try KadrCoder().data(for: video)
  }

  static func project(_ store: PostgresProjectStore<ContractMetadata>) throws -> ProjectID {
    try store.create(name: "Live", video: RevisionTests.shared(), metadata: ContractMetadata()).id
  }

  /// A project in a schema of its own, and Ann and Ben in its live session, each with a store
  /// (a connection pool) of their own.
  static func twoEditors() throws -> (
    schema: String, id: ProjectID, ann: LiveSession, ben: LiveSession
  ) {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try project(store)
    let ann = try store.joinLiveSession(id, editor: "Ann")
    let ben = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "Ben")
    return (schema, id, ann, ben)
  }

  @Test func anEditReachesTheOtherEditorAsASmallRow() async throws {
    let (schema, _, ann, ben) = try Self.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }

    let number = try ann.commit { try Self.retitled($0, "p1", "Ann's title") }
    #expect(number == 1)
    #expect(Self.text(ann.video, "p1") == "Ann's title", "shown at once")
    try ann.waitUntilAcknowledged()

    var update: LiveUpdate?
    for await next in ben.updates where next.cause != .presence {
      update = next
      break
    }
    #expect(update?.cause == .edit(editor: "Ann", sequence: 1))
    #expect(update.map { Self.text($0.video, "p1") } == "Ann's title")
    #expect(update?.changes.changes.isEmpty == false, "what changed, for the timeline to animate")
    #expect(try Self.bytes(ben.video) == Self.bytes(ann.video))

    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    let size = try admin.query("SELECT octet_length(patch) FROM \(schema).live_edits").first?
      .int64(0)
    #expect((size ?? .max) < 1024, "one property is a row of \(size ?? -1) bytes")
  }

  @Test func twoEditsOfOnePropertySettleLaterWinsAndTheLoserIsTold() async throws {
    let (_, _, ann, ben) = try Self.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }

    // Ben's edit is slow to leave; Ann's reaches the server first.
    ben.holdEdits()
    try ben.commit { try Self.retitled($0, "p1", "Ben's") }
    try ann.commit { try Self.retitled($0, "p1", "Ann's") }
    try ann.waitUntilAcknowledged()
    #expect(Self.eventually { ben.sequence == 1 }, "Ben reads Ann's edit")
    #expect(Self.text(ben.video, "p1") == "Ben's", "Ben's screen never goes back")

    ben.sendHeldEdits()
    try ben.waitUntilAcknowledged()
    #expect(Self.eventually { ann.sequence == 2 })
    #expect(Self.text(ann.video, "p1") == "Ben's", "the later in the server's order wins")
    #expect(try Self.bytes(ben.video) == Self.bytes(ann.video))

    var conflicts: [LiveConflict] = []
    for await update in ann.updates {
      conflicts += update.conflicts
      if update.sequence == 2 { break }
    }
    #expect(conflicts.count == 1)
    #expect(conflicts.first?.editor == "Ben")
    #expect(conflicts.first?.yours == "“Ann's”")
    #expect(conflicts.first?.kept == "“Ben's”")
    #expect(conflicts.first?.sentence.contains("your “Ann's” was replaced") == true)
  }

  @Test func anInsertAndAnEditThatCrossBothLand() throws {
    let (_, _, ann, ben) = try Self.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }

    ben.holdEdits()
    try ben.commit { try $0.insertingClip(TitleSequence("New", duration: 1).id("n"), before: "p0") }
    try ann.commit { try Self.retitled($0, "p3", "Ann's") }
    try ann.commit { try $0.removingClip(id: "p2") }
    try ann.waitUntilAcknowledged()
    #expect(Self.eventually { ben.sequence == 2 })
    ben.sendHeldEdits()
    try ben.waitUntilAcknowledged()
    #expect(Self.eventually { ann.sequence == 3 })
    let ids = ann.video.clips.map { $0.clipID?.rawValue ?? "" }
    #expect(ids == ["n", "p0", "p1", "p3"])
    #expect(Self.text(ann.video, "p3") == "Ann's")
    #expect(try Self.bytes(ben.video) == Self.bytes(ann.video))
  }

  /// Four editors, 25 edits each, while a stranger floods the channel with forged words and the
  /// editors' connections are killed: no acknowledged edit is lost or applied twice, and every
  /// editor (and one who joins late) ends with the same bytes.
  @Test func fourEditorsThroughKilledConnectionsAgree() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try Self.project(store)
    let sessions = try (0..<4).map { index in
      try StoreServer.store(schema: schema).joinLiveSession(id, editor: "editor \(index)")
    }
    defer { for session in sessions { session.leave() } }
    let edits = 25

    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    let role = "kadr_stranger_" + String(schema.suffix(8))
    try admin.execute("CREATE ROLE \(role) LOGIN")
    defer { try? admin.execute("DROP ROLE \(role)") }
    let stranger = try PostgresTestServer.connect(as: role)
    defer { stranger.close() }

    let group = DispatchGroup()
    let failures = LockedList()
    for (index, session) in sessions.enumerated() {
      DispatchQueue.global().async(group: group) {
        do {
          for edit in 0..<edits {
            try session.commit { try Self.retitled($0, "p\(index)", "e\(index)-\(edit)") }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.02))
          }
        } catch {
          failures.append("editor \(index): \(error)")
        }
      }
    }
    // Faults while they edit.
    var killed = 0
    for round in 0..<12 {
      try stranger.notify(channel: "kadr_live_\(schema)", payload: id.rawValue)
      try stranger.notify(channel: "kadr_live_\(schema)", payload: "garbage \(round)")
      if round % 3 == 0 {
        killed += try admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> "
            + "pg_backend_pid() AND query LIKE $1",
          [.string("%\(schema).live%")]
        ).count
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    group.wait()
    #expect(failures.items.isEmpty, "\(failures.items)")
    #expect(killed > 0, "connections were killed while the editors worked")
    for session in sessions { try session.waitUntilAcknowledged(timeout: .seconds(60)) }

    let length = try admin.query(
      "SELECT count(*), count(DISTINCT (session, number)) FROM \(schema).live_edits"
    )
    .first
    #expect(try length?.int64(0) == Int64(4 * edits), "every edit once")
    #expect(try length?.int64(1) == Int64(4 * edits), "no edit written twice")
    #expect(Self.eventually(30) { sessions.allSatisfy { $0.sequence == Int64(4 * edits) } })
    let late = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "late")
    defer { late.leave() }
    let expected = try Self.bytes(late.video)
    for (index, session) in sessions.enumerated() {
      #expect(try Self.bytes(session.video) == expected, "editor \(index) agrees")
      #expect(Self.text(session.video, "p\(index)") == "e\(index)-\(edits - 1)")
    }
  }
}

extension LiveSessionTests {
  @Test func whoIsThereAndWhatTheyTouchAreHintsThatGoWhenTheyLeave() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try Self.project(store)
    let ann = try store.joinLiveSession(id, editor: "Ann")
    let ben = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "Ben")
    defer { ben.leave() }

    ann.touch("p1")
    #expect(
      Self.eventually(5) {
        ben.presence.map(\.editor) == ["Ann"] && ben.presence.first?.clip == "p1"
      },
      "\(ben.presence)")
    #expect(
      ann.presence.map(\.editor) == ["Ben"]
        || Self.eventually(5) { ann.presence.map(\.editor) == ["Ben"] })
    #expect(ben.presence.first.map { $0.expires > Date() } == true)
    ann.leave()
    #expect(Self.eventually(5) { ben.presence.isEmpty }, "Ann left: \(ben.presence)")
  }

  /// `kadr-doc library watch ID --json`: one JSON object per committed edit, as it commits.
  @Test func watchPrintsEachEditAsItCommits() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try Self.project(store)
    let ann = try store.joinLiveSession(id, editor: "Ann")
    defer { ann.leave() }
    let tool = try #require(StoreServer.executable("kadr-doc-postgres"))
    let process = Process()
    process.executableURL = tool
    process.arguments = [
      "library", "watch", id.rawValue, "--store", "postgres:" + (try StoreServer.required()),
      "--schema", schema, "--json", "--edits", "2",
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Edits until the watcher has printed two (it sees those after it joined).
    for round in 0..<100 where process.isRunning {
      try ann.commit { try Self.retitled($0, "p1", "take \(round)") }
      Thread.sleep(forTimeInterval: 0.1)
    }
    if process.isRunning { process.terminate() }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 2, "\(lines)")
    let records = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let sequences = records.compactMap { $0["sequence"] as? Int }
    #expect(sequences.count == 2 && sequences[1] == sequences[0] + 1, "\(records)")
    #expect(records.allSatisfy { $0["editor"] as? String == "Ann" })
    let changes = records.compactMap { $0["changes"] as? [String] }
    #expect(
      changes.count == 2 && changes.allSatisfy { $0.contains { $0.contains("p1") } }, "\(changes)")
  }

  @Test func watchSaysAFolderLibraryHasNoLiveSessions() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-watch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = try ProjectLibrary<ContractMetadata>(directory: folder)
    let id = try library.create(
      name: "Folder", video: RevisionTests.shared(), metadata: ContractMetadata()
    ).id
    let run = try KadrDocLibraryTests.run(
      "kadr-doc-postgres", ["library", "watch", folder.path, id.rawValue])
    #expect(run.status == 2, "\(run.err)")
    #expect(run.err.contains("has no live sessions"), "\(run.err)")
  }
}

extension LiveSessionTests {
  /// Once the editors pause, the log is the project's next revision: an app that opens the
  /// project without joining sees the edits, history has them, and a late joiner starts there.
  @Test func theLogBecomesTheProjectsRevisionWhenTheEditorsPause() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let id = try Self.project(store)
    let before = try store.history(of: id).count
    let ann = try store.joinLiveSession(id, editor: "Ann")
    defer { ann.leave() }
    for take in 0..<3 { try ann.commit { try Self.retitled($0, "p1", "take \(take)") } }
    try ann.waitUntilAcknowledged()

    let plain = try StoreServer.store(schema: schema)
    #expect(
      Self.eventually(10) { (try? Self.text(plain.open(id).video, "p1")) == "take 2" },
      "the edits are the head revision")
    #expect(try store.history(of: id).count == before + 1, "one revision for the three edits")
    let late = try plain.joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(try Self.bytes(late.video) == Self.bytes(ann.video))
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    let start = try admin.query(
      "SELECT revision_sequence FROM \(schema).live_heads WHERE project = $1::uuid",
      [.string(id.rawValue)]
    ).first?.int64(0)
    #expect(start == 3, "a late joiner starts from the revision, not the log's beginning")
  }

  /// A save made outside the session (an app that did not join, a restore) is brought into the
  /// session as an edit every editor applies.
  @Test func aSaveOutsideTheSessionIsBroughtIn() throws {
    let (schema, id, ann, ben) = try Self.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }
    try ann.commit { try Self.retitled($0, "p1", "Ann's") }
    try ann.waitUntilAcknowledged()

    let plain = try StoreServer.store(schema: schema)
    let opened = try plain.open(id)
    try plain.save(
      Self.retitled(opened.video, "p2", "saved outside"), metadata: opened.summary.metadata,
      for: id)
    #expect(Self.eventually(10) { Self.text(ben.video, "p2") == "saved outside" })
    #expect(Self.eventually(10) { Self.text(ann.video, "p2") == "saved outside" })
    #expect(Self.text(ann.video, "p1") == "Ann's", "the session's edit stays")
    #expect(Self.eventually(5) { ann.sequence == ben.sequence })
    #expect(try Self.bytes(ben.video) == Self.bytes(ann.video))
  }
}

extension LiveSessionTests {
  /// `commitClip` writes one clip, and the other editors read only that clip again: what they
  /// end with is what reading the whole composition gives, by reflection, schema 2 included.
  @Test func anEditOfOneClipIsReadAgainAloneAndAgreesWithAWholeRead() throws {
    let (schema, id, ann, ben) = try Self.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }

    // A marker needs schema 2: the document's schema changes with it.
    try ann.commitClip(id: "p1", as: TitleSequence.self) {
      $0.marker(Marker("Look here", at: .zero, kind: .toDo(completed: false)))
    }
    try ann.commitClip(id: "p2", as: TitleSequence.self) { $0.named("Second") }
    try ann.commitClip(id: "p3", as: TitleSequence.self) { _ in
      TitleSequence("Replaced", duration: 2).id("p3")
    }
    try ann.waitUntilAcknowledged()
    #expect(Self.eventually { ben.sequence == 3 })
    let late = try StoreServer.store(schema: schema).joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(String(reflecting: ben.video) == String(reflecting: late.video))
    #expect(String(reflecting: ann.video) == String(reflecting: late.video))
    #expect(try Self.bytes(ben.video) == Self.bytes(late.video))
    let titles = ben.video.clips.compactMap { $0 as? TitleSequence }
    #expect(titles.first { $0.clipID == "p2" }?.name == "Second")
    #expect(titles.first { $0.clipID == "p1" }?.markers.first?.name == "Look here")

    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    let sizes = try admin.query(
      "SELECT octet_length(patch) FROM \(schema).live_edits ORDER BY sequence"
    ).map { try $0.int64(0) ?? .max }
    #expect(sizes.count == 3 && sizes.allSatisfy { $0 < 1024 }, "\(sizes)")
  }
}

extension LiveSessionTests {
  /// An editor that kept editing while its edits could not leave (offline) comes back with a
  /// hundred of them: they are rebased onto the others' work as one, land after it, and the one
  /// property both changed is settled with a record for the other editor.
  @Test func anEditorBackFromOfflineWithAHundredEditsLandsThemAll() async throws {
    let (_, _, ann, ben) = try Self.twoEditors()
    defer {
      ann.leave()
      ben.leave()
    }

    ben.holdEdits()
    for take in 0..<100 { try ben.commit { try Self.retitled($0, "p1", "Ben \(take)") } }
    try ben.commit { try Self.retitled($0, "p3", "Ben's too") }
    #expect(ben.unacknowledgedCount <= 65, "queued as at most 64 and the newest")
    for take in 0..<50 { try ann.commit { try Self.retitled($0, "p2", "Ann \(take)") } }
    try ann.commit { try Self.retitled($0, "p3", "Ann's") }
    try ann.waitUntilAcknowledged()
    #expect(Self.eventually { ben.sequence == 51 }, "Ben reads the others' work meanwhile")
    #expect(Self.text(ben.video, "p1") == "Ben 99", "and keeps showing his own")

    ben.sendHeldEdits()
    try ben.waitUntilAcknowledged()
    #expect(Self.eventually { ann.sequence == ben.sequence })
    #expect(Self.text(ann.video, "p1") == "Ben 99")
    #expect(Self.text(ann.video, "p2") == "Ann 49")
    #expect(Self.text(ann.video, "p3") == "Ben's too", "the later in the server's order")
    #expect(try Self.bytes(ben.video) == Self.bytes(ann.video))
    var told: [LiveConflict] = []
    let last = ann.sequence
    for await update in ann.updates {
      told += update.conflicts
      if update.sequence >= last { break }
    }
    #expect(told.map(\.yours) == ["“Ann's”"], "\(told.map(\.sentence))")
  }
}

/// Strings appended from several threads.
final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func append(_ item: String) { lock.withLock { list.append(item) } }
  var items: [String] { lock.withLock { list } }
}
