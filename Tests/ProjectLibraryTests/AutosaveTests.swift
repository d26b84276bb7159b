import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

@Suite("Autosave and recovery")
struct AutosaveTests {
  @Test func burstOfEditsIsWrittenOnceAfterTheEditsStop() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .milliseconds(100))
    let project = try library.create(name: "p", video: Pictures.video("0"), metadata: .init())
    for step in 1...50 {
      library.scheduleSave(
        Pictures.video("\(step)"), metadata: EditorState(zoom: Double(step)), for: project.id)
    }
    #expect(try library.recover(project.id) == nil, "nothing is written while edits arrive")

    var recovered: OpenedProject<EditorState>?
    for _ in 0..<100 where recovered == nil {
      try await Task.sleep(for: .milliseconds(20))
      recovered = try library.recover(project.id)
    }
    let autosave = try #require(recovered)
    #expect(autosave.origin.sequence == 1, "one write for the whole burst")
    #expect(autosave.metadata == EditorState(zoom: 50))
    try expectSameVideo(autosave.video, Pictures.video("50"), images: library.images)
  }

  @Test func editsThatNeverPauseAreStillAutosaved() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .milliseconds(40))
    let project = try library.create(name: "p", video: Pictures.video("0"), metadata: .init())
    var recovered: OpenedProject<EditorState>?
    // An edit every 10 ms never leaves 40 ms of quiet; after 400 ms one is written anyway.
    for step in 1...200 where recovered == nil {
      library.scheduleSave(Pictures.video("\(step)"), metadata: .init(), for: project.id)
      try await Task.sleep(for: .milliseconds(10))
      recovered = try library.recover(project.id)
    }
    #expect(recovered != nil)
  }

  @Test func autosaveLeavesTheLastExplicitSaveUntouched() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .seconds(60))
    let project = try library.create(name: "p", video: Pictures.video("saved"), metadata: .init())
    let document = try fingerprint(project.documentFile)
    let metadata = try fingerprint(project.folder.appendingPathComponent("project.json"))

    library.scheduleSave(Pictures.video("edited"), metadata: EditorState(zoom: 4), for: project.id)
    try library.flush()

    #expect(try fingerprint(project.documentFile) == document)
    #expect(try fingerprint(project.folder.appendingPathComponent("project.json")) == metadata)
    try expectSameVideo(
      library.open(project.id).video, Pictures.video("saved"), images: library.images)
    let recovered = try #require(try library.recover(project.id))
    try expectSameVideo(recovered.video, Pictures.video("edited"), images: library.images)
    #expect(recovered.metadata.zoom == 4)
    #expect(try library.list().projects.first?.hasAutosave == true)
  }

  @Test func explicitSaveRemovesTheOlderAutosaves() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .seconds(60))
    let project = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    library.scheduleSave(Pictures.video("b"), metadata: .init(), for: project.id)
    try library.flush()
    library.scheduleSave(Pictures.video("c"), metadata: .init(), for: project.id)
    try library.save(Pictures.video("c"), metadata: .init(), for: project.id)
    try library.flush()  // the pending edit was superseded by the save

    #expect(try library.recover(project.id) == nil)
    #expect(try library.list().projects.first?.hasAutosave == false)
  }

  @Test func tornNewestAutosaveIsPassedOverForTheOlderIntactOne() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .seconds(60))
    let project = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    for step in 1...3 {
      library.scheduleSave(Pictures.video("s\(step)"), metadata: .init(), for: project.id)
      try library.flush()
    }
    #expect(try library.recover(project.id)?.origin.sequence == 3)
    // Slot 0 holds autosaves 1 and 3; tear it in the middle of its document.
    let slot = project.folder.appendingPathComponent("autosave-0.json")
    let bytes = try Data(contentsOf: slot)
    try bytes.prefix(bytes.count - 40).write(to: slot)

    let recovered = try #require(try library.recover(project.id))
    #expect(recovered.origin.sequence == 2)
    try expectSameVideo(recovered.video, Pictures.video("s2"), images: library.images)

    try library.discardAutosave(project.id)
    #expect(try library.recover(project.id) == nil)
  }

  @Test func renamingAfterAnAutosaveKeepsItRecoverableUnderTheNewName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .seconds(60))
    let project = try library.create(name: "old", video: Pictures.video("a"), metadata: .init())
    library.scheduleSave(Pictures.video("b"), metadata: EditorState(zoom: 7), for: project.id)
    try library.flush()
    try library.rename(project.id, to: "new")

    let recovered = try #require(try library.recover(project.id))
    #expect(recovered.summary.name == "new" && recovered.metadata.zoom == 7)
  }

  @Test func editMadeBeforeAnotherProcessSavedIsNotAutosavedOverIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try directory.library(autosaveDelay: .seconds(60))
    let second = try directory.library(autosaveDelay: .seconds(60))
    let project = try first.create(name: "p", video: Pictures.video("a"), metadata: .init())
    first.scheduleSave(Pictures.video("stale"), metadata: .init(), for: project.id)
    Thread.sleep(forTimeInterval: 0.01)
    try second.save(Pictures.video("saved"), metadata: .init(), for: project.id)

    try first.flush()
    #expect(try first.recover(project.id) == nil, "the stale edit would hide the newer save")
    try expectSameVideo(
      first.open(project.id).video, Pictures.video("saved"), images: first.images)
  }
}

extension OpenedProject.Origin {
  /// The autosave's sequence number, or 0 for the saved document.
  var sequence: Int {
    if case .autosave(_, let sequence) = self { return sequence }
    return 0
  }
}
