import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// Autosave on PostgreSQL: an autosave that is a save, its events, and edits that an explicit
/// save or another client's save made stale.
@Suite(
  "PostgreSQL store: autosave", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct AutosaveTests {
  /// A store that autosaves by `policy` with a short delay.
  static func store(schema: String, policy: AutosavePolicy) throws
    -> PostgresProjectStore<ContractMetadata>
  {
    try PostgresProjectStore<ContractMetadata>(
      connectionString: try StoreServer.required(), schema: schema,
      autosaveDelay: .milliseconds(50), autosave: policy)
  }

  /// A store autosaving by `policy` and a project it created, which another client has since
  /// opened and saved with clip p`clip` reading "theirs" (revision 1).
  static func savedByAnotherClient(policy: AutosavePolicy, clip: Int) throws
    -> (PostgresProjectStore<ContractMetadata>, ProjectSummary<ContractMetadata>)
  {
    let schema = StoreServer.freshSchema()
    let editor = try store(schema: schema, policy: policy)
    let other = try StoreServer.store(schema: schema)
    let project = try editor.create(
      name: "Shared", video: RevisionTests.shared(), metadata: ContractMetadata())
    _ = try other.open(project.id)
    try other.save(
      RevisionTests.editing(RevisionTests.shared(), client: clip, to: "theirs"),
      metadata: ContractMetadata(), for: project.id)
    return (editor, project)
  }

  /// The first event on `events`, or `nil` after `seconds`.
  static func firstEvent(
    _ events: AsyncStream<AutosaveEvent>, within seconds: Double = 10
  ) async -> AutosaveEvent? {
    await withTaskGroup(of: AutosaveEvent?.self) { group in
      group.addTask {
        for await event in events { return event }
        return nil
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(seconds))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  @Test func anAutosaveThatSavesIsARevisionEveryClientSees() async throws {
    let schema = StoreServer.freshSchema()
    let editor = try Self.store(schema: schema, policy: .saves)
    let other = try StoreServer.store(schema: schema)
    let project = try editor.create(
      name: "No Save command", video: RevisionTests.shared(), metadata: ContractMetadata())
    let events = editor.autosaveEvents()
    let picture = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 2)
    editor.scheduleSave(
      RevisionTests.editing(RevisionTests.shared(), client: 2, to: "typed"),
      metadata: ContractMetadata(note: "autosaved"), thumbnail: .set(picture), for: project.id)

    let event = await Self.firstEvent(events)
    guard case .written(let id)? = event else {
      Issue.record("no written event: \(String(describing: event))")
      return
    }
    #expect(id == project.id)
    let listed = try #require(try other.list().projects.first { $0.id == project.id })
    #expect(listed.revision == 1, "the autosave is revision 1")
    #expect(listed.thumbnailToken != nil, "an autosave that saves sets the thumbnail it was given")
    let opened = try other.open(project.id)
    #expect(RevisionTests.texts(opened.video) == ["p0", "p1", "typed", "p3"])
    #expect(opened.metadata.note == "autosaved")
    #expect(try other.recover(project.id) == nil, "a save leaves nothing to recover")
  }

  @Test func anExplicitSaveDropsThePendingEditForGood() throws {
    for policy in [AutosavePolicy.saves, .recoveryCopies] {
      let store = try Self.store(schema: StoreServer.freshSchema(), policy: policy)
      let project = try store.create(
        name: "Saved", video: RevisionTests.shared(), metadata: ContractMetadata())
      store.scheduleSave(
        RevisionTests.editing(RevisionTests.shared(), client: 0, to: "draft"),
        metadata: ContractMetadata(), for: project.id)
      try store.save(
        RevisionTests.editing(RevisionTests.shared(), client: 0, to: "final"),
        metadata: ContractMetadata(), for: project.id)
      try store.flush()
      Thread.sleep(forTimeInterval: 0.3)  // past the delay: the timer finds nothing to write
      #expect(try store.history(of: project.id).count == 2, "\(policy): create and the save")
      #expect(RevisionTests.texts(try store.open(project.id).video).first == "final")
      #expect(try store.recover(project.id) == nil, "\(policy): the draft is offered")
    }
  }

  @Test func aRecoveryCopyIsNotWrittenOverAnotherClientsLaterSave() throws {
    let (editor, project) = try Self.savedByAnotherClient(policy: .recoveryCopies, clip: 1)
    // The editor's edit was made on revision 0; revision 1 is newer than it.
    editor.scheduleSave(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "stale"),
      metadata: ContractMetadata(), for: project.id)
    try editor.flush()
    #expect(try editor.recover(project.id) == nil, "a recovery copy would undo their save")
    #expect(RevisionTests.texts(try editor.open(project.id).video)[1] == "theirs")
  }

  @Test func anAutosaveThatConflictsIsReportedAndStaysPending() async throws {
    let (editor, project) = try Self.savedByAnotherClient(policy: .saves, clip: 0)
    let events = editor.autosaveEvents()
    editor.scheduleSave(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "ours"),
      metadata: ContractMetadata(), for: project.id)
    let event = await Self.firstEvent(events)
    guard case .failed(let id, let error)? = event else {
      Issue.record("no failed event: \(String(describing: event))")
      return
    }
    #expect(id == project.id)
    #expect(error is PostgresProjectStoreError, "\(error)")
    #expect(try editor.history(of: project.id).count == 2, "the conflicting edit was written")
    // Still pending: the next flush tries it again and says why again.
    #expect(throws: PostgresProjectStoreError.self) { try editor.flush() }
  }
}
