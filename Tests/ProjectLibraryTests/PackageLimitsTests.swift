import Foundation
import KadrArchive
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// The limits a package's writer and reader share, and what neither side may spend on a
/// package: the writer refuses first, the reader never unpacks what its store will not keep.
@Suite("Project package limits")
struct PackageLimitsTests {
  @Test func aStoreWithoutHistoryNeverReadsThePackagesHistory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, head) = try PackageHistoryTests.storeWithHistory(in: directory)
    let package = directory.url.appendingPathComponent("history.kadrproject")
    try store.export(head.id, to: package, includingHistory: true)
    // Revision 0's document is made unreadable: only a store that keeps history reads it.
    var writer = ZipWriter()
    for (name, bytes) in try PackageHistoryTests.entries(package) {
      try writer.add(
        name, name == "history/0/document.json" ? Array("not a document".utf8) : bytes,
        deflated: true)
    }
    let spoiled = directory.url.appendingPathComponent("spoiled.kadrproject")
    try writer.data().write(to: spoiled)

    let folder = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("folder"))
    let imported = try folder.importPackage(at: spoiled)
    #expect(try folder.open(imported.id).metadata.note == "third")

    let keeping = ForwardingStore(
      library: try ProjectLibrary<ContractMetadata>(
        directory: directory.url.appendingPathComponent("keeping")))
    keeping.keepsHistoryOnImport = true
    #expect(throws: (any Error).self) { try keeping.importPackage(at: spoiled) }
    #expect(try keeping.list().projects.isEmpty)
  }

  @Test func manySmallEntriesThatExpandFarPastTheFileAreABomb() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 300 entries of 1 MiB, each under the per-entry ratio check's 1 MiB floor, in about 300 KB.
    let mebibyte = [UInt8](repeating: 0, count: 1 << 20)
    let entries = (0..<300).map { CraftedZip.Entry("history/\($0)/document.json", mebibyte) }
    let bomb = directory.url.appendingPathComponent("bomb.kadrproject")
    try Data(CraftedZip(entries: entries).bytes()).write(to: bomb)
    let library = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("library"))
    let error = try #require(throws: ProjectPackageError.self) {
      try library.importPackage(at: bomb)
    }
    #expect(error.localizedDescription.contains("times its size or more"), "\(error)")
    #expect(error.localizedDescription.contains("bomb.kadrproject"))
  }

  @Test func theWriterRefusesMoreRevisionsThanTheReaderTakes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, head) = try PackageHistoryTests.storeWithHistory(in: directory)
    let one = try #require(store.history.first)
    store.history = (0...10_000).map { number in
      StoredRevision(
        revision: number, saved: one.saved, metadata: one.metadata,
        metadataVersion: one.metadataVersion, facts: nil, document: { try one.document() })
    }
    store.headRevision = 10_001
    let package = directory.url.appendingPathComponent("long.kadrproject")
    let error = try #require(throws: ProjectPackageError.self) {
      try store.export(head.id, to: package, includingHistory: true)
    }
    guard case .beyondLimit(let detail) = error.reason else {
      Issue.record("refused as \(error)")
      return
    }
    #expect(detail.contains("10001 earlier revisions") && detail.contains("at most 10000"))
    #expect(!FileManager.default.fileExists(atPath: package.path), "a package was written")
    // Without its history the same project is a package any store imports.
    try store.export(head.id, to: package)
    #expect(FileManager.default.fileExists(atPath: package.path))
  }

  @Test func aPackageThatIsNotThereSaysSoAndNotThatItIsDamaged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("library"))
    let missing = directory.url.appendingPathComponent("Trip.kadrproject")
    let error = try #require(throws: ProjectPackageError.self) {
      try library.importPackage(at: missing)
    }
    guard case .unreadable = error.reason else {
      Issue.record("refused as \(error)")
      return
    }
    #expect(error.localizedDescription.hasPrefix("The package Trip.kadrproject cannot be opened"))
    #expect(error.recoverySuggestion?.contains("downloaded") == true)
    #expect(error.recoverySuggestion?.contains("Ask the sender") != true)
  }

  /// A folder library whose one image file has been replaced by `damage`.
  static func exportWithImageFile(
    _ damage: (URL) throws -> Void, in directory: TemporaryDirectory
  ) throws -> any Error {
    let library = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("library"))
    let photo = PlatformImage.solidColor(PlatformColor(red: 0, green: 1, blue: 0), width: 4)
    let project = try library.create(
      name: "Damaged", video: Video(clips: [ImageClip(photo, duration: 1)]),
      metadata: ContractMetadata(note: ""), thumbnail: nil, id: nil, created: nil, modified: nil)
    let token = try #require(try library.images.storedTokens().first)
    let file = try #require(library.images.url(for: token))
    try FileManager.default.removeItem(at: file)
    try damage(file)
    let package = directory.url.appendingPathComponent("out.kadrproject")
    do {
      try library.export(project.id, to: package)
    } catch {
      #expect(!FileManager.default.fileExists(atPath: package.path))
      #expect("\(error)".contains(token), "the message does not name the image: \(error)")
      return error
    }
    Issue.record("the export succeeded")
    return CancellationError()
  }

  @Test func anImageFileThatIsAPipeIsRefusedByName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = try Self.exportWithImageFile(
      { #expect(mkfifo($0.path, 0o644) == 0) }, in: directory)
    #expect("\(error)".contains("pipe (FIFO)"), "\(error)")
    #expect(!"\(error)".contains("NSCocoaErrorDomain"))
  }

  @Test func aHugeImageFileIsRefusedFromItsSize() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 1.5 GB of nothing (sparse): refused before a byte is read.
    let error = try Self.exportWithImageFile(
      { file in
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1_500_000_000)
        try handle.close()
      }, in: directory)
    #expect("\(error)".contains("1500000000 bytes"), "\(error)")
  }
}

