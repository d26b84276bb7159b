import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// `kadr-doc-postgres library copy` from a folder library to the server, and packages moved
/// between the two stores through the API.
@Suite(
  "Copying a library to PostgreSQL", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct LibraryCopyTests {
  /// A folder library of two projects, one with a photo and a thumbnail.
  static func folder() throws -> (URL, [ProjectSummary<ContractMetadata>]) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-copy-\(UUID().uuidString)", isDirectory: true)
    let library = try ProjectLibrary<ContractMetadata>(directory: url)
    let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 3)
    let created = Date(timeIntervalSince1970: 1_650_000_000)
    let projects = try ["One", "Two"].enumerated().map { index, name in
      try library.create(
        name: name,
        video: Video(clips: [TitleSequence(name, duration: 1), ImageClip(red, duration: 1)]),
        metadata: ContractMetadata(note: name, zoom: Double(index + 2)),
        thumbnail: index == 0 ? red : nil, id: nil, created: created,
        modified: created.addingTimeInterval(Double(index + 1)))
    }
    return (url, projects)
  }

  @Test func aPackageMovesFromTheFolderToTheServerWithItsIdAndDates() throws {
    let (url, projects) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    let folder = try ProjectLibrary<ContractMetadata>(directory: url)
    let store = try StoreServer.store()
    let package = url.appendingPathComponent("one.kadrproject")
    try folder.export(projects[0].id, to: package)
    let imported = try store.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    #expect(imported.id == projects[0].id)
    #expect(imported.created == projects[0].created && imported.modified == projects[0].modified)
    let opened = try store.open(imported.id)
    #expect(opened.metadata == projects[0].metadata)
    #expect(opened.summary.thumbnailToken != nil)
  }

  @Test func copyMovesEveryProjectOnceKeepingIdsAndDates() throws {
    let (url, projects) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    let (store, environment) = try KadrDocLibraryTests.store()
    let arguments = [
      "library", "copy", "--from", url.path, "--to", try KadrDocLibraryTests.location(),
    ]
    let run = try KadrDocLibraryTests.run("kadr-doc-postgres", arguments, environment: environment)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("copied 2, 0 already there, 0 failed"), "\(run.out)")
    let listing = try store.list()
    #expect(
      Set(listing.projects.map(\.id.rawValue) + listing.skipped.map(\.id))
        == Set(projects.map(\.id.rawValue)))
    let again = try KadrDocLibraryTests.run(
      "kadr-doc-postgres", arguments, environment: environment)
    #expect(again.out.contains("copied 0, 2 already there"), "\(again.out)")

    // kadr-doc copies with opaque metadata; the store records the app's version (1), not the
    // opaque type's 0, or the app could not open the copy.
    for project in projects {
      let opened = try store.open(project.id)
      #expect(opened.summary.name == project.name)
      #expect(opened.summary.created == project.created)
      #expect(opened.summary.modified == project.modified)
      #expect(opened.metadata == project.metadata)
      #expect(opened.summary.metadataVersion == ContractMetadata.version)
    }
  }
}
