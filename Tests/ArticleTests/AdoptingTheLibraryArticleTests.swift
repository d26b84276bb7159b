import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// The samples of "Adopting the library in an editor app", compiled and run.
@Suite("Article: Adopting the library in an editor app", .serialized)
struct AdoptingTheLibraryArticleTests {
  struct EditorState: ProjectMetadata {
    static let version = 1
    var zoom = 1.0
  }

  static let video = Video { TitleSequence("Reel", duration: 2) }
  static let edited = Video {
    TitleSequence("Reel", duration: 2)
    ImageClip(PlatformImage.solidColor(.white, width: 2), duration: 1)
  }

  @Test func autosaveThatIsTheSave() async throws {
    let url = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: url) }
    let (video, edited, state) = (Self.video, Self.edited, EditorState(zoom: 3))
    var failures: [String] = []
    func report(_ error: any Error, for id: ProjectID) { failures.append("\(id): \(error)") }
    var received = 0

    let library = try ProjectLibrary<EditorState>(directory: url, autosave: .saves)
    let project = try library.create(name: "Reel", video: video, metadata: EditorState())
    let events = library.autosaveEvents()
    library.scheduleSave(edited, metadata: state, for: project.id)  // on every edit
    for await event in events {
      if case .failed(let id, let error) = event { report(error, for: id) }
      received += 1
      break
    }

    #expect(received == 1 && failures.isEmpty)
    #expect(try library.open(project.id).metadata.zoom == 3)
  }

  @Test func aListThatKnowsTheDocumentAdoptionAndMissingImages() throws {
    let url = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: url) }
    let library = try ProjectLibrary<EditorState>(directory: url)
    let (video, edited, state) = (Self.video, Self.edited, EditorState(zoom: 2))
    let savedUUID = UUID()
    let savedCreated = Date(timeIntervalSince1970: 1_700_000_000)
    let savedModified = Date(timeIntervalSince1970: 1_700_000_100)
    var missing: [String] = []
    func showMissingImages(_ tokens: [String]) { missing = tokens }

    let adopted = try library.create(
      name: "Holiday", video: video, metadata: EditorState(),
      id: ProjectID(savedUUID), created: savedCreated, modified: savedModified)
    let listing = try library.list()
    for project in listing.projects {
      print(project.name, project.clipCount ?? 0, project.duration?.seconds ?? 0)
    }
    #expect(listing.projects.map(\.id) == [ProjectID(savedUUID)])
    #expect(listing.projects.first?.clipCount == 1)

    let opened = try library.open(adopted.id, missingImages: .placeholder)
    if !opened.unresolvedImageTokens.isEmpty { showMissingImages(opened.unresolvedImageTokens) }
    try library.save(opened.video, metadata: opened.metadata, for: opened.id)  // tokens kept
    #expect(missing.isEmpty)

    let project = adopted
    try library.save(edited, metadata: state, thumbnail: .remove, for: project.id)
    try library.deletePermanently(project.id)
    #expect(try library.list().projects.isEmpty && library.trashed().projects.isEmpty)
  }

  @Test func observingTheLibrary() async throws {
    let url = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: url) }
    let library = try ProjectLibrary<EditorState>(
      directory: url, changeInterval: .milliseconds(20))
    var listing = try library.list()
    let elsewhere = try ProjectLibrary<EditorState>(directory: url)
    let creating = Task {
      try await Task.sleep(for: .milliseconds(100))
      try elsewhere.create(name: "from elsewhere", video: Self.video, metadata: EditorState())
    }

    for await change in library.changes() where change.kind != .autosaved {
      listing = try library.list()
      break
    }
    _ = try await creating.value
    #expect(listing.projects.map(\.name) == ["from elsewhere"])
  }
}
