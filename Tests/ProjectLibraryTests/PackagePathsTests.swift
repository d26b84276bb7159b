import Foundation
import KadrArchive
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// A store that implements the package hooks (`storedProject`, `importProject`) with bytes
/// streams; one that takes the slow way (`storedProjectByOpening`, `importProjectByCreating`)
/// goes through `open` and `create`. Both must write and read the same packages.
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

  /// The hooks are what export and import call: a third party's store that implements them
  /// never opens or creates a project to move it (the path that holds every image).
  @Test func aStoreThatImplementsTheHooksStreams() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = ForwardingStore(
      library: try ProjectLibrary<ContractMetadata>(directory: directory.url))
    let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 5)
    let project = try store.library.create(
      name: "Hooked", video: Video(clips: [ImageClip(red, duration: 2)]),
      metadata: ContractMetadata(note: "h"), thumbnail: red, id: nil, created: nil, modified: nil)
    let package = directory.url.appendingPathComponent("hooked.kadrproject")
    try store.export(project.id, to: package)
    let copy = try store.importPackage(at: package)
    let replaced = try store.importPackage(at: package, as: .packageID(whenTaken: .replace))
    #expect(store.openedOrCreated == 0, "export or import opened or created a project")
    #expect(replaced.id == project.id && replaced.revision == project.revision + 1)
    #expect(try store.library.open(copy.id).video.clips.count == 1)
    #expect(copy.thumbnailToken == project.thumbnailToken)
  }

  /// Replacing a project whose name changed is one commit: the library records one save, not a
  /// save and a rename (the name is written with the document, in the save's one exchange).
  @Test func aReplacingImportIsOneChange() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ContractMetadata>(directory: directory.url)
    let project = try library.create(
      name: "Packed", video: Video(clips: [TitleSequence("t", duration: 1)]),
      metadata: ContractMetadata(note: "p"))
    let package = directory.url.appendingPathComponent("packed.kadrproject")
    try library.export(project.id, to: package)
    try library.rename(project.id, to: "Renamed since")
    let stream = library.changes()
    try library.importPackage(at: package, as: .packageID(whenTaken: .replace))
    let marker = try library.create(
      name: "marker", video: Video(clips: []), metadata: ContractMetadata())
    var kinds: [LibraryChange.Kind] = []
    for await change in stream where change.isLocal {
      if change.id == marker.id { break }
      if change.id == project.id { kinds.append(change.kind) }
    }
    #expect(kinds == [.saved])
    #expect(try library.open(project.id).summary.name == "Packed")
  }
}
