import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrS3

/// Listing the images under a prefix and deleting those no document uses (SeaweedFS).
@Suite(
  "S3 image store: listing and pruning",
  .disabled(if: S3TestServer.skipReason != nil, Comment(rawValue: S3TestServer.skipReason ?? "")))
struct S3PruneTests {
  @Test("Unused images older than the grace period go; kept and recent ones stay")
  func prunesUnusedImages() throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let tokens = try (0..<4).map { _ in try store.token(for: try S3TestServer.image()) }
    #expect(try store.storedTokens() == tokens.sorted())
    // Listed two keys a page, the pages add up to the same.
    #expect(try store.storedObjects(pageSize: 2).map(\.token).sorted() == tokens.sorted())
    // Just written: inside an hour's grace, nothing goes.
    #expect(try store.prunedTokens(keeping: [tokens[0]], olderThan: 3600).isEmpty)
    // With no grace, the three unused images go; the kept one and other schemes' are left.
    Thread.sleep(forTimeInterval: 1.1)
    let removed = try store.prunedTokens(
      keeping: [tokens[0], "file:" + String(repeating: "a", count: 64) + ".png"], olderThan: 0)
    #expect(removed == Array(tokens.dropFirst()).sorted())
    #expect(try store.storedTokens() == [tokens[0]])
    #expect(throws: PersistenceError.self) { try store.image(for: tokens[1]) }
  }
}
