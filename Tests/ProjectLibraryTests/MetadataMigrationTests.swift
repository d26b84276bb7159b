import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

@Suite("App metadata versions")
struct MetadataMigrationTests {
  /// Writes a project whose `project.json` was written by metadata version `version`.
  static func project(
    in library: ProjectLibrary<EditorState>, version: Int, app: String
  ) throws -> ProjectSummary<EditorState> {
    let project = try library.create(name: "old", video: Pictures.video("o"), metadata: .init())
    let envelope = """
      {"app":\(app),"created":1700000000,"format":1,"metadataVersion":\(version),\
      "modified":1700000100.5,"name":"old"}
      """
    try Data(envelope.utf8).write(to: project.folder.appendingPathComponent("project.json"))
    return project
  }

  @Test func olderMetadataIsMigratedOnOpenWithoutRewritingIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try Self.project(in: library, version: 1, app: #"{"scale":2.5}"#)
    let file = project.folder.appendingPathComponent("project.json")
    let before = try fingerprint(file)

    let opened = try library.open(project.id)
    #expect(String(reflecting: opened.metadata) == String(reflecting: EditorState(zoom: 2.5)))
    #expect(opened.summary.modified == Date(timeIntervalSince1970: 1_700_000_100.5))
    #expect(try library.list().projects.first?.metadata == EditorState(zoom: 2.5))
    #expect(try fingerprint(file) == before)

    try library.save(opened.video, metadata: opened.metadata, for: project.id)
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(saved.contains(#""metadataVersion":2"#) && saved.contains(#""zoom":2.5"#))
  }

  @Test func newerMetadataIsRefusedAndTheProjectListedAsSkipped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try Self.project(in: library, version: 3, app: #"{"zoom":1,"newField":true}"#)
    let file = project.folder.appendingPathComponent("project.json")
    let before = try fingerprint(file)

    let listing = try library.list()
    #expect(listing.projects.isEmpty)
    let skipped = try #require(listing.skipped.first)
    #expect(skipped.reason == .newerMetadataVersion && skipped.name == "old")
    #expect(skipped.remedies.first == .openWithNewerApp)
    #expect(throws: ProjectLibraryError.newerMetadataVersion(found: 3, supported: 2)) {
      try library.open(project.id)
    }
    #expect(throws: ProjectLibraryError.newerMetadataVersion(found: 3, supported: 2)) {
      try library.save(Pictures.video("n"), metadata: .init(), for: project.id)
    }
    #expect(try fingerprint(file) == before, "a newer app's metadata is never overwritten")
  }

  @Test func missingMigrationStepIsNamed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try Self.project(in: library, version: 0, app: #"{}"#)
    #expect(throws: ProjectLibraryError.metadataMigrationUnavailable(from: 0, to: 1)) {
      try library.open(project.id)
    }
    #expect(try library.list().skipped.map(\.reason) == [.unreadableMetadata])
  }

  @Test func errorsSayWhatAndHowToFix() {
    let error = ProjectLibraryError.newerMetadataVersion(found: 3, supported: 2)
    #expect(error.failureReason?.contains("version 3") == true)
    // The person's sentence names no version numbers or paths.
    #expect(error.errorDescription?.contains("newer version of the app") == true)
    #expect(error.recoverySuggestion?.contains("newer version of the app") == true)
  }
}
