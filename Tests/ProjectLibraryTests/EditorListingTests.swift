import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// What an editor's project list needs: facts of each document without opening it, adopted
/// ids and dates, stray folders and versions as data.
@Suite("The list an editor shows")
struct EditorListingTests {
  /// A composition of 4 clips a person counts: two titles, a photo, and a title inside a track,
  /// with a dissolve (not a clip) between the first two.
  static let video = Video(clips: [
    TitleSequence("one", duration: 3), Transition.dissolve(duration: 1),
    TitleSequence("two", duration: 2), ImageClip(Pictures.red, duration: 1),
    Track { TitleSequence("inside", duration: 4) },
  ])

  @Test func aSummaryCarriesTheDocumentsFactsWithoutOpeningIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let created = try library.create(name: "facts", video: Self.video, metadata: .init())
    #expect(created.clipCount == 4)
    #expect(created.duration == Self.video.layout.duration)
    #expect(created.schema == KadrDocument.currentSchema)
    #expect(created.kinds == created.kinds.sorted())
    #expect(Set(created.kinds).isSuperset(of: ["title", "image", "transition", "track"]))

    // The list reads them from project.json: a document nobody could open still lists them.
    try Data("not json".utf8).write(to: created.documentFile)
    let listed = try #require(try library.list().projects.first)
    #expect(listed == created, "the listed summary is the created one")
  }

  @Test func aKindNoCodecReadsAndANewerSchemaAreFlaggedByTheList() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let plugin = try library.create(name: "plugin", video: Self.video, metadata: .init())
    let newer = try library.create(name: "newer", video: Self.video, metadata: .init())
    let healthy = try library.create(name: "healthy", video: Self.video, metadata: .init())
    try Self.editDocumentFacts(of: plugin) { facts in
      facts["kinds"] = ["com.example.countdown", "title"]
    }
    try Self.editDocumentFacts(of: newer) { $0["schema"] = 7 }

    let listing = try library.list()
    #expect(listing.projects.map(\.id) == [healthy.id])
    let byProject = Dictionary(uniqueKeysWithValues: listing.skipped.map { ($0.projectID, $0) })
    let unknown = try #require(byProject[plugin.id])
    #expect(unknown.reason == .unknownKinds && unknown.unknownKinds == ["com.example.countdown"])
    #expect(unknown.remedies.first == .openPreservingUnknown)
    let newerSchema = try #require(byProject[newer.id])
    #expect(newerSchema.reason == .newerSchema)
    #expect(newerSchema.foundVersion == 7 && newerSchema.supportedVersion == 2)

    // A library that preserves unknown content lists the plugin's project.
    let preserving = try ProjectLibrary<EditorState>(
      directory: directory.url, options: CodingOptions(preservingUnknown: true))
    #expect(try preserving.list().projects.contains { $0.id == plugin.id })
  }

  @Test func anAppAdoptsItsProjectsWithTheirIdsAndDates() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let uuid = UUID()
    let id = try #require(ProjectID(rawValue: uuid.uuidString), "an upper-case UUID's text")
    #expect(id.rawValue == uuid.uuidString.lowercased() && id.uuid == uuid && ProjectID(uuid) == id)
    let created = Date(timeIntervalSince1970: 1_700_000_000.25)
    let modified = Date(timeIntervalSince1970: 1_750_000_000.5)

    try library.create(
      name: "adopted", video: Self.video, metadata: .init(), id: id, created: created,
      modified: modified)
    let listed = try #require(try library.list().projects.first)
    #expect(listed.id == id && listed.created == created && listed.modified == modified)
    #expect(throws: ProjectLibraryError.projectExists(id)) {
      try library.create(name: "again", video: Self.video, metadata: .init(), id: id)
    }
    // In the trash it still holds its id.
    try library.delete(id)
    #expect(throws: ProjectLibraryError.projectExists(id)) {
      try library.create(name: "again", video: Self.video, metadata: .init(), id: id)
    }
  }

  @Test func aFolderThatIsNotAProjectIsListedAsSkipped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "real", video: Self.video, metadata: .init())
    let projects = directory.url.appendingPathComponent("projects")
    try FileManager.default.createDirectory(
      at: projects.appendingPathComponent("Holiday backup"), withIntermediateDirectories: false)
    let upper = UUID().uuidString
    try FileManager.default.createDirectory(
      at: projects.appendingPathComponent(upper), withIntermediateDirectories: false)

    let listing = try library.list()
    #expect(listing.projects.map(\.id) == [project.id])
    #expect(listing.skipped.map(\.id) == ["Holiday backup", upper].sorted())
    #expect(listing.skipped.allSatisfy { $0.reason == .notAProjectFolder && $0.projectID == nil })
    #expect(Set(listing.skipped.map(\.id)).count == listing.skipped.count, "identifiable")
  }

  @Test func aSkippedProjectsSentenceNamesNoPathAndItsVersionsAreNumbers() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let garbled = try library.create(name: "garbled", video: Self.video, metadata: .init())
    let newer = try library.create(name: "newer", video: Self.video, metadata: .init())
    try Data("{".utf8).write(to: garbled.folder.appendingPathComponent("project.json"))
    try LibraryHardeningTests.editMetadataFile(of: newer) { $0["metadataVersion"] = 9 }

    let skipped = try library.list().skipped
    for entry in skipped {
      #expect(!entry.detail.contains(directory.url.path), "\(entry.detail)")
      #expect(entry.file.path.hasPrefix(directory.url.path))
    }
    let version = try #require(skipped.first { $0.reason == .newerMetadataVersion })
    #expect(version.foundVersion == 9 && version.supportedVersion == EditorState.version)
  }

  /// Rewrites the `document` facts of a project's `project.json`.
  static func editDocumentFacts(
    of project: ProjectSummary<EditorState>, _ change: (inout [String: Any]) -> Void
  ) throws {
    try LibraryHardeningTests.editMetadataFile(of: project) { object in
      var facts = object["document"] as? [String: Any] ?? [:]
      change(&facts)
      object["document"] = facts
    }
  }
}
