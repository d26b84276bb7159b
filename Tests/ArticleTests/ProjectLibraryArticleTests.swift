import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// The samples of KadrProjectLibrary's landing page and of "Keeping a library of projects".
@Suite("Article: Keeping a library of projects")
struct ProjectLibraryArticleTests {
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The landing page.
  struct LandingPage {
    struct EditorState: ProjectMetadata {
      static let version = 1
      var zoom = 1.0
    }

    @Test func createAutosaveSaveAndList() throws {
      let librariesURL = try ProjectLibraryArticleTests.scratch()
      defer { try? FileManager.default.removeItem(at: librariesURL) }
      let video = Video { TitleSequence("Holiday", duration: 2) }
      let edited = Video { TitleSequence("Holiday, edited", duration: 3) }
      let state = EditorState(zoom: 2)

      let library = try ProjectLibrary<EditorState>(directory: librariesURL)
      let project = try library.create(name: "Holiday", video: video, metadata: EditorState())
      library.scheduleSave(edited, metadata: state, for: project.id)  // autosave, debounced
      try library.save(edited, metadata: state, for: project.id)  // an explicit save
      let listing = try library.list()  // newest first; listing.skipped: the ones that do not open

      #expect(listing.projects.map(\.name) == ["Holiday"])
      #expect(listing.skipped.isEmpty)
      let reopened = try library.open(project.id)
      #expect(String(reflecting: reopened.video) == String(reflecting: edited))
      #expect(reopened.metadata.zoom == 2)
    }
  }

  /// "Keeping a library of projects".
  struct Article {
    struct EditorState: ProjectMetadata {
      static let version = 2
      static let migrations = [
        MetadataMigration(from: 1) { app in  // version 1 called the zoom "scale"
          guard case .object(var object) = app, let scale = object["scale"] else { return app }
          object["zoom"] = scale
          return .object(object)
        }
      ]
      var zoom: Double
    }

    @Test func createOpenAndSave() throws {
      let url = try ProjectLibraryArticleTests.scratch()
      defer { try? FileManager.default.removeItem(at: url) }
      let video = Video { TitleSequence("Holiday", duration: 2) }
      let poster = PlatformImage.solidColor(.white, width: 2, height: 2)

      let library = try ProjectLibrary<EditorState>(directory: url)
      let summary = try library.create(
        name: "Holiday", video: video, metadata: EditorState(zoom: 1), thumbnail: poster)
      let project = try library.open(summary.id)
      try library.save(project.video, metadata: project.metadata, for: project.id)

      #expect(String(reflecting: project.video) == String(reflecting: video))
      #expect(project.metadata.zoom == 1)
    }
  }
}
