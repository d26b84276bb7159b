import Foundation
import KadrArchive
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import Testing

/// A package may carry the revisions before the last save (format 2), written by a store that
/// keeps history; a store without history imports the last save alone.
@Suite("Project packages with a revision history")
struct PackageHistoryTests {
  static let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 4)
  static let blue = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 4)

  /// A project saved three times in a folder library, and a store over it that keeps the
  /// first two saves as its history (and the head's, which a package leaves out).
  static func storeWithHistory(in directory: TemporaryDirectory) throws -> (
    ForwardingStore, ProjectSummary<ContractMetadata>
  ) {
    let library = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("source"))
    let store = ForwardingStore(library: library)
    let created = Date(timeIntervalSince1970: 1_700_000_000)
    let project = try library.create(
      name: "History",
      video: Video(clips: [TitleSequence("one", duration: 1), ImageClip(red, duration: 1)]),
      metadata: ContractMetadata(note: "first"), thumbnail: nil, id: nil, created: created,
      modified: created)
    let first = try library.storedProject(project.id).document
    try library.save(
      Video(clips: [TitleSequence("two", duration: 2), ImageClip(blue, duration: 1)]),
      metadata: ContractMetadata(note: "second"), for: project.id)
    let second = try library.storedProject(project.id).document
    let head = try library.save(
      Video(clips: [TitleSequence("three", duration: 3)]),
      metadata: ContractMetadata(note: "third"), for: project.id)
    let headDocument = try library.storedProject(project.id).document
    store.history = [
      StoredRevision(
        revision: 0, saved: created, metadata: ContractMetadata(note: "first"),
        metadataVersion: ContractMetadata.version, facts: nil, document: { first }),
      StoredRevision(
        revision: 1, saved: created.addingTimeInterval(100),
        metadata: ContractMetadata(note: "second"), metadataVersion: ContractMetadata.version,
        facts: nil, document: { second }),
      StoredRevision(
        revision: head.revision, saved: head.modified, metadata: head.metadata,
        metadataVersion: ContractMetadata.version, facts: nil, document: { headDocument }),
    ]
    return (store, head)
  }

  static func entries(_ url: URL) throws -> [(name: String, bytes: [UInt8])] {
    let archive = try ZipArchive(path: url.path)
    return try archive.entries.map {
      ($0.name, try archive.contents(of: $0, limit: 1 << 24, limitName: "test"))
    }
  }

  static func manifest(_ url: URL) throws -> [String: Any] {
    let bytes = try #require(try entries(url).first { $0.name == "manifest.json" }?.bytes)
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  @Test func historyTravelsAsFormatTwoAndAFolderTakesTheHead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, head) = try Self.storeWithHistory(in: directory)
    let package = directory.url.appendingPathComponent("history.kadrproject")
    try store.export(head.id, to: package, includingHistory: true)

    let manifest = try Self.manifest(package)
    #expect(manifest["version"] as? Int == 2)
    #expect(manifest["revision"] as? Int == head.revision)
    let history = try #require(manifest["history"] as? [[String: Any]])
    #expect(history.map { $0["revision"] as? Int } == [0, 1], "the head is not in the history")
    let names = try Self.entries(package).map(\.name)
    #expect(names.contains("history/0/document.json") && names.contains("history/1/metadata.json"))
    // The head uses no image; each earlier revision uses one, stored once.
    #expect((manifest["images"] as? [Any])?.count == 2)

    let target = ForwardingStore(
      library: try ProjectLibrary<ContractMetadata>(
        directory: directory.url.appendingPathComponent("target")))
    target.keepsHistoryOnImport = true
    let imported = try target.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    let packaged = try #require(target.lastImported)
    #expect(packaged.revision == head.revision)
    #expect(packaged.history.map(\.revision) == [0, 1])
    #expect(packaged.history.map(\.metadata.note) == ["first", "second"])
    #expect(packaged.history[1].saved == Date(timeIntervalSince1970: 1_700_000_100))
    let second = try #require(target.lastImportedHistory.last)
    let blue = SHA256.hash(Self.blue.data).hexString
    #expect(try KadrCoding.imageTokens(in: second) == ["file:\(blue).png"])
    // A folder library keeps the last save alone, and none of the history's images.
    #expect(imported.revision == 0)
    #expect(try target.library.open(head.id).metadata.note == "third")
    #expect(try target.library.images.storedTokens().isEmpty)
  }

  /// An import takes each document as the package holds it, its tokens renamed in its tree, and
  /// the facts the package's check learnt: the same bytes and facts a decode and a save give.
  @Test func anImportMovesEachRevisionsBytesWithTheFactsASaveWouldGive() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, head) = try Self.storeWithHistory(in: directory)
    let package = directory.url.appendingPathComponent("history.kadrproject")
    try store.export(head.id, to: package, includingHistory: true)
    let target = ForwardingStore(
      library: try ProjectLibrary<ContractMetadata>(
        directory: directory.url.appendingPathComponent("target")))
    target.keepsHistoryOnImport = true
    try target.importPackage(at: package, as: .packageID(whenTaken: .refuse))

    let entries = try Self.entries(package)
    let packaged = ["history/0/document.json", "history/1/document.json", "document.json"].map {
      name in Data(entries.first { $0.name == name }?.bytes ?? [])
    }
    #expect(target.lastImportedHistory == Array(packaged.prefix(2)))
    let coder = KadrCoder()
    let expected = try packaged.map { data in
      let placeholders = UnresolvedImageStore()
      let video = try coder.video(from: data, images: placeholders)
      return DocumentFacts(video: video, saved: try coder.save(video, images: placeholders))
    }
    #expect(target.lastImportedFacts == expected)
    #expect(expected.map(\.clipCount) == [2, 2, 1])
    #expect(expected[0].kinds == ["image", "title"])
  }

  @Test func aPackageWithoutHistoryIsFormatOneAsBefore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, head) = try Self.storeWithHistory(in: directory)
    let plain = directory.url.appendingPathComponent("plain.kadrproject")
    let folder = directory.url.appendingPathComponent("folder.kadrproject")
    try store.export(head.id, to: plain)
    try store.library.export(head.id, to: folder, includingHistory: true)
    let manifest = try Self.manifest(plain)
    #expect(manifest["version"] as? Int == 1)
    #expect(manifest["history"] == nil && manifest["revision"] == nil)
    #expect(try Data(contentsOf: plain) == Data(contentsOf: folder))
  }

  /// How a history package is spoiled, and the reason it is refused for.
  enum Spoiled: String, CaseIterable, CustomTestStringConvertible {
    case unlistedRevisionEntry, historyInVersionOne, revisionAtTheHead, newerMetadataInHistory
    case missingRevisionEntry, headPastTheLastRevisionNumber
    var testDescription: String { rawValue }
  }

  @Test(arguments: Spoiled.allCases)
  func aSpoiledHistoryIsRefusedBeforeAnythingIsWritten(_ spoiled: Spoiled) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (store, head) = try Self.storeWithHistory(in: directory)
    let package = directory.url.appendingPathComponent("history.kadrproject")
    try store.export(head.id, to: package, includingHistory: true)
    var entries = try Self.entries(package)
    var manifest = try Self.manifest(package)
    var history = try #require(manifest["history"] as? [[String: Any]])
    switch spoiled {
    case .unlistedRevisionEntry:
      entries.append(("history/7/document.json", entries[1].bytes))
    case .historyInVersionOne:
      manifest["version"] = 1
    case .revisionAtTheHead:
      manifest["revision"] = 1
    case .newerMetadataInHistory:
      history[0]["metadataVersion"] = 9
    case .missingRevisionEntry:
      entries.removeAll { $0.name == "history/1/metadata.json" }
    case .headPastTheLastRevisionNumber:
      // Imported, the project's next save would be revision 2³¹, past PostgreSQL's integer.
      manifest["revision"] = Int(Int32.max)
    }
    manifest["history"] = history
    let rewritten = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
    var writer = ZipWriter()
    for (name, bytes) in entries {
      try writer.add(name, name == "manifest.json" ? Array(rewritten) : bytes, deflated: true)
    }
    let spoiledURL = directory.url.appendingPathComponent("spoiled.kadrproject")
    try writer.data().write(to: spoiledURL)
    let target = try ProjectLibrary<ContractMetadata>(
      directory: directory.url.appendingPathComponent("target"))
    let error = try #require(throws: ProjectPackageError.self) {
      try target.importPackage(at: spoiledURL)
    }
    switch (spoiled, error.reason) {
    case (.historyInVersionOne, .notAPackage), (.newerMetadataInHistory, .newerMetadata(9, 1)),
      (.unlistedRevisionEntry, .manifestMismatch), (.revisionAtTheHead, .manifestMismatch),
      (.missingRevisionEntry, .manifestMismatch):
      break
    case (.headPastTheLastRevisionNumber, .beyondLimit(let detail)):
      #expect(detail.contains("2147483647") && detail.contains("saved again"), "\(detail)")
    default:
      Issue.record("refused with \(error)")
    }
    #expect(try target.list().projects.isEmpty)
    #expect(try target.images.storedTokens().isEmpty)
  }
}
