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
}
