import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// Autosave as editors with no Save command use it, and the streams an app observes.
@Suite("Autosave that saves, and the library's streams", .serialized)
struct EditorAutosaveTests {
  /// The first element of `stream` that `matches`, or `nil` after `seconds`.
  static func first<Element: Sendable>(
    _ stream: AsyncStream<Element>, within seconds: Double,
    where matches: @escaping @Sendable (Element) -> Bool
  ) async -> Element? {
    await withTaskGroup(of: Element?.self) { group in
      group.addTask {
        for await element in stream where matches(element) { return element }
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

  @Test func anAutosaveUnderTheSavingPolicyIsASaveAnotherLibrarySees() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try ProjectLibrary<EditorState>(
      directory: directory.url, autosaveDelay: .milliseconds(50), autosave: .saves)
    let project = try app.create(name: "reel", video: Pictures.video("a"), metadata: .init())
    let events = app.autosaveEvents()

    let edited = Pictures.video("b", photos: [Pictures.red, Pictures.blue])
    app.scheduleSave(edited, metadata: EditorState(zoom: 4), for: project.id)
    let event = await Self.first(events, within: 60) { $0.id == project.id }
    guard case .written? = event else {
      Issue.record("no written event: \(String(describing: event))")
      return
    }

    // Another library value on the folder (another window, another process) sees the save.
    let other = try ProjectLibrary<EditorState>(directory: directory.url)
    let listed = try #require(try other.list().projects.first)
    #expect(listed.id == project.id && listed.metadata.zoom == 4)
    #expect(listed.modified > project.modified)
    #expect(listed.clipCount == 3 && listed.duration == edited.layout.duration)
    let opened = try other.open(project.id)
    try expectSameVideo(opened.video, edited, images: other.images)
    #expect(try other.recover(project.id) == nil, "a save, not a recovery copy")
  }

  @Test func aFailingBackgroundWriteReachesTheEventStream() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try ProjectLibrary<EditorState>(
      directory: directory.url, autosaveDelay: .milliseconds(50), autosave: .saves)
    let project = try app.create(name: "reel", video: Pictures.video("a"), metadata: .init())
    let events = app.autosaveEvents()

    // A compositor is code: the write is refused, and the app hears of it.
    let lossy = Video { VideoClip(url: URL(fileURLWithPath: "/m.mov")).compositor { f, _ in f } }
    app.scheduleSave(lossy, metadata: .init(), for: project.id)
    let event = await Self.first(events, within: 60) { $0.id == project.id }
    guard case .failed(_, let error)? = event else {
      Issue.record("no failed event: \(String(describing: event))")
      return
    }
    guard case .lossyContent? = error as? PersistenceError else {
      Issue.record("unexpected \(error)")
      return
    }
    // Still pending: flushing throws the same refusal rather than dropping the edit.
    #expect(throws: PersistenceError.self) { try app.flush() }
  }

  @Test func theChangeStreamHearsThisValueAndOthersOnTheFolder() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let watching = try ProjectLibrary<EditorState>(
      directory: directory.url, changeInterval: .milliseconds(20))
    let changes = watching.changes()
    let project = try watching.create(name: "p", video: Pictures.video("a"), metadata: .init())
    let local = await Self.first(changes, within: 60) { $0.kind == .created }
    #expect(local == LibraryChange(.created, project.id, isLocal: true))

    let elsewhere = try ProjectLibrary<EditorState>(directory: directory.url)
    try elsewhere.rename(project.id, to: "renamed elsewhere")
    let external = await Self.first(changes, within: 60) { !$0.isLocal }
    #expect(external == LibraryChange(.renamed, project.id, isLocal: false))
  }

  @Test func theChangeStreamHearsAnotherProcess() async throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let watching = try ProjectLibrary<ProbeState>(
      directory: directory.url, changeInterval: .milliseconds(20))
    let project = try watching.create(
      name: "p", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    let changes = watching.changes()
    let run = try Executables.run(probe, ["save", directory.url.path, project.id.rawValue, "5"])
    #expect(run.status == 0, "\(run.err)")
    let change = await Self.first(changes, within: 60) { !$0.isLocal }
    #expect(change == LibraryChange(.saved, project.id, isLocal: false))
  }
}
