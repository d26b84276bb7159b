import Foundation
import KadrModel
import KadrPersistence
import LoopbackHTTP
import Testing

@Suite("URL image store")
struct URLImageStoreTests {
  typealias Support = StoreTestSupport

  static let png = Support.png(42, width: 3, height: 2)
  static let hugeSize = 64 * 1024 * 1024
  static let limit = 256 * 1024

  /// The test server's answers.
  static func route(_ path: String) -> LoopbackHTTPServer.Response {
    let image = png.data
    switch path {
    case "/image.png":
      return .bytes(status: 200, headers: ["Content-Type": "image/png"], body: image)
    case "/text": return .bytes(status: 200, headers: [:], body: Data("not an image".utf8))
    case "/huge": return .stream(total: hugeSize, declaresLength: true)
    case "/huge-stream": return .stream(total: hugeSize, declaresLength: false)
    case "/slow": return .delayed(5, body: image)
    case "/to-file":
      return .bytes(status: 302, headers: ["Location": "file:///etc/hosts"], body: Data())
    case let item where item.hasPrefix("/item/"): return .delayed(0.2, body: image)
    case let redirect where redirect.hasPrefix("/redirect/"):
      let remaining = Int(redirect.dropFirst("/redirect/".count)) ?? 0
      guard remaining > 0 else { return .bytes(status: 200, headers: [:], body: image) }
      return .bytes(status: 302, headers: ["Location": "/redirect/\(remaining - 1)"], body: Data())
    default: return .bytes(status: 404, headers: [:], body: Data("missing".utf8))
    }
  }

  /// Runs `body` with a fresh server and a store allowing `http:` with small limits.
  /// The stores' configuration: a generous timeout (a loopback answer took longer than 0.5 s
  /// once, on a machine running the whole suite under CI), so that only the timeout test, which
  /// sets its own, is about time.
  private static let configuration = URLImageStore.Configuration(
    allowsHTTP: true, requestTimeout: 30, maximumImageBytes: limit, maximumRedirects: 3)

  private func withServer(
    _ fetcher: URLFetcher,
    _ configuration: URLImageStore.Configuration = Self.configuration,
    _ body: (LoopbackHTTPServer, URLImageStore) async throws -> Void
  ) async throws {
    let server = try LoopbackHTTPServer(routes: Self.route)
    defer { server.stop() }
    try await body(server, fetcher.store(configuration))
  }

  /// Prefetches one token and returns the error thrown.
  private func prefetchError(_ token: String, from store: URLImageStore) async
    -> URLImageStoreError?
  {
    await prefetchFailure([token], from: store)
  }

