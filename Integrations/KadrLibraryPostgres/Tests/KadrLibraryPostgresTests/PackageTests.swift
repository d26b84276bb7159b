import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import Testing

/// The PostgreSQL store's own package path: an export from the saved document, an import in one
/// transaction.
@Suite(
  "Project packages on PostgreSQL", .serialized,
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct PackageTests {
  static let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 3)

  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-pg-package-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A replacing import whose last statement fails (a trigger refuses the new name) writes
  /// nothing: the save and the rename are one transaction.
  @Test func aReplacingImportThatFailsLeavesTheProjectAsItWas() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let project = try store.create(
      name: "Packed",
      video: Video(clips: [TitleSequence("t", duration: 1), ImageClip(Self.red, duration: 1)]),
      metadata: ContractMetadata(note: "packed"))
    let package = folder.appendingPathComponent("packed.kadrproject")
    try store.export(project.id, to: package)
    try store.save(
      Video(clips: [TitleSequence("changed", duration: 2)]),
      metadata: ContractMetadata(note: "changed"), for: project.id)
    try store.rename(project.id, to: "Renamed since")
    let history = try store.history(of: project.id)

    let admin = try PostgresConnection(connectionString: try StoreServer.required())
    try admin.execute(
      "CREATE FUNCTION \(schema).refuse_rename() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        + "IF NEW.name <> OLD.name THEN RAISE EXCEPTION 'no renames'; END IF; RETURN NEW; END $$")
    try admin.execute(
      "CREATE TRIGGER refuse_rename BEFORE UPDATE ON \(schema).projects FOR EACH ROW "
        + "EXECUTE FUNCTION \(schema).refuse_rename()")
    #expect(throws: PostgresError.self) {
      try store.importPackage(at: package, as: .packageID(whenTaken: .replace))
    }
    #expect(try store.history(of: project.id) == history, "the failed replace left a revision")
    let opened = try store.open(project.id)
    #expect(opened.summary.name == "Renamed since")
    #expect(opened.metadata.note == "changed")

    try admin.execute("DROP TRIGGER refuse_rename ON \(schema).projects")
    let replaced = try store.importPackage(at: package, as: .packageID(whenTaken: .replace))
    #expect(replaced.revision == (history.first?.revision ?? -1) + 1)
    #expect(replaced.name == "Packed")
    #expect(try store.open(project.id).video.clips.count == 2)
  }

  /// A package exported from the server opens in a folder library as it opens on the server,
  /// and the server's document, whose tokens are `pg:`, is written with `file:` tokens.
  @Test func aPackageMovesFromTheServerToAFolder() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try StoreServer.store()
    let project = try store.create(
      name: "Served",
      video: Video(clips: [TitleSequence("t", duration: 1), ImageClip(Self.red, duration: 1)]),
      metadata: ContractMetadata(note: "served"), thumbnail: Self.red, id: nil, created: nil,
      modified: nil)
    let package = folder.appendingPathComponent("served.kadrproject")
    try store.export(project.id, to: package)
    let library = try ProjectLibrary<ContractMetadata>(
      directory: folder.appendingPathComponent("library", isDirectory: true))
    let imported = try library.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    #expect(imported.id == project.id && imported.name == "Served")
    #expect(imported.thumbnailToken?.hasPrefix("file:") == true)
    let opened = try library.open(project.id)
    #expect(opened.metadata.note == "served")
    let image = try #require(opened.video.clips.last as? ImageClip)
    #expect(image.image == Self.red)
  }

  /// A project saved three times, on `store`: revision 0 uses one picture, revision 1 another,
  /// the head none.
  static func projectWithHistory(on store: PostgresProjectStore<ContractMetadata>) throws
    -> ProjectSummary<ContractMetadata>
  {
    let blue = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 3)
    let project = try store.create(
      name: "History",
      video: Video(clips: [TitleSequence("one", duration: 1), ImageClip(red, duration: 1)]),
      metadata: ContractMetadata(note: "first"))
    try store.save(
      Video(clips: [TitleSequence("two", duration: 2), ImageClip(blue, duration: 1)]),
      metadata: ContractMetadata(note: "second"), for: project.id)
    return try store.save(
      Video(clips: [TitleSequence("three", duration: 3)]),
      metadata: ContractMetadata(note: "third"), for: project.id)
  }

  /// Every revision travels from one server to another under its number, with its date,
  /// metadata and document, in the package's one import.
  @Test func historyMovesFromServerToServer() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try StoreServer.store()
    let head = try Self.projectWithHistory(on: source)
    let package = folder.appendingPathComponent("history.kadrproject")
    try source.export(head.id, to: package, includingHistory: true)
    let target = try StoreServer.store()
    let imported = try target.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    #expect(imported.revision == head.revision)
    #expect(try target.history(of: head.id) == source.history(of: head.id))
    for revision in 0...head.revision {
      let theirs = try target.open(head.id, revision: revision)
      let ours = try source.open(head.id, revision: revision)
      #expect(theirs.metadata == ours.metadata)
      #expect(String(reflecting: theirs.video) == String(reflecting: ours.video))
    }
    // Without history the package is the head alone, imported as revision 0.
    let plain = folder.appendingPathComponent("plain.kadrproject")
    try source.export(head.id, to: plain)
    let copy = try target.importPackage(at: plain)
    #expect(try target.history(of: copy.id).map(\.revision) == [0])
  }

  /// `kadr-doc library copy` from one server to another keeps every revision; to a folder it
  /// copies the last saves and says the history stayed behind.
  @Test func copyKeepsHistoryBetweenServersAndSaysWhenItCannot() throws {
    let (source, environment) = try KadrDocLibraryTests.store()
    let head = try Self.projectWithHistory(on: source)
    let schema = try #require(environment["KADR_POSTGRES_SCHEMA"])
    let admin = try PostgresConnection(connectionString: try StoreServer.required())
    let database = StoreServer.freshSchema()
    try admin.execute("CREATE DATABASE \(database)")
    defer { try? admin.execute("DROP DATABASE \(database) WITH (FORCE)") }
    let other = try StoreServer.required() + " dbname=\(database)"
    let target = try PostgresProjectStore<ContractMetadata>(
      connectionString: other, schema: schema)
    let run = try KadrDocLibraryTests.run(
      "kadr-doc-postgres",
      [
        "library", "copy", "--from", try KadrDocLibraryTests.location(), "--to",
        "postgres:" + other,
      ],
      environment: environment)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("copied 1, 0 already there"), "\(run.out)")
    #expect(!run.out.contains("history not copied"), "\(run.out)")
    #expect(try target.history(of: head.id) == source.history(of: head.id))
    #expect(try target.open(head.id, revision: 1).metadata.note == "second")

    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // `library export --history` writes the same history into one package.
    let package = folder.appendingPathComponent("history.kadrproject")
    let exported = try KadrDocLibraryTests.run(
      "kadr-doc-postgres",
      [
        "library", "export", "--store", try KadrDocLibraryTests.location(), head.id.rawValue,
        "-o", package.path, "--history",
      ],
      environment: environment)
    #expect(exported.status == 0, "\(exported.err)")
    let again = try StoreServer.store()
    let imported = try again.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    #expect(imported.revision == head.revision)
    #expect(try again.history(of: head.id) == source.history(of: head.id))

    let toFolder = try KadrDocLibraryTests.run(
      "kadr-doc-postgres",
      [
        "library", "copy", "--from", try KadrDocLibraryTests.location(), "--to",
        folder.appendingPathComponent("library").path,
      ],
      environment: environment)
    #expect(toFolder.status == 0, "\(toFolder.err)")
    #expect(toFolder.out.contains("revision history not copied"), "\(toFolder.out)")
  }
}
