import Foundation
import KadrModel
import KadrPersistence
import Testing

@Suite("Routing image store")
struct RoutingImageStoreTests {
  typealias Support = StoreTestSupport

  /// A router with a file store (the writer), a photo store and an in-memory store.
  private func makeRouter(directory: URL, photos: [String: PlatformImage] = [:]) throws
    -> RoutingImageStore
  {
    var router = RoutingImageStore()
    try router.register(try FileImageStore(directory: directory), forScheme: "file", asWriter: true)
    try router.register(PrefetchedImageStore(photos), forScheme: "photo")
    try router.register(InMemoryImageStore(), forScheme: "memory")
    return router
  }

  @Test func sendsEachTokenToTheStoreOfItsScheme() async throws {
    try await Support.withTemporaryDirectory { directory in
      let photo = Support.png(1)
      let router = try makeRouter(directory: directory, photos: ["photo:ABC-1": photo])
      let fileToken = try FileImageStore(directory: directory).token(for: Support.png(2))

      #expect(try router.image(for: "photo:ABC-1") === photo)
      #expect(try router.image(for: fileToken).data == Support.png(2).data)
      #expect(try router.image(for: "FILE:" + fileToken.dropFirst(5)).data == Support.png(2).data)
      #expect(router.schemes == ["file", "memory", "photo"])
      #expect(router.writerScheme == "file")
    }
  }

  /// Tokens with no registered store, one line each with the scheme reported.
  static let unroutable: [(token: String, scheme: String)] = [
    ("ftp://example.com/a.png", "ftp"),
    ("https://example.com/a.png", "https"),
    ("no-scheme.png", ""),
    (":empty-scheme", ""),
    ("1abc:x", ""),
    ("", ""),
  ]

