import Foundation
import KadrArchive
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// The folder library zips its files as they are; any other store goes through `open` and
/// `create`. Both must write and read the same packages.
@Suite("Project packages through files and through the contract")
struct PackagePathsTests {
  /// The package checks that need no save, on a store that is not a folder library (a
  /// `ForgetfulStore` forgets saves and is otherwise one: it takes the contract's path).
  @Test(arguments: [
    ProjectStoreContract.Check.packageRoundTripsAProject, .packageImportStoresImagesOnce,
    .refusedPackageLeavesTheStoreAsItWas,
  ])
  func aStoreWithoutFilesKeepsThePackageChecks(_ check: ProjectStoreContract.Check) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = ForgetfulStore(
      library: try ProjectLibrary<ContractMetadata>(directory: directory.url))
    try await ProjectStoreContract.verify(check, on: store)
  }

  @Test func bothPathsWriteTheSameDocumentAndImages() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ContractMetadata>(directory: directory.url)
    let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 5)
    let project = try library.create(
      name: "Both",
      video: Video(clips: [TitleSequence("t", duration: 1), ImageClip(red, duration: 2)]),
      metadata: ContractMetadata(note: "n"), thumbnail: red, id: nil, created: nil, modified: nil)
    let files = directory.url.appendingPathComponent("files.kadrproject")
    let contract = directory.url.appendingPathComponent("contract.kadrproject")
    try library.export(project.id, to: files)
    try ForgetfulStore(library: library).export(project.id, to: contract)

    func entries(_ url: URL) throws -> [String: [UInt8]] {
      let archive = try ZipArchive(path: url.path)
      var entries: [String: [UInt8]] = [:]
      for entry in archive.entries {
        entries[entry.name] = try archive.contents(of: entry, limit: 1 << 24, limitName: "test")
      }
      return entries
    }
    let byFiles = try entries(files)
    let byContract = try entries(contract)
    #expect(byFiles.keys.sorted() == byContract.keys.sorted())
    #expect(byFiles["document.json"] == byContract["document.json"])
    #expect(byFiles["metadata.json"] == byContract["metadata.json"])
    #expect(byFiles["manifest.json"] == byContract["manifest.json"])

    // Each path imports the other's package.
    let copy = try ForgetfulStore(library: library).importPackage(at: files)
    let again = try library.importPackage(at: contract)
    #expect(try library.open(copy.id).video.clips.count == 2)
    #expect(try library.open(again.id).summary.thumbnailToken == project.thumbnailToken)
  }
}
