import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// One way a project on disk can be damaged, and the reason the library must give.
enum Damage: String, CaseIterable, Sendable {
  case malformedDocument, newerSchema, pluginKind, deletedImage, garbledMetadata,
    newerMetadata, deletedDocument

  var reason: SkippedProject.Reason {
    switch self {
    case .malformedDocument: .corrupt
    case .newerSchema: .newerSchema
    case .pluginKind: .unknownKinds
    case .deletedImage: .missingImages
    case .garbledMetadata: .unreadableMetadata
    case .newerMetadata: .newerMetadataVersion
    case .deletedDocument: .missingDocument
    }
  }

  /// Whether the cheap listing sees it (it reads metadata only); otherwise only `check()` does.
  var seenByList: Bool {
    switch self {
    case .garbledMetadata, .newerMetadata, .deletedDocument: true
    default: false
    }
  }

  func apply(to project: ProjectSummary<EditorState>, images: FileImageStore) throws {
    let document = project.documentFile
    let metadata = project.folder.appendingPathComponent("project.json")
    func edit(_ url: URL, _ old: String, _ new: String) throws {
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains(old), "\(url.lastPathComponent) has no \(old)")
      try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }
    switch self {
    case .malformedDocument: try Data("{\"schema\":1,\"video\":".utf8).write(to: document)
    case .newerSchema: try edit(document, "\"schema\":1", "\"schema\":99")
    case .pluginKind: try edit(document, "{\"title\":", "{\"com.example.countdown\":")
    case .deletedImage:
      for token in try images.storedTokens() {
        try FileManager.default.removeItem(at: try #require(images.url(for: token)))
      }
    case .garbledMetadata: try Data("not json".utf8).write(to: metadata)
    case .newerMetadata: try edit(metadata, "\"metadataVersion\":2", "\"metadataVersion\":9")
    case .deletedDocument: try FileManager.default.removeItem(at: document)
    }
  }
}

@Suite("Projects that do not open")
struct SkippedProjectTests {
  @Test(arguments: Damage.allCases)
  func damagedProjectIsSkippedWithItsReasonNeverDropped(_ damage: Damage) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let healthy = try library.create(name: "healthy", video: Pictures.video("h"), metadata: .init())
    let damaged = try library.create(
      name: "damaged", video: Pictures.video("d", photos: [Pictures.red]), metadata: .init())
    try damage.apply(to: damaged, images: library.images)

    let checked = try library.check()
    #expect(checked.projects.map(\.id) == [healthy.id])
    let skipped = try #require(checked.skipped.first)
    #expect(checked.skipped.count == 1)
    #expect(skipped.projectID == damaged.id && skipped.reason == damage.reason)
    #expect(!skipped.detail.isEmpty)
    #expect(FileManager.default.fileExists(atPath: skipped.file.path) || damage == .deletedDocument)
    #expect(skipped.remedies.contains(.showFile) && skipped.remedies.contains(.discard))
    #expect(skipped.remedies.contains(.openPreservingUnknown) == (damage == .pluginKind))

    let listed = try library.list()
    #expect(listed.projects.count + listed.skipped.count == 2, "nothing vanishes")
    #expect(listed.skipped.map(\.reason) == (damage.seenByList ? [damage.reason] : []))
    #expect(throws: (any Error).self) { try library.open(damaged.id) }
  }

  @Test func projectWithAPluginKindOpensPreservingUnknownContent() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "p", video: Pictures.video("x"), metadata: .init())
    try Damage.pluginKind.apply(to: project, images: library.images)
    let original = try Data(contentsOf: project.documentFile)

    let opened = try library.open(project.id, preservingUnknown: true)
    #expect(opened.preserved.count == 1)
    try library.save(opened.video, metadata: opened.metadata, for: project.id)
    #expect(try Data(contentsOf: project.documentFile) == original, "kept verbatim")
  }

  @Test func discardingASkippedProjectMovesItToTheTrash() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "p", video: Pictures.video("x"), metadata: .init())
    try Damage.garbledMetadata.apply(to: project, images: library.images)
    let skipped = try #require(try library.list().skipped.first)
    try library.delete(try #require(skipped.projectID))
    #expect(try library.list().skipped.isEmpty)
    #expect(try library.trashed().skipped.map(\.projectID) == [project.id])
  }
}