  @Test(arguments: unroutable)
  func refusesATokenWithNoStoreForItsScheme(token: String, scheme: String) async throws {
    try await Support.withTemporaryDirectory { directory in
      let router = try makeRouter(directory: directory)
      #expect(
        storeError(ImageStoreError.self) { _ = try router.image(for: token) }
          == .noStoreForScheme(scheme, token: token))
    }
  }

  @Test func savesNewImagesWithTheWriter() async throws {
    try await Support.withTemporaryDirectory { directory in
      let router = try makeRouter(directory: directory)
      let image = Support.png(3)
      #expect(try router.token(for: image) == "file:\(Support.hash(image.data)).png")
      #expect(Support.fileNames(in: directory).count == 1)
    }
  }

  @Test func savesImagesItResolvedUnderTheirOwnTokens() async throws {
    try await Support.withTemporaryDirectory { directory in
      let router = try makeRouter(directory: directory, photos: ["photo:1": Support.png(1)])
      let memory = try #require(router.store(forScheme: "memory") as? InMemoryImageStore)
      memory.insert(Support.png(5), token: "memory:host")
      let fromPhotos = try router.image(for: "photo:1")
      let fromMemory = try router.image(for: "memory:host")

      #expect(try router.token(for: fromPhotos) == "photo:1")
      #expect(try router.token(for: fromMemory) == "memory:host")
      #expect(Support.fileNames(in: directory).isEmpty)
    }
  }

  @Test func asksRecallingStoresAboutImagesItDidNotResolve() async throws {
    try await Support.withTemporaryDirectory { directory in
      let photo = Support.png(1)
      // A fresh router that never resolved the image still saves it under its photo token.
      let router = try makeRouter(directory: directory, photos: ["photo:7": photo])
      #expect(router.recalledToken(for: photo) == "photo:7")
      #expect(try router.token(for: photo) == "photo:7")
      #expect(router.recalledToken(for: Support.png(1)) == nil)
    }
  }

  @Test func cannotSaveNewImagesWithoutAWriter() throws {
    var router = RoutingImageStore()
    try router.register(PrefetchedImageStore([:]), forScheme: "photo")
    #expect(router.writer == nil)
    #expect(
      storeError(ImageStoreError.self) { _ = try router.token(for: Support.png(1)) }
        == .cannotStoreNewImages("routing image store with no writer"))
  }

  @Test func refusesASecondStoreForAScheme() throws {
    var router = RoutingImageStore()
    try router.register(InMemoryImageStore(), forScheme: "photo")
    #expect {
      try router.register(InMemoryImageStore(), forScheme: "PHOTO")
    } throws: { error in
      guard case .schemeTaken("photo", _, _)? = error as? ImageStoreRegistrationError else {
        return false
      }
      return (error as? any LocalizedError)?.errorDescription?.contains("photo") == true
    }
  }

  @Test func acceptsTheSameStoreAgain() throws {
    let urls = URLImageStore()
    var router = RoutingImageStore()
    try router.register(urls, forSchemes: ["https", "http"])
    try router.register(urls, forScheme: "https")
    #expect(router.schemes == ["http", "https"])
  }

  @Test func registersAllSchemesOrNone() throws {
    var router = RoutingImageStore()
    try router.register(InMemoryImageStore(), forScheme: "file")
    #expect(throws: ImageStoreRegistrationError.self) {
      try router.register(InMemoryImageStore(), forSchemes: ["photo", "file"], asWriter: true)
    }
    #expect(router.schemes == ["file"])
    #expect(router.writerScheme == nil)
  }

  @Test(arguments: ["", "1photo", "photo:", "ph oto", "phöto", "-x", "a/b"])
  func refusesAnInvalidScheme(scheme: String) {
    var router = RoutingImageStore()
    #expect(throws: ImageStoreRegistrationError.invalidScheme(scheme)) {
      try router.register(InMemoryImageStore(), forScheme: scheme)
    }
  }

  @Test func refusesAWriterWithNoStore() throws {
    var router = RoutingImageStore()
    #expect(throws: ImageStoreRegistrationError.writerNotRegistered("file")) {
      try router.setWriter(scheme: "file")
    }
    #expect(throws: ImageStoreRegistrationError.writerNotRegistered("file")) {
      _ = try RoutingImageStore(["photo": InMemoryImageStore()], writer: "file")
    }
    let built = try RoutingImageStore(["photo": InMemoryImageStore()], writer: "Photo")
    #expect(built.writerScheme == "photo")
    try router.register(InMemoryImageStore(), forScheme: "memory")
    try router.setWriter(scheme: "memory")
    try router.setWriter(scheme: nil)
    #expect(router.writerScheme == nil)
  }

  @Test func readsTheSchemeOfAToken() {
    #expect(RoutingImageStore.scheme(of: "HTTPS://example.com") == "https")
    #expect(RoutingImageStore.scheme(of: "x-photo+v1.2:abc") == "x-photo+v1.2")
    #expect(RoutingImageStore.scheme(of: "no scheme") == nil)
    #expect(RoutingImageStore.scheme(of: "a b:c") == nil)
  }

  @Test func prefetchesEachPrefetchingStoreOnceWithItsTokens() async throws {
    let recorder = RecordingPrefetchStore()
    var router = RoutingImageStore()
    try router.register(recorder, forSchemes: ["https", "http"])
    try router.register(InMemoryImageStore(), forScheme: "memory")
    let tokens = ["https://a/1.png", "memory:1", "http://b/2.png", "https://a/1.png", "x:1"]

    let prefetched = try await router.prefetch(tokens)

    #expect(recorder.calls == [["https://a/1.png", "http://b/2.png"]])
    #expect(prefetched.tokens == ["http://b/2.png", "https://a/1.png"])
    let image = try router.image(for: "http://b/2.png")
    #expect(try router.token(for: image) == "http://b/2.png")
  }
}

/// A prefetching store that records what it was asked for and serves a PNG per token.
private final class RecordingPrefetchStore: PrefetchingImageStore, @unchecked Sendable {
  // @unchecked Sendable: `recorded` and `images` are used only while `lock` is held.
  private let lock = NSLock()
  private var recorded: [[String]] = []
  private var images: [String: PlatformImage] = [:]

  var calls: [[String]] { lock.withLock { recorded } }

  func prefetch(_ tokens: [String]) async throws -> PrefetchedImageStore {
    lock.withLock {
      recorded.append(tokens)
      for (index, token) in tokens.enumerated() { images[token] = StoreTestSupport.png(index) }
      return PrefetchedImageStore(images.filter { tokens.contains($0.key) })
    }
  }

  func image(for token: String) throws -> PlatformImage {
    guard let image = lock.withLock({ images[token] }) else {
      throw ImageStoreError.unknownToken(token)
    }
    return image
  }

  func token(for image: PlatformImage) throws -> String {
    throw ImageStoreError.cannotStoreNewImages("recording store")
  }
}
