import Foundation
@_spi(Testing) import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import PostgresClient
import PostgresTestServer
import Testing

/// Opens of a project whose image is gone: placeholders that save back as their tokens, and a
/// store that keeps one per missing token however often it opens.
@Suite(
  "PostgreSQL store: placeholders of missing images",
  .enabled(if: StoreServer.testsRun, "KADR_POSTGRES is not set"))
struct PlaceholderTests {
  /// A picture's token is named here, not by the server: the same digest as PostgreSQL's
  /// `sha256`, which named the pictures earlier versions saved.
  @Test func aPicturesTokenIsTheDigestTheServerGives() throws {
    let store = try StoreServer.store()
    let admin = try PostgresTestServer.connect()
    defer { admin.close() }
    for width in [1, 7, 64] {
      let picture = PlatformImage.solidColor(
        PlatformColor(red: 0.1, green: 0.2, blue: 0.3), width: width)
      let digest = try admin.query("SELECT encode(sha256($1), 'hex')", [.data(picture.data)])
        .first?.string(0)
      #expect(try store.images.token(for: picture) == "pg:\(digest ?? "").png")
    }
  }

  @Test func manyOpensWithAMissingImageKeepOnePlaceholderAndSaveItsToken() throws {
    let schema = StoreServer.freshSchema()
    let store = try StoreServer.store(schema: schema)
    let picture = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 3)
    let project = try store.create(
      name: "Missing", video: Video(clips: [ImageClip(picture, duration: 1)]),
      metadata: ContractMetadata())
    let token = try store.images.token(for: picture)
    // The image's row goes (a restore from an older backup, a damaged table).
    let admin = try PostgresTestServer.connect()
    try admin.execute("DELETE FROM \(schema).image_uses; DELETE FROM \(schema).images")

    for _ in 0..<1_000 {
      let opened = try store.open(project.id, preservingUnknown: false, missingImages: .placeholder)
      #expect(opened.unresolvedImageTokens == [token])
    }
    #expect(store.keptPlaceholderCount == 1, "kept \(store.keptPlaceholderCount) for 1,000 opens")
    let opened = try store.open(project.id, preservingUnknown: false, missingImages: .placeholder)
    try store.save(opened.video, metadata: ContractMetadata(), for: project.id)
    let saved = try store.open(project.id, preservingUnknown: false, missingImages: .placeholder)
    #expect(saved.summary.revision == 1)
    #expect(saved.unresolvedImageTokens == [token], "the placeholder saved back as its token")
  }
}