  @Test(arguments: URLFetcher.all)
  func fetchesAnImageAndSavesItBackUnderItsURL(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/image.png"
      let prefetched = try await store.prefetch([token])
      let image = try prefetched.image(for: token)
      #expect(image.data == Self.png.data)
      #expect(try store.image(for: token) === image)
      #expect(try store.token(for: image) == token)
      #expect(try prefetched.token(for: image) == token)
      #expect(store.fetchedTokens == [token])
    }
  }

  @Test(arguments: URLFetcher.all)
  func refusesHTTPUnlessAllowed(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher, URLImageStore.Configuration()) { server, store in
      let token = server.baseURL + "/image.png"
      #expect(await prefetchError(token, from: store) == .schemeNotAllowed(token, scheme: "http"))
      #expect(server.paths.isEmpty)
    }
  }

  /// Tokens refused before any request, one line each with the error.
  static let refusedTokens: [(token: String, error: URLImageStoreError)] = [
    ("not a url", .invalidURL("not a url")),
    ("//example.com/a.png", .invalidURL("//example.com/a.png")),
    ("https:///a.png", .invalidURL("https:///a.png")),
    ("ftp://example.com/a.png", .schemeNotAllowed("ftp://example.com/a.png", scheme: "ftp")),
    ("file:///etc/hosts", .schemeNotAllowed("file:///etc/hosts", scheme: "file")),
    ("data:image/png;base64,AA==", .schemeNotAllowed("data:image/png;base64,AA==", scheme: "data")),
    ("photo:ABC", .schemeNotAllowed("photo:ABC", scheme: "photo")),
  ]

  @Test(arguments: URLFetcher.all, refusedTokens)
  func refusesATokenThatIsNotAnAllowedURL(
    _ fetcher: URLFetcher, refused: (token: String, error: URLImageStoreError)
  ) async {
    let (token, error) = refused
    let store = fetcher.store()
    #expect(await prefetchError(token, from: store) == error)
    #expect(storeError(URLImageStoreError.self) { _ = try store.image(for: token) } == error)
  }

  @Test(arguments: URLFetcher.all)
  func readsFileURLsOnlyWhenAllowed(_ fetcher: URLFetcher) async throws {
    try await Support.withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("local.png")
      try Self.png.data.write(to: file)
      let token = file.absoluteString
      let allowed = fetcher.store(.init(allowsFileURLs: true))
      #expect(try await allowed.prefetch([token]).image(for: token).data == Self.png.data)
      #expect(
        await prefetchError(token, from: fetcher.store())
          == .schemeNotAllowed(token, scheme: "file"))
      let small = fetcher.store(.init(allowsFileURLs: true, maximumImageBytes: 10))
      #expect(await prefetchError(token, from: small) == .tooLarge(token, limit: 10))
    }
  }

  @Test(arguments: URLFetcher.all)
  func refusesBytesThatAreNotAnImage(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/text"
      guard case .notAnImage(token, _)? = await prefetchError(token, from: store) else {
        Issue.record("expected notAnImage")
        return
      }
      #expect(store.fetchedTokens.isEmpty)
    }
  }

  @Test(arguments: URLFetcher.all)
  func refusesAStatusOutsideTwoHundreds(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/missing"
      #expect(await prefetchError(token, from: store) == .httpStatus(token, code: 404))
    }
  }

  @Test(arguments: URLFetcher.all, ["/huge", "/huge-stream"])
  func stopsAnOversizedDownloadEarly(_ fetcher: URLFetcher, path: String) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + path
      #expect(await prefetchError(token, from: store) == .tooLarge(token, limit: Self.limit))
      // The server's send fails once the client hangs up; wait (bounded) for it to notice.
      let deadline = Date().addingTimeInterval(8)
      while server.finishedStreams == 0, Date() < deadline {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(server.finishedStreams == 1)
      #expect(server.bytesStreamed < Self.hugeSize / 2)
    }
  }

  @Test(arguments: URLFetcher.all)
  func refusesARedirectChainLongerThanTheLimit(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/redirect/10"
      #expect(await prefetchError(token, from: store) == .tooManyRedirects(token, limit: 3))
      #expect(server.paths.count <= 4)
    }
  }

  @Test(arguments: URLFetcher.all)
  func followsARedirectChainWithinTheLimit(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/redirect/3"
      let image = try await store.prefetch([token]).image(for: token)
      #expect(image.data == Self.png.data)
      #expect(server.paths == ["/redirect/3", "/redirect/2", "/redirect/1", "/redirect/0"])
    }
  }

  @Test(arguments: URLFetcher.all)
  func refusesARedirectToAFileURL(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/to-file"
      let error = await prefetchError(token, from: store)
      // Refused from the `Location` the server sent: swift-corelibs-foundation would otherwise
      // turn it into a request for /etc/hosts on the same host, which a check of the new
      // request's scheme lets through.
      #expect(error == .redirectNotAllowed(token, location: "file:///etc/hosts"))
      #expect(server.paths == ["/to-file"])
    }
  }

  @Test(arguments: URLFetcher.all)
  func givesUpOnASlowResponseAfterTheTimeout(_ fetcher: URLFetcher) async throws {
    var configuration = Self.configuration
    configuration.requestTimeout = 0.5
    try await withServer(fetcher, configuration) { server, store in
      let token = server.baseURL + "/slow"
      // The server answers after 5 s; a timeout error (not the image) shows the 0.5 s limit
      // ended the request. No wall-clock assertion: the machine may be loaded.
      #expect(await prefetchError(token, from: store) == .timedOut(token, seconds: 0.5))
    }
  }

  @Test(arguments: URLFetcher.all)
  func stopsWhenThePrefetchingTaskIsCancelled(_ fetcher: URLFetcher) async throws {
    let configuration = URLImageStore.Configuration(allowsHTTP: true, requestTimeout: 30)
    try await withServer(fetcher, configuration) { server, store in
      let token = server.baseURL + "/slow"
      let task = Task { await prefetchError(token, from: store) }
      try await Task.sleep(for: .milliseconds(200))
      task.cancel()
      // With a 30 s timeout and a 5 s server, only the cancellation can give this error.
      #expect(await task.value == .cancelled(token))
    }
  }

  @Test func servesOnlyPrefetchedTokensSynchronously() throws {
    let store = URLImageStore()
    let token = "https://example.com/a.png"
    let error = storeError(URLImageStoreError.self) { try store.image(for: token) }
    #expect(error == .notPrefetched(token))
    #expect(error?.recoverySuggestion?.contains("prefetch") == true)
  }

  @Test func cannotSaveImagesItDidNotFetch() {
    #expect(
      storeError(ImageStoreError.self) { _ = try URLImageStore().token(for: Self.png) }
        == .cannotStoreNewImages("URL image store"))
  }

  @Test(arguments: URLFetcher.all)
  func keepsConcurrentRequestsWithinTheLimit(_ fetcher: URLFetcher) async throws {
    // The timeout is generous: this test is about the concurrency limit, and on a machine busy
    // with the rest of the suite a queued request once took more than 5 s to be answered.
    let configuration = URLImageStore.Configuration(
      allowsHTTP: true, maximumConcurrentRequests: 2, requestTimeout: 60)
    try await withServer(fetcher, configuration) { server, store in
      let tokens = (0..<8).map { server.baseURL + "/item/\($0)" }
      let prefetched = try await store.prefetch(tokens + tokens)
      #expect(prefetched.tokens == tokens.sorted())
      #expect(server.paths.count == 8)
      #expect(server.peakConcurrency <= 2)
      #expect(server.peakConcurrency >= 1)
    }
  }

  @Test(arguments: URLFetcher.all)
  func fetchesATokenOnlyOnce(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/image.png"
      let first = try await store.prefetch([token, token]).image(for: token)
      let second = try await store.prefetch([token]).image(for: token)
      #expect(first === second)
      #expect(server.paths == ["/image.png"])
    }
  }

  @Test(arguments: URLFetcher.all)
  func refusesMoreTokensThanTheLimit(_ fetcher: URLFetcher) async {
    let store = fetcher.store(.init(maximumTokensPerPrefetch: 2))
    let tokens = (0..<3).map { "https://example.com/\($0).png" }
    #expect(await prefetchFailure(tokens, from: store) == .tooManyTokens(count: 3, limit: 2))
  }

  @Test(arguments: URLFetcher.all)
  func prefetchesThroughARouter(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let memory = InMemoryImageStore()
      var router = RoutingImageStore()
      try router.register(store, forSchemes: ["https", "http"])
      try router.register(memory, forScheme: "memory", asWriter: true)
      let token = server.baseURL + "/image.png"
      try await router.prefetch([token, "memory:1"])
      let image = try router.image(for: token)
      #expect(image.data == Self.png.data)
      #expect(try router.token(for: image) == token)
      #expect(try router.token(for: Support.png(1)) == "memory:1")
    }
  }

  @Test func clampsItsConfiguration() {
    let store = URLImageStore(
      configuration: .init(
        maximumConcurrentRequests: 0, requestTimeout: .nan, maximumImageBytes: -5,
        maximumRedirects: 99, maximumTokensPerPrefetch: 0))
    #expect(store.configuration.maximumConcurrentRequests == 1)
    #expect(store.configuration.requestTimeout == 30)
    #expect(store.configuration.maximumImageBytes == 1)
    #expect(store.configuration.maximumRedirects == 20)
    #expect(store.configuration.maximumTokensPerPrefetch == 1)
  }
}
