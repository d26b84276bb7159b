import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// The samples of "Sharing and moving projects".
@Suite("Article: Sharing and moving projects")
struct SharingProjectsArticleTests {
  struct EditorState: ProjectMetadata {
    static let version = 1
    var zoom = 1.0
  }

  @Test func exportAndImport() throws {
    let librariesURL = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: librariesURL) }
    let packageURL = librariesURL.appendingPathComponent("Holiday.kadrproject")
    let project = try ProjectLibrary<EditorState>(directory: librariesURL).create(
      name: "Holiday", video: Video { TitleSequence("Holiday", duration: 2) },
      metadata: EditorState(zoom: 2))

    let library = try ProjectLibrary<EditorState>(directory: librariesURL)
    try library.export(project.id, to: packageURL)

    let copy = try library.importPackage(at: packageURL)  // a copy, under a new id
    let same = try library.importPackage(at: packageURL, as: .packageID(whenTaken: .replace))

    #expect(copy.id != project.id && copy.name == "Holiday" && copy.metadata.zoom == 2)
    #expect(same.id == project.id && same.revision == 1)
  }

  @Test func exportWithHistory() throws {
    let scratch = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let store = try ProjectLibrary<EditorState>(directory: scratch)
    let project = try store.create(
      name: "Holiday", video: Video { TitleSequence("Holiday", duration: 2) },
      metadata: EditorState())
    let packageURL = scratch.appendingPathComponent("Holiday.kadrproject")

    try store.export(project.id, to: packageURL, includingHistory: true)

    // A folder library keeps no history: the package is the last save alone.
    #expect(!store.keepsRevisionHistory)
    #expect(try store.importPackage(at: packageURL).name == "Holiday")
  }

  @Test func refusalsSayWhatIsWrong() throws {
    let scratch = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let library = try ProjectLibrary<EditorState>(directory: scratch)
    let received = scratch.appendingPathComponent("received.kadrproject")
    try Data("not a zip at all, but long enough to look".utf8).write(to: received)
    var offered = false
    var shown: [String] = []
    func offerUpdate() { offered = true }
    func showAlert(_ text: String) { shown.append(text) }

    do {
      try library.importPackage(at: received)
    } catch let error as ProjectPackageError {
      if case .newerMetadata = error.reason { offerUpdate() }
      showAlert(error.localizedDescription)
    }

    #expect(!offered)
    #expect(shown.count == 1 && shown[0].contains("received.kadrproject"), "\(shown)")
  }

  func move<Metadata: ProjectMetadata>(
    from source: some ProjectStore<Metadata>, to destination: some ProjectStore<Metadata>,
    through scratch: URL
  ) throws {
    for project in try source.list().projects {
      let package = scratch.appendingPathComponent("\(project.id).kadrproject")
      try source.export(project.id, to: package)
      do {
        try destination.importPackage(at: package, as: .packageID(whenTaken: .refuse))
      } catch ProjectLibraryError.projectExists {
        continue  // copied by an earlier run
      }
    }
  }

  @Test func movingTwiceCopiesOnce() throws {
    let scratch = try ProjectLibraryArticleTests.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let source = try ProjectLibrary<EditorState>(directory: scratch.appendingPathComponent("a"))
    let destination = try ProjectLibrary<EditorState>(
      directory: scratch.appendingPathComponent("b"))
    for name in ["One", "Two"] {
      try source.create(
        name: name, video: Video { TitleSequence(name, duration: 1) }, metadata: EditorState())
    }
    try move(from: source, to: destination, through: scratch)
    try move(from: source, to: destination, through: scratch)
    #expect(
      Set(try destination.list().projects.map(\.id)) == Set(try source.list().projects.map(\.id)))
    #expect(try destination.list().projects.allSatisfy { $0.revision == 0 })
  }
}
