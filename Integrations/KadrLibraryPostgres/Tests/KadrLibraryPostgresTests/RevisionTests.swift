import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// Every save is a revision; two clients saving one project lose neither save.
@Suite(
  "PostgreSQL store: revisions and concurrent saves",
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct RevisionTests {
  /// Four titles with clip ids p0…p3, each a client's to edit.
  static func shared(_ texts: [String] = ["p0", "p1", "p2", "p3"]) -> Video {
    Video(clips: texts.enumerated().map { TitleSequence($1, duration: 1).id(ClipID("p\($0)")) })
  }

  /// `video` with title p`client` reading `text`.
  static func editing(_ video: Video, client: Int, to text: String) -> Video {
    Video(
      clips: video.clips.map { clip in
        guard let title = clip as? TitleSequence, title.clipID == ClipID("p\(client)") else {
          return clip
        }
        return TitleSequence(text, duration: 1).id(ClipID("p\(client)"))
      })
  }

  /// The titles' texts of a composition.
  static func texts(_ video: Video) -> [String] {
    video.clips.compactMap { ($0 as? TitleSequence)?.text }
  }

  @Test func everySaveIsARevisionToListOpenAndRestore() throws {
    let store = try StoreServer.store()
    let project = try store.create(
      name: "History", video: Self.shared(), metadata: ContractMetadata(note: "v0"))
    for step in 1...3 {
      try store.save(
        Self.editing(Self.shared(), client: 0, to: "v\(step)"),
        metadata: ContractMetadata(note: "v\(step)"), for: project.id)
    }
    let history = try store.history(of: project.id)
    #expect(history.map(\.revision) == [3, 2, 1, 0])
    #expect(history.allSatisfy { $0.clipCount == 4 })
    let first = try store.open(project.id, revision: 1)
    #expect(Self.texts(first.video).first == "v1")
    #expect(first.metadata.note == "v1", "a revision opens with the metadata saved with it")
    #expect(first.summary.revision == 1)
    let restored = try store.restore(project.id, toRevision: 1)
    #expect(restored.revision == 4, "restoring saves the old revision again, as the newest")
    #expect(Self.texts(try store.open(project.id).video).first == "v1")
    #expect(try store.history(of: project.id).count == 5, "nothing in between is lost")
    #expect(throws: PostgresProjectStoreError.self) {
      try store.open(project.id, revision: 99)
    }
  }

  @Test func twoClientsEditingDifferentClipsAreMerged() throws {
    let schema = StoreServer.freshSchema()
    let alice = try StoreServer.store(schema: schema)
    let bob = try StoreServer.store(schema: schema)
    let project = try alice.create(
      name: "Shared", video: Self.shared(), metadata: ContractMetadata())
    let bobsCopy = try bob.open(project.id).video
    // Alice saves first; Bob, who opened revision 0, saves an edit of another clip.
    try alice.save(
      Self.editing(Self.shared(), client: 0, to: "alice"), metadata: ContractMetadata(),
      for: project.id)
    let merged = try bob.save(
      Self.editing(bobsCopy, client: 1, to: "bob"), metadata: ContractMetadata(note: "bob"),
      for: project.id)
    #expect(merged.revision == 2)
    let head = try alice.open(project.id)
    #expect(Self.texts(head.video) == ["alice", "bob", "p2", "p3"], "neither save is lost")
    #expect(head.metadata.note == "bob", "the saving client's metadata wins")
  }

  @Test func conflictingSavesWriteNothingAndNameBothValues() throws {
    let schema = StoreServer.freshSchema()
    let alice = try StoreServer.store(schema: schema)
    let bob = try StoreServer.store(schema: schema)
    let project = try alice.create(
      name: "Contested", video: Self.shared(), metadata: ContractMetadata())
    let bobsCopy = try bob.open(project.id).video
    try alice.save(
      Self.editing(Self.shared(), client: 0, to: "alice"), metadata: ContractMetadata(),
      for: project.id)
    do {
      try bob.save(
        Self.editing(bobsCopy, client: 0, to: "bob"), metadata: ContractMetadata(),
        for: project.id)
      Issue.record("a save that conflicts with another client's was written")
    } catch PostgresProjectStoreError.conflict(let id, let theirs, let conflicts) {
      #expect(id == project.id)
      #expect(theirs == 1)
      let conflict = try #require(conflicts.first)
      #expect(conflict.ours == .string("bob") && conflict.theirs == .string("alice"), "\(conflict)")
      #expect(conflict.base == .string("p0"))
    }
    #expect(try alice.history(of: project.id).count == 2, "the conflicting save wrote nothing")
    #expect(Self.texts(try bob.open(project.id).video).first == "alice")
    // Having opened the newest revision, Bob's next save goes through.
    try bob.save(
      Self.editing(try bob.open(project.id).video, client: 0, to: "bob"),
      metadata: ContractMetadata(), for: project.id)
    #expect(Self.texts(try alice.open(project.id).video).first == "bob")
  }

  @Test func imagesUsedByManyProjectsAreStoredOnce() throws {
    let store = try StoreServer.store()
    let picture = PlatformImage.solidColor(PlatformColor(red: 0.5, green: 0, blue: 1), width: 5)
    for name in ["one", "two", "three"] {
      try store.create(
        name: name, video: Video(clips: [ImageClip(picture, duration: 1)]),
        metadata: ContractMetadata())
    }
    let collection = try store.collectImages(dryRun: true)
    #expect(collection.kept.count == 1, "\(collection.kept)")
    #expect(collection.kept.first?.hasPrefix("pg:") == true)
    #expect(try store.images.image(for: collection.kept[0]) == picture)
  }

  @Test func anotherClientsSavesReachTheChangeStream() async throws {
    let schema = StoreServer.freshSchema()
    let watcher = try StoreServer.store(schema: schema)
    let editor = try StoreServer.store(schema: schema)
    let stream = watcher.changes()
    let collector = Task { () -> [LibraryChange] in
      var seen: [LibraryChange] = []
      for await change in stream {
        seen.append(change)
        if change.kind == .saved { break }
      }
      return seen
    }
    try await Task.sleep(for: .milliseconds(300))
    let project = try editor.create(
      name: "Live", video: Self.shared(), metadata: ContractMetadata())
    try editor.save(
      Self.shared(["a", "b", "c", "d"]), metadata: ContractMetadata(), for: project.id)
    let timeout = Task {
      try await Task.sleep(for: .seconds(10))
      collector.cancel()
    }
    let seen = await collector.value
    timeout.cancel()
    #expect(seen.map(\.kind) == [.created, .saved], "\(seen)")
    #expect(seen.allSatisfy { $0.id == project.id && !$0.isLocal }, "\(seen)")
  }
}
