import Foundation
import KadrModel
import KadrPersistence
import KadrS3
import Testing

/// Reading a document's images ahead of time, as the asynchronous open does.
@Suite(
  "S3 image store: prefetch",
  .disabled(if: S3TestServer.skipReason != nil, Comment(rawValue: S3TestServer.skipReason ?? "")))
struct S3PrefetchTests {
  @Test("A prefetch reads every distinct token once and serves exactly them")
  func prefetchesDistinctTokens() async throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let images = try (0..<12).map { _ in try S3TestServer.image() }
    let tokens = try images.map { try store.token(for: $0) }
    let prefetched = try await store.prefetch(tokens + tokens.prefix(3))
    for (image, token) in zip(images, tokens) {
      #expect(try prefetched.image(for: token).data == image.data)
    }
    let missing = "s3:" + String(repeating: "ef", count: 32) + ".png"
    await #expect {
      try await store.prefetch(tokens + [missing])
    } throws: { error in
      if case .imageUnresolvable(let token) = error as? PersistenceError { return token == missing }
      return false
    }
  }

  @Test("A composition saved with the store opens asynchronously through it")
  func opensAsynchronously() async throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let image = try S3TestServer.image()
    let data = try KadrCoding.data(for: Video { ImageClip(image, duration: 2) }, images: store)
    let reopened = try await KadrCoding.video(from: data, images: store)
    #expect((reopened.clips.first as? ImageClip)?.image.data == image.data)
  }
}
