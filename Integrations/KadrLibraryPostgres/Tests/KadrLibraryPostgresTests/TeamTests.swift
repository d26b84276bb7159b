import Foundation
import KadrDiff
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// A team as it works: each editor keeps editing the composition it holds and saves again, an
/// app relaunches and recovers, a client saves what it never opened, metadata changes beside
/// document saves. No acknowledged save is lost, and every real conflict is reported.
@Suite(
  "PostgreSQL store: editors that keep their copy", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct TeamTests {
  typealias Store = PostgresProjectStore<ContractMetadata>

  /// A new project in a fresh schema, and `count` stores (clients) that opened it.
  static func team(_ count: Int, video: Video = RevisionTests.shared()) throws -> (
    project: ProjectID, stores: [Store], schema: String
  ) {
    let schema = StoreServer.freshSchema()
    let creator = try StoreServer.store(schema: schema)
    let project = try creator.create(name: "Team", video: video, metadata: ContractMetadata())
    let stores = try (0..<count).map { _ in try StoreServer.store(schema: schema) }
    for store in stores { _ = try store.open(project.id) }
    return (project.id, stores, schema)
  }

  @Test func aClientThatKeepsItsCopyAfterAMergedSaveRevertsNoOneElsesEdit() throws {
    let (id, stores, _) = try Self.team(2)
    let (a, b) = (stores[0], stores[1])
    var held = RevisionTests.shared()
    try b.save(
      RevisionTests.editing(held, client: 1, to: "b1"), metadata: ContractMetadata(), for: id)
    held = RevisionTests.editing(held, client: 0, to: "a1")
    let first = try a.saveMerging(held, metadata: ContractMetadata(), for: id)
    let merged = try #require(first.mergedVideo, "the save merged B's edit and says so")
    #expect(RevisionTests.texts(merged) == ["a1", "b1", "p2", "p3"])
    // A keeps editing the copy it holds, which lacks B's edit, as an editor does.
    held = RevisionTests.editing(held, client: 0, to: "a2")
    let second = try a.saveMerging(held, metadata: ContractMetadata(), for: id)
    #expect(RevisionTests.texts(try b.open(id).video) == ["a2", "b1", "p2", "p3"])
    #expect(second.mergedVideo.map(RevisionTests.texts) == ["a2", "b1", "p2", "p3"])
    // Adopting the merged composition and editing it merges cleanly too.
    let adopted = RevisionTests.editing(merged, client: 0, to: "a3")
    try a.save(adopted, metadata: ContractMetadata(), for: id)
    #expect(RevisionTests.texts(try b.open(id).video) == ["a3", "b1", "p2", "p3"])
  }

  @Test func overlappingEditsAreConflictsWithBaseOursAndTheirs() throws {
    let (id, stores, _) = try Self.team(2)
    try stores[1].save(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "theirs"),
      metadata: ContractMetadata(), for: id)
    do {
      try stores[0].save(
        RevisionTests.editing(RevisionTests.shared(), client: 0, to: "ours"),
        metadata: ContractMetadata(), for: id)
      Issue.record("two edits of one title saved without a conflict")
    } catch PostgresProjectStoreError.conflict(_, let theirRevision, let conflicts) {
      #expect(theirRevision == 1)
      let conflict = try #require(conflicts.first)
      #expect(conflict.base == .string("p0"))
      #expect(conflict.ours == .string("ours"))
      #expect(conflict.theirs == .string("theirs"))
    }
    #expect(RevisionTests.texts(try stores[1].open(id).video).first == "theirs")
  }

  /// Runs `clients` probes in `keeps` mode and returns each one's report.
  static func keepingProbes(
    _ clients: Int, saves: Int, schema: String, project: ProjectID, shared: Bool
  ) throws -> [[String: Int]] {
    let connection = try StoreServer.required()
    let launched = try (0..<clients).map { client in
      try ProcessTests.launch(
        ["keeps", connection, schema, project.rawValue, "\(client)", "\(saves)"]
          + (shared ? ["shared"] : []))
    }
    return try launched.map { process, output in
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      return try JSONDecoder().decode([String: Int].self, from: data)
    }
  }

  @Test func fourProcessesKeepingTheirCopiesLoseNoAcknowledgedEdit() throws {
    let (id, stores, schema) = try Self.team(1)
    let reports = try Self.keepingProbes(4, saves: 15, schema: schema, project: id, shared: false)
    for (client, report) in reports.enumerated() {
      #expect(report["saved"] == 15 && report["conflicts"] == 0, "client \(client): \(report)")
    }
    let head = try stores[0].open(id)
    #expect(RevisionTests.texts(head.video) == ["p0-14", "p1-14", "p2-14", "p3-14"])
    // No acknowledged edit flickers: across the history, each client's step only grows.
    var newest = [Int](repeating: -1, count: 4)
    for revision in try stores[0].history(of: id).map(\.revision).reversed() {
      let texts = RevisionTests.texts(try stores[0].open(id, revision: revision).video)
      for (client, text) in texts.enumerated() {
        let step = text.split(separator: "-").last.flatMap { Int($0) } ?? -1
        #expect(step >= newest[client], "revision \(revision) undid client \(client)'s edit")
        newest[client] = max(newest[client], step)
      }
    }
    #expect(try stores[0].history(of: id).count == 1 + 60)
  }

  @Test func processesEditingOneTitleReportEveryConflictWithItsValues() throws {
    let (id, stores, schema) = try Self.team(1)
    let reports = try Self.keepingProbes(3, saves: 10, schema: schema, project: id, shared: true)
    let saved = reports.map { $0["saved", default: 0] }.reduce(0, +)
    for report in reports {
      #expect(report["saved", default: 0] + report["conflicts", default: 0] == 10, "\(report)")
      #expect(report["conflictsWithoutValues"] == 0, "every conflict carries its three values")
    }
    #expect(try stores[0].history(of: id).count == 1 + saved, "each acknowledged save is kept")
    // The head is one client's acknowledged last save, never a value nobody saved last.
    let head = try #require(RevisionTests.texts(try stores[0].open(id).video).first)
    let lasts = reports.enumerated().map { "p\($0)-\($1["last", default: -1])" }
    #expect(lasts.contains(head), "head \(head), lasts \(lasts)")
  }

  @Test func aRecoveredAutosaveSavesMergedWithSavesMadeSince() throws {
    let (id, stores, schema) = try Self.team(2)
    let (a, b) = (stores[0], stores[1])
    a.scheduleSave(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "recovered"),
      metadata: ContractMetadata(), for: id)
    try a.flush()
    // The app relaunches: a new store recovers the autosave; meanwhile B saves.
    let relaunched = try StoreServer.store(schema: schema)
    let recovered = try #require(try relaunched.recover(id))
    try b.save(
      RevisionTests.editing(RevisionTests.shared(), client: 1, to: "b"),
      metadata: ContractMetadata(), for: id)
    try relaunched.save(recovered.video, metadata: recovered.metadata, for: id)
    #expect(RevisionTests.texts(try b.open(id).video) == ["recovered", "b", "p2", "p3"])
  }

  @Test func aSaveWithoutAnOpenIsRefusedAndWritesNothing() throws {
    let (id, stores, schema) = try Self.team(1)
    let stranger = try StoreServer.store(schema: schema)
    func isNotOpened(_ error: any Error) -> Bool {
      guard
        case PostgresProjectStoreError.notOpened(let project)? = error as? PostgresProjectStoreError
      else { return false }
      return project == id
    }
    #expect {
      try stranger.save(RevisionTests.shared(["x"]), metadata: ContractMetadata(), for: id)
    } throws: { isNotOpened($0) }
    stranger.scheduleSave(RevisionTests.shared(["x"]), metadata: ContractMetadata(), for: id)
    #expect { try stranger.flush() } throws: { isNotOpened($0) }
    #expect(try stores[0].history(of: id).count == 1)
    let missing = ProjectID()
    #expect(throws: ProjectLibraryError.projectNotFound(missing)) {
      try stranger.save(RevisionTests.shared(), metadata: ContractMetadata(), for: missing)
    }
  }

  @Test func aDocumentSaveKeepsAnotherClientsMetadataUpdate() throws {
    let (id, stores, _) = try Self.team(2)
    let (a, b) = (stores[0], stores[1])
    try b.updateMetadata(of: id) { $0.zoom = 2 }
    // A saves the composition with the metadata it opened, and a note of its own.
    try a.save(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "a"),
      metadata: ContractMetadata(note: "mine", zoom: 1), for: id)
    let head = try b.open(id)
    #expect(head.metadata.zoom == 2, "B's update is kept")
    #expect(head.metadata.note == "mine", "A's change is kept")
    #expect(RevisionTests.texts(head.video).first == "a")
  }
}
