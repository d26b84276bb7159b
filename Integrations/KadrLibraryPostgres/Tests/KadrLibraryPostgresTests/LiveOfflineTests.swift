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

  /// Ann adds a picture while Ben is away; then the store loses it (a restore from an older
  /// backup). Ben, back, and Cy, joining after the log became a revision, show a placeholder
  /// for it and agree with Ann on everything else; an edit Ben makes keeps Ann's picture.
  /// Before, Ben skipped Ann's edit (he alone: the others had applied it) and Cy could not
  /// join at all.
  @Test func aPictureTheStoreLostIsAPlaceholderAndTheEditorsStillAgree() async throws {
    let relay = try Relay()
    defer { relay.remove() }
    let (schema, store, id, ann, ben) = try relay.annAndBen()
    defer {
      ann.leave()
      ben.leave()
    }
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    try relay.cut(admin)
    let picture = PlatformImage.solidColor(PlatformColor(red: 0, green: 0.5, blue: 1), width: 4)
    try ann.commit { try $0.insertingClip(ImageClip(picture, duration: 1).id("pic"), at: [0]) }
    try await LiveCompactionTests.offPool { try ann.waitUntilAcknowledged() }
    let held = {
      try Relay.number(
        admin, "SELECT revision_sequence FROM \(schema).live_heads WHERE project = $1::uuid", id)
    }
    #expect(await LiveCompactionTests.settles(30) { (try? held()) ?? 0 >= ann.sequence })
    let token = try store.images.token(for: picture)
    try admin.execute("DELETE FROM \(schema).image_uses; DELETE FROM \(schema).images")

    try relay.restore()
    #expect(await LiveCompactionTests.settles(30) { ben.sequence == ann.sequence })
    let shown = { (video: Video) in
      video.clips.lazy.compactMap { $0 as? ImageClip }.first { $0.clipID == "pic" }?.image.data
    }
    #expect(shown(ann.video) == picture.data)
    #expect(shown(ben.video) != nil, "Ben shows the clip Ann added")
    #expect(shown(ben.video) != picture.data)
    #expect(ben.unresolvedImageTokens == [token])
    #expect(ann.unresolvedImageTokens.isEmpty)
    let withoutPicture = { (video: Video) in
      try LiveSessionTests.bytes(video.removingClip(id: "pic"))
    }
    #expect(try withoutPicture(ann.video) == withoutPicture(ben.video))
    let cy = try store.joinLiveSession(id, editor: "Cy")
    defer { cy.leave() }
    #expect(cy.unresolvedImageTokens == [token])
    #expect(try withoutPicture(cy.video) == withoutPicture(ann.video))

    // Ben's edit elsewhere saves the placeholder back as the token: Ann keeps her picture.
    try ben.commit { try LiveSessionTests.retitled($0, "p1", "Ben was here") }
    try await LiveCompactionTests.offPool { try ben.waitUntilAcknowledged() }
    #expect(await LiveCompactionTests.settles(30) { ann.sequence == ben.sequence })
    #expect(LiveSessionTests.text(ann.video, "p1") == "Ben was here")
    #expect(shown(ann.video) == picture.data)
    let late = try store.joinLiveSession(id, editor: "late")
    defer { late.leave() }
    #expect(late.unresolvedImageTokens == [token], "the document still names the picture")
  }

  /// A timeline with a picture: Ben, away, keeps editing it (each edit writes the whole
  /// composition, the picture's token included) and adds a picture of his own; his edits land
  /// when he is back. Before, naming a picture took a query of the server (it computed the
  /// digest), so every edit of an editor away failed, and each edit of one at the server sent
  /// every picture's bytes.
  @Test func anEditorAwayEditsATimelineWithAPicture() async throws {
    let relay = try Relay()
    defer { relay.remove() }
    let (_, _, _, ann, ben) = try relay.annAndBen()
    defer {
      ann.leave()
      ben.leave()
    }
    let picture = PlatformImage.solidColor(PlatformColor(red: 1, green: 0.5, blue: 0), width: 5)
    try ann.commit { try $0.insertingClip(ImageClip(picture, duration: 1).id("pic"), at: [0]) }
    try await LiveCompactionTests.offPool { try ann.waitUntilAcknowledged() }
    #expect(await LiveCompactionTests.settles(15) { ben.sequence == ann.sequence })
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    try relay.cut(admin)
    let started = ContinuousClock.now
    for take in 0..<20 {
      try ben.commit { try LiveSessionTests.retitled($0, "p1", "Ben away \(take)") }
    }
    #expect(ContinuousClock.now - started < .seconds(5), "editing away waits for nobody")
    #expect(LiveSessionTests.text(ben.video, "p1") == "Ben away 19")
    // A picture new to the store, added while away.
    let added = PlatformImage.solidColor(PlatformColor(red: 0.2, green: 1, blue: 0.4), width: 6)
    try ben.commit { try $0.insertingClip(ImageClip(added, duration: 1).id("new"), at: [1]) }
    try relay.restore()
    try await LiveCompactionTests.offPool { try ben.waitUntilAcknowledged(timeout: .seconds(30)) }
    #expect(await LiveCompactionTests.settles(15) { ann.sequence == ben.sequence })
    #expect(LiveSessionTests.text(ann.video, "p1") == "Ben away 19")
    let pictures = { (video: Video) in video.clips.compactMap { ($0 as? ImageClip)?.image.data } }
    #expect(pictures(ann.video) == [picture.data, added.data])
    #expect(pictures(ben.video) == [picture.data, added.data])
    let withoutPicture = { (video: Video) in
      try LiveSessionTests.bytes(video.removingClip(id: "pic").removingClip(id: "new"))
    }
    #expect(try withoutPicture(ann.video) == withoutPicture(ben.video))
    #expect(ann.unresolvedImageTokens.isEmpty && ben.unresolvedImageTokens.isEmpty)
  }

  /// The store is slow (a transaction holds its images table) while Ben's session reads a
  /// picture Ann added: it reads it outside its lock, so Ben's app's calls answer at once.
  /// Before, the session read it under its lock, and `video` waited for the store.
  @Test func theAppIsNotHeldWhileAPictureIsRead() async throws {
    let relay = try Relay()
    defer { relay.remove() }
    let (schema, _, _, ann, ben) = try relay.annAndBen()
    defer {
      ann.leave()
      ben.leave()
    }
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    try relay.cut(admin)
    let picture = PlatformImage.solidColor(PlatformColor(red: 0.9, green: 0.9, blue: 0), width: 7)
    try ann.commit { try $0.insertingClip(ImageClip(picture, duration: 1).id("slow"), at: [0]) }
    try await LiveCompactionTests.offPool { try ann.waitUntilAcknowledged() }
    let holder = try PostgresTestServer.connect()
    defer { holder.close() }
    try holder.execute("BEGIN; LOCK TABLE \(schema).images IN ACCESS EXCLUSIVE MODE")
    try relay.restore()
    // Ben's session is reading the picture, and waits for the table.
    let reading = {
      try admin.query(
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
        [.string("%FROM \(schema).images WHERE token%")]
      ).first?.int64(0) ?? 0
    }
    #expect(await LiveCompactionTests.settles(10) { (try? reading()) ?? 0 > 0 })
    let start = ContinuousClock.now
    let shown = ben.video.clips.count
    let took = ContinuousClock.now - start
    try holder.execute("COMMIT")
    #expect(took < .milliseconds(500), "Ben's app waited \(took) for the session")
    #expect(shown == ann.video.clips.count - 1, "it showed the composition before the picture")
    #expect(await LiveCompactionTests.settles(15) { ben.sequence == ann.sequence })
    let pictures = { (video: Video) in video.clips.compactMap { ($0 as? ImageClip)?.image.data } }
    #expect(pictures(ben.video) == [picture.data])
    #expect(ben.unresolvedImageTokens.isEmpty)
  }

  /// A plugin's clip with a rule between two fields: Ben, away, moves its start to 6 (of 0
  /// to 10) while Ann moves its end to 4. Each edit is valid; together they are not. Back,
  /// Ben takes Ann's edit in and is told his edit was taken back; both show Ann's. Before,
  /// Ben skipped Ann's edit (he alone) and the two compositions stayed apart.
  @Test func anEditThatNoLongerFitsIsTakenBackAndTheEditorIsTold() async throws {
    let relay = try Relay()
    defer { relay.remove() }
    let schema = StoreServer.freshSchema()
    let registry = try CodecRegistry.standard.merging(SpanModule.fragment())
    let store = try PostgresProjectStore<ContractMetadata>(
      connectionString: StoreServer.required(), schema: schema, registry: registry)
    let id = try store.create(
      name: "Spans", video: Video(clips: [Span(from: 0, to: 10).id("span")]),
      metadata: ContractMetadata()
    ).id
    let ann = try store.joinLiveSession(id, editor: "Ann")
    let ben = try PostgresProjectStore<ContractMetadata>(
      connectionString: relay.connectionString, schema: schema, registry: registry
    ).joinLiveSession(id, editor: "Ben")
    defer {
      ann.leave()
      ben.leave()
    }
    let told = LockedList()
    let reading = Task {
      for await update in ben.updates {
        if case .rejected(let edits, _, _) = update.cause {
          told.append("\(edits.lowerBound)...\(edits.upperBound)")
        }
      }
    }
    defer { reading.cancel() }
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    try relay.cut(admin)
    let number = try ben.commit {
      try $0.replacingClip(id: "span", with: Span(from: 6, to: 10).id("span"))
    }
    try ann.commit { try $0.replacingClip(id: "span", with: Span(from: 0, to: 4).id("span")) }
    try await LiveCompactionTests.offPool { try ann.waitUntilAcknowledged() }

    try relay.restore()
    try await LiveCompactionTests.offPool { try ben.waitUntilAcknowledged(timeout: .seconds(30)) }
    #expect(
      await LiveCompactionTests.settles(15) { told.items == ["\(number ?? 0)...\(number ?? 0)"] })
    let span = { (video: Video) in video.clips.first as? Span }
    #expect(await LiveCompactionTests.settles(15) { ben.sequence == ann.sequence })
    #expect(span(ben.video)?.from == 0 && span(ben.video)?.to == 4)
    #expect(span(ann.video)?.from == 0 && span(ann.video)?.to == 4)
    let coder = KadrCoder(registry: registry)
    #expect(try coder.data(for: ben.video) == coder.data(for: ann.video))
    #expect(ben.unacknowledgedCount == 0)
  }
}

