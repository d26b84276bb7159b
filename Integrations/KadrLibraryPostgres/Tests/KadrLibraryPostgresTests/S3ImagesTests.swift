import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary
import KadrProjectLibraryTesting
import KadrS3
import PostgresClient
import PostgresTestServer
import Testing

/// The PostgreSQL store with its images in an S3 bucket (SeaweedFS): the contract, token rows
/// without bytes, and collection with its grace period and its race with a save.
@Suite(
  "PostgreSQL store with its images on S3",
  .enabled(if: S3Server.testsRun, Comment(rawValue: S3Server.skipReason)))
struct S3ImagesTests {
  @Test(arguments: ProjectStoreContract.Check.allCases)
  func storeWithImagesOnS3KeepsTheContract(_ check: ProjectStoreContract.Check) async throws {
    let store = try S3Server.store(images: try S3Server.imageStore())
    try await ProjectStoreContract.verify(check, on: store)
  }

  @Test func newImagesAreObjectsAndTheDatabaseKeepsTheirTokensOnly() throws {
    let schema = StoreServer.freshSchema()
    let bucket = try S3Server.imageStore()
    let store = try S3Server.store(images: bucket, schema: schema)
    let picture = PlatformImage.solidColor(PlatformColor(red: 0, green: 1, blue: 0), width: 5)
    let project = try store.create(
      name: "On S3", video: Video(clips: [ImageClip(picture, duration: 1)]),
      metadata: ContractMetadata())
    let token = try bucket.token(for: picture)
    #expect(token.hasPrefix("s3:"))
    #expect(try bucket.storedTokens() == [token])
    let admin = try PostgresTestServer.connect()
    let rows = try admin.query(
      "SELECT token, bytes IS NULL FROM \(schema).images"
    ).map { (try $0.string(0), try $0.bool(1)) }
    #expect(rows.count == 1)
    #expect(rows.first?.0 == token)
    #expect(rows.first?.1 == true, "the row keeps no bytes")
    let opened = try store.open(project.id, preservingUnknown: false, missingImages: .refuse)
    #expect((opened.video.clips.first as? ImageClip)?.image.data == picture.data)
  }

  @Test func collectionDeletesUnusedObjectsOnlyPastTheGracePeriod() throws {
    let bucket = try S3Server.imageStore()
    let schema = StoreServer.freshSchema()
    let patient = try S3Server.store(images: bucket, schema: schema, gracePeriod: 3600)
    let picture = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 4)
    let project = try patient.create(
      name: "Gone", video: Video(clips: [ImageClip(picture, duration: 1)]),
      metadata: ContractMetadata())
    let token = try bucket.token(for: picture)
    try patient.deletePermanently(project.id)

    let young = try patient.collectImages()
    #expect(try bucket.storedTokens() == [token], "an object younger than the grace period stays")
    #expect(!young.removed.contains(token))
    #expect(try patient.collectImages(dryRun: true).removed.isEmpty)

    let eager = try S3Server.store(images: bucket, schema: schema, gracePeriod: -60)
    #expect(try eager.collectImages(dryRun: true).removed == [token])
    #expect(try bucket.storedTokens() == [token], "a dry run deletes nothing")
    let collection = try eager.collectImages()
    #expect(collection.removed == [token])
    #expect(try bucket.storedTokens().isEmpty)
  }

  @Test func aSaveRestoresAnObjectACollectionDeletedWhileItEncoded() throws {
    let bucket = try S3Server.imageStore()
    let racing = CollectingDuringSave(bucket)
    let store = try S3Server.store(images: racing)
    let picture = PlatformImage.solidColor(PlatformColor(red: 1, green: 1, blue: 0), width: 6)
    let project = try store.create(
      name: "Race", video: Video(clips: [ImageClip(picture, duration: 1)]),
      metadata: ContractMetadata())
    #expect(racing.collections == 1, "the collection ran between the upload and the commit")
    let token = try bucket.token(for: picture)
    #expect(try bucket.storedTokens() == [token], "the save uploaded the deleted object again")
    let opened = try store.open(project.id, preservingUnknown: false, missingImages: .refuse)
    #expect((opened.video.clips.first as? ImageClip)?.image.data == picture.data)
  }
}

/// An image store whose first upload is followed by a collection that deletes every object
/// (as one racing the save would, past its grace period): the save must upload it again.
final class CollectingDuringSave: PrunableImageStore, @unchecked Sendable {
  // @unchecked Sendable: `count` is read and written only under `lock`; `store` is Sendable.
  let store: S3ImageStore
  private let lock = NSLock()
  private var count = 0

  init(_ store: S3ImageStore) { self.store = store }

  /// How many collections ran.
  var collections: Int { lock.withLock { count } }

  func token(for image: PlatformImage) throws -> String {
    let token = try store.token(for: image)
    let first = lock.withLock {
      count += 1
      return count == 1
    }
    if first {
      try store.prunedTokens(keeping: [], olderThan: -60)
    } else {
      lock.withLock { count -= 1 }
    }
    return token
  }

  func image(for token: String) throws -> PlatformImage { try store.image(for: token) }
  func storedTokens() throws -> [String] { try store.storedTokens() }
  func prunedTokens(keeping tokens: Set<String>, olderThan grace: TimeInterval) throws -> [String] {
    try store.prunedTokens(keeping: tokens, olderThan: grace)
  }
  func prunableTokens(keeping tokens: Set<String>, olderThan grace: TimeInterval) throws
    -> [String]
  {
    try store.prunableTokens(keeping: tokens, olderThan: grace)
  }
}