/// The temporary folders of an import, export or copy that was killed are removed by the next.
@Suite("Work folders of killed runs")
struct WorkFolderTests {
  @Test func theNextImportRemovesTheFoldersOfAKilledOneAndNoLiveOnes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A process id that has ended: a child that ran and was waited for.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sh")
    child.arguments = ["-c", "exit 0"]
    try child.run()
    child.waitUntilExit()
    let temporary = FileManager.default.temporaryDirectory
    let killed = temporary.appendingPathComponent(
      "kadr-import-\(child.processIdentifier)-\(UUID().uuidString)")
    let live = temporary.appendingPathComponent(
      "kadr-import-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    // Someone else's folders that start alike, with an ended process's id in them: a test's
    // `kadr-import-<UUID>` whose first group is all digits, and a person's backup.
    let others = [
      "kadr-import-\(child.processIdentifier)-0A3F-4FA6-A9D0-B21518C5996E",
      "kadr-import-\(child.processIdentifier)-backup",
    ].map { temporary.appendingPathComponent($0) }
    for folder in [killed, live] + others {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
      try Data(count: 1024).write(to: folder.appendingPathComponent("images/left.png"))
    }
    defer { for folder in [live] + others { try? FileManager.default.removeItem(at: folder) } }

    let (store, head) = try PackageHistoryTests.storeWithHistory(in: directory)
    let package = directory.url.appendingPathComponent("p.kadrproject")
    try store.export(head.id, to: package)
    let library = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("library"))
    try library.importPackage(at: package)

    #expect(!FileManager.default.fileExists(atPath: killed.path), "the killed run's files stay")
    #expect(FileManager.default.fileExists(atPath: live.path), "a running process lost its files")
    for folder in others {
      let kept = folder.appendingPathComponent("images/left.png").path
      #expect(
        FileManager.default.fileExists(atPath: kept),
        "someone else's \(folder.lastPathComponent) was removed")
    }
  }

  @Test(
    arguments: [
      ("kadr-copy-4242-53189557-F0A3-4FA6-A9D0-B21518C5996E", 4242),
      ("kadr-copy-53189557-F0A3-4FA6-A9D0-B21518C5996E", nil),  // a UUID, no process id
      ("kadr-copy-4242-backup", nil),
      ("kadr-copy-4242-53189557-F0A3-4FA6-A9D0-B21518C5996E-x", nil),
      ("kadr-copy--53189557-F0A3-4FA6-A9D0-B21518C5996E", nil),
      ("kadr-copy-٤٢-53189557-F0A3-4FA6-A9D0-B21518C5996E", nil),  // digits, not ASCII ones
      ("kadr-import-4242-53189557-F0A3-4FA6-A9D0-B21518C5996E", nil),  // another purpose
    ] as [(String, Int32?)])
  func onlyAWorkFoldersOwnNameGivesAProcessID(_ pair: (String, Int32?)) {
    #expect(WorkFolder.processID(ofFolder: pair.0, for: "copy") == pair.1)
  }
}

/// A copy between stores goes store to store, so no package limit applies to it.
@Suite("Copying a project between stores")
struct ProjectCopyTests {
  @Test func aHistoryLongerThanAPackageCarriesCopiesWhole() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (source, head) = try PackageHistoryTests.storeWithHistory(in: directory)
    let first = try #require(source.history.first)
    let second = try #require(source.history.dropFirst().first)
    // 10,001 earlier revisions, one more than a package holds, alternating two documents.
    source.history = (0...10_000).map { number in
      let revision = number % 2 == 0 ? first : second
      return StoredRevision(
        revision: number, saved: revision.saved, metadata: revision.metadata,
        metadataVersion: revision.metadataVersion, facts: nil, document: revision.document)
    }
    source.headRevision = 10_001
    let destination = ForwardingStore(
      library: try ProjectLibrary<ContractMetadata>(
        directory: directory.url.appendingPathComponent("destination")))
    destination.keepsHistoryOnImport = true

    let copied = try source.copyProject(head.id, to: destination)

    #expect(copied.id == head.id)
    let imported = try #require(destination.lastImported)
    #expect(imported.revision == 10_001)
    #expect(imported.history.map(\.revision) == Array(0...10_000))
    #expect(imported.history[1].metadata.note == "second")
    // The documents arrive with the images they use.
    let blue = SHA256.hash(PackageHistoryTests.blue.data).hexString
    #expect(
      try KadrCoding.imageTokens(in: destination.lastImportedHistory[1]) == ["file:\(blue).png"])
    #expect(try destination.library.open(head.id).metadata.note == "third")
  }

  @Test func aCopyToAStoreWithoutHistoryTakesTheHeadAndEqualsAPackagesImport() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (source, head) = try PackageHistoryTests.storeWithHistory(in: directory)
    let copied = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("copied"))
    let imported = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("imported"))
    try source.copyProject(head.id, to: copied)
    let package = directory.url.appendingPathComponent("p.kadrproject")
    try source.export(head.id, to: package, includingHistory: true)
    try imported.importPackage(at: package, as: .packageID(whenTaken: .refuse))

    let viaCopy = try copied.open(head.id)
    let viaPackage = try imported.open(head.id)
    #expect(String(reflecting: viaCopy.video) == String(reflecting: viaPackage.video))
    #expect(viaCopy.summary.name == viaPackage.summary.name)
    #expect(viaCopy.summary.created == viaPackage.summary.created)
    #expect(viaCopy.metadata == viaPackage.metadata)
    #expect(try copied.images.storedTokens() == imported.images.storedTokens())
    #expect(throws: ProjectLibraryError.self) { try source.copyProject(head.id, to: copied) }
  }
}