/// A clip of a plugin whose two fields must keep an order: `from` before `to`.
private struct Span: Clip {
  var from: Int
  var to: Int
  var clipID: ClipID?
  var duration: Time { Time(value: Int64(to - from), timescale: 1) }

  func id(_ id: ClipID) -> Span { Span(from: from, to: to, clipID: id) }
}

private struct SpanCodec: ClipCodec {
  enum Key: String, PayloadKey {
    case from, to, clipID
  }

  var kindID: KindID { "com.example.span" }

  func encode(_ value: Span, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(value.from, for: .from)
    try payload.encode(value.to, for: .to)
    try payload.encodeIfPresent(value.clipID, for: .clipID)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Span {
    let from = try payload.decode(Int.self, for: .from)
    let to = try payload.decode(Int.self, for: .to)
    guard from < to else {
      throw payload.error(.invalidValue("a span ends after it starts: \(from) to \(to)"))
    }
    return Span(from: from, to: to, clipID: try payload.decodeIfPresent(ClipID.self, for: .clipID))
  }

  func samples() -> CodecSamples<Span> {
    CodecSamples(minimal: Span(from: 0, to: 1), maximal: [Span(from: 2, to: 5, clipID: "s")])
  }
}

private enum SpanModule: RegistryModule {
  static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: SpanCodec())
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
