import Foundation
import KadrDiff
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

// The second sample of KadrDiff's article "Settling conflicts", compiled and run here against a
// throwaway server: the store is behind the root package's PostgreSQL trait, which the root
// package's article tests cannot import.

/// An editor app as the article's sample writes it: a store, a way to ask the person, a view.
private final class ConflictingEditor: @unchecked Sendable {
  let store: PostgresProjectStore<ContractMetadata>
  /// The side the person picks, given the disagreement's words (recorded for the test).
  let pick: MergeSide
  private(set) var asked: [String] = []
  private(set) var shown: Video?

  init(store: PostgresProjectStore<ContractMetadata>, pick: MergeSide) {
    self.store = store
    self.pick = pick
  }

  func askWhichToKeep(_ question: String) -> MergeSide {
    asked.append(question)
    return pick
  }

  func show(_ video: Video) { shown = video }

  func save(_ edited: Video, state: ContractMetadata, of id: ProjectID) throws {
    do {
      try store.save(edited, metadata: state, for: id)
    } catch PostgresProjectStoreError.conflict(_, _, let conflicts) {
      var choices = ConflictChoices()
      for conflict in conflicts {
        choices.keep(askWhichToKeep(conflict.disagreement), for: conflict)
      }
      let outcome = try store.saveMerging(edited, metadata: state, for: id, choosing: choices)
      if let merged = outcome.mergedVideo { show(merged) }
    }
  }
}

@Suite(
  "PostgreSQL store: settling conflicts", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct SettlingConflictsTests {
  /// Titles p0…p3: A retitles p0 and p2 and notes "A"; B retitles p0 and p3, notes "B" and
  /// zooms in. Two conflicts (p0's text, the note), asked once; the rest of both is kept.
  @Test func theArticlesSaveAsksOnceAndKeepsEveryOtherChangeOfBoth() throws {
    let (id, stores, _) = try TeamTests.team(2)
    let (a, b) = (stores[0], stores[1])
    var theirs = RevisionTests.editing(RevisionTests.shared(), client: 0, to: "B's title")
    theirs = RevisionTests.editing(theirs, client: 3, to: "B's ending")
    try b.save(theirs, metadata: ContractMetadata(note: "B", zoom: 2), for: id)

    var mine = RevisionTests.editing(RevisionTests.shared(), client: 0, to: "A's title")
    mine = RevisionTests.editing(mine, client: 2, to: "A's middle")
    let editor = ConflictingEditor(store: a, pick: .theirs)
    try editor.save(mine, state: ContractMetadata(note: "A", zoom: 1), of: id)

    #expect(
      editor.asked == [
        "clip “p0”, text: yours “A's title”, theirs “B's title” (was “p0”)",
        "metadata, note: yours “A”, theirs “B” (was “”)",
      ])
    let head = try b.open(id)
    #expect(RevisionTests.texts(head.video) == ["B's title", "p1", "A's middle", "B's ending"])
    #expect(head.metadata == ContractMetadata(note: "B", zoom: 2), "B's zoom is no conflict")
    #expect(editor.shown.map(RevisionTests.texts) == RevisionTests.texts(head.video))
    #expect(try a.history(of: id).count == 3, "one refused save wrote nothing; one was written")
  }

  @Test func aConflictTheChoicesDoNotCoverRefusesAgainNamingOnlyThatOne() throws {
    let (id, stores, _) = try TeamTests.team(3)
    let (a, b, c) = (stores[0], stores[1], stores[2])
    try b.save(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "B"),
      metadata: ContractMetadata(), for: id)
    let mine = RevisionTests.editing(
      RevisionTests.editing(RevisionTests.shared(), client: 0, to: "A"), client: 1, to: "A1")
    var first: [MergeConflict] = []
    do {
      try a.save(mine, metadata: ContractMetadata(), for: id)
      Issue.record("a conflicting save was written")
    } catch PostgresProjectStoreError.conflict(_, _, let conflicts) {
      first = conflicts
    }
    #expect(first.map(\.disagreement) == ["clip “p0”, text: yours “A”, theirs “B” (was “p0”)"])
    // Before A decides, C saves a change of p1 too.
    try c.save(
      RevisionTests.editing(try c.open(id).video, client: 1, to: "C1"),
      metadata: ContractMetadata(), for: id)
    var choices = ConflictChoices()
    for conflict in first { choices.keep(.ours, for: conflict) }
    do {
      _ = try a.saveMerging(mine, metadata: ContractMetadata(), for: id, choosing: choices)
      Issue.record("a conflict no choice covered was settled silently")
    } catch let error as PostgresProjectStoreError {
      guard case .conflict(_, let theirRevision, let open) = error else { throw error }
      #expect(theirRevision == 2)
      #expect(open.map(\.disagreement) == ["clip “p1”, text: yours “A1”, theirs “C1” (was “p1”)"])
      #expect(error.recoverySuggestion?.contains("choosing:") == true)
      #expect(error.errorDescription?.contains("Nothing was saved") == true)
      for conflict in open { choices.keep(.theirs, for: conflict) }
    }
    _ = try a.saveMerging(mine, metadata: ContractMetadata(), for: id, choosing: choices)
    #expect(RevisionTests.texts(try b.open(id).video) == ["A", "C1", "p2", "p3"])
  }

  @Test func metadataBothChangedIsAConflictNotTheLastWriter() throws {
    let (id, stores, _) = try TeamTests.team(2)
    let (a, b) = (stores[0], stores[1])
    try b.updateMetadata(of: id) { $0.zoom = 2 }
    #expect {
      try a.save(RevisionTests.shared(), metadata: ContractMetadata(zoom: 3), for: id)
    } throws: { error in
      guard case PostgresProjectStoreError.conflict(_, _, let conflicts) = error else {
        return false
      }
      return conflicts.map(\.disagreement) == ["metadata, zoom: yours 3, theirs 2 (was 1)"]
    }
    #expect(try b.open(id).metadata.zoom == 2, "the refused save wrote nothing")
    _ = try a.saveMerging(
      RevisionTests.shared(), metadata: ContractMetadata(zoom: 3), for: id,
      choosing: .keepingAll(.ours))
    #expect(try b.open(id).metadata.zoom == 3)
  }
}
