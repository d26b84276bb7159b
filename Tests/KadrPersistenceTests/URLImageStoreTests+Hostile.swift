import Foundation
import KadrModel
import KadrPersistence
import LoopbackHTTP
import Testing

/// Servers that send more than asked, slower than asked, or compressed, and tokens that carry
/// credentials.
@Suite("URL image store: hostile servers", .serialized)
struct URLImageStoreHostileTests {
  typealias Support = StoreTestSupport

  static let limit = 256 * 1024
  /// What an endless body sends at most.
  static let endless = 16 << 30
  /// What the compressed flood sends at most.
  static let flood = 32 << 20
  /// A real PNG padded to 40 MiB (the store checks headers, not pixels).
  static let large = Support.png(9).data + Data(count: 40 << 20)

  static func route(_ path: String) -> LoopbackHTTPServer.Response {
    switch path {
    case "/large.png": return .bytes(status: 200, headers: [:], body: large)
    // Endless for the test's purpose: on Linux the transfer is only torn down after the store
    // has failed it, so a loaded machine streams a while before the check; 16 GiB is minutes.
    case "/endless": return .endless(.plain, cap: Self.endless)
    case "/endless-chunked": return .endless(.chunked, cap: Self.endless)
    case "/gzip": return .endless(.gzip, cap: 4 << 20)
    // 32 MiB of deflate blocks that inflate to 5 GiB: a store that inflates reads them all.
    case "/gzip-flood": return .endless(.gzip, cap: Self.flood)
    case let slow where slow.hasPrefix("/slow/"): return .delayed(5, body: Support.png(1).data)
    case "/to-ftp":
      return .bytes(
        status: 302, headers: ["Location": "ftp://mallory:hunter2@example.com/x.png"],
        body: Data())
    default: return .bytes(status: 404, headers: [:], body: Data())
    }
  }

  private func withServer(
    _ fetcher: URLFetcher,
    _ configuration: URLImageStore.Configuration = .init(
      allowsHTTP: true, requestTimeout: 10, maximumImageBytes: limit),
    _ body: (LoopbackHTTPServer, URLImageStore) async throws -> Void
  ) async throws {
    let server = try LoopbackHTTPServer(routes: Self.route)
    defer { server.stop() }
    try await body(server, fetcher.store(configuration))
  }

  @Test(arguments: URLFetcher.all)
  func aFortyMebibyteImageArrivesWithinTheDefaultTimeout(_ fetcher: URLFetcher) async throws {
    // Each chunk used to copy everything received before it: 40 MiB took minutes.
    try await withServer(fetcher, .init(allowsHTTP: true)) { server, store in
      let token = server.baseURL + "/large.png"
      let image = try await store.prefetch([token]).image(for: token)
      #expect(image.data.count == Self.large.count)
    }
  }

  @Test(arguments: URLFetcher.all, ["/endless", "/endless-chunked"])
  func anEndlessBodyStopsAtTheLimit(_ fetcher: URLFetcher, path: String) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + path
      #expect(await prefetchFailure([token], from: store) == .tooLarge(token, limit: Self.limit))
      #expect(server.bytesStreamed < Self.endless)
    }
  }

  @Test(arguments: URLFetcher.all)
  func aCompressedBodyIsRefusedBeforeItIsInflated(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/gzip"
      let error = await prefetchFailure([token], from: store)
      guard case .transport(let refused, let reason)? = error else {
        Issue.record("expected a transport refusal, got \(String(describing: error))")
        return
      }
      #expect(refused == token)
      #expect(reason.contains("Content-Encoding: gzip"))
    }
  }

  // The platform's fetcher only: swift-corelibs-foundation's URLSession inflates before the
  // headers reach a delegate (11 GB and 78 s for 64 MiB sent), which is why Linux drives
  // libcurl itself; Apple's URLSession, the platform fetcher there, judges headers first.
  @Test(arguments: [URLFetcher.platform])
  func aCompressedFloodIsRefusedAtItsHeadersWithoutReadingItsBody(_ fetcher: URLFetcher)
    async throws
  {
    // The store's own libcurl transfer on Linux, like URLSession on Apple platforms, judges
    // the headers before taking a byte of the body.
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/gzip-flood"
      let error = await prefetchFailure([token], from: store)
      #expect(error == .compressedBody(token, encoding: "gzip"))
      // The server stops when its peer goes away; what it sent by then is what the sockets'
      // buffers took, a few MiB, not the flood.
      let deadline = Date().addingTimeInterval(30)
      while server.finishedStreams == 0, Date() < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(server.finishedStreams == 1)
      #expect(server.bytesStreamed < Self.flood / 2)
    }
  }

  @Test(arguments: URLFetcher.all)
  func aPrefetchEndsAtItsOverallDeadline(_ fetcher: URLFetcher) async throws {
    // Three requests of 5 s each, one at a time, within a 30 s request timeout: only the
    // prefetch's own 0.3 s deadline can end it with this error.
    let configuration = URLImageStore.Configuration(
      allowsHTTP: true, maximumConcurrentRequests: 1, requestTimeout: 30, prefetchTimeout: 0.3)
    try await withServer(fetcher, configuration) { server, store in
      let tokens = (0..<3).map { server.baseURL + "/slow/\($0)" }
      let error = await prefetchFailure(tokens, from: store)
      #expect(error == .prefetchTimedOut(seconds: 0.3, pending: 3))
      #expect(error?.errorDescription?.contains("0.3 seconds") == true)
    }
  }

  @Test func theDeadlineIsClampedAndDefaultsToFiveMinutes() {
    #expect(URLImageStore().configuration.prefetchTimeout == 300)
    #expect(
      URLImageStore(configuration: .init(prefetchTimeout: .nan)).configuration.prefetchTimeout
        == 300)
    #expect(
      URLImageStore(configuration: .init(prefetchTimeout: -1)).configuration.prefetchTimeout
        == 0.001)
  }

  @Test(arguments: URLFetcher.all)
  func credentialsInATokenNeverAppearInItsErrors(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token =
        server.baseURL.replacingOccurrences(of: "://", with: "://alice:s3cret@")
        + "/missing"
      let error = await prefetchFailure([token], from: store)
      #expect(error == .httpStatus(token, code: 404))
      let message = error?.errorDescription ?? ""
      #expect(!message.contains("s3cret"))
      #expect(!message.contains("alice"))
      #expect(message.contains("http://***@127.0.0.1:"))
      #expect(
        URLImageStoreError.schemeNotAllowed("ftp://a:b@c/d", scheme: "ftp").errorDescription?
          .contains("a:b") == false)
    }
  }

  @Test(arguments: URLFetcher.all)
  func credentialsInARefusedRedirectNeverAppearInItsError(_ fetcher: URLFetcher) async throws {
    try await withServer(fetcher) { server, store in
      let token = server.baseURL + "/to-ftp"
      let error = await prefetchFailure([token], from: store)
      #expect(
        error == .redirectNotAllowed(token, location: "ftp://mallory:hunter2@example.com/x.png"))
      #expect(error?.errorDescription?.contains("hunter2") == false)
      #expect(error?.errorDescription?.contains("ftp://***@example.com/x.png") == true)
    }
  }

  @Test func aDocumentsErrorHidesTheCredentialsOfItsToken() throws {
    let token = "https://alice:s3cret@example.com/a.png"
    let document =
      Data(
        #"{"schema":1,"video":{"clips":[{"image":{"_0":{"duration":{"timescale":600,"value":600},"#
          .utf8)
      + Data(#""imageToken":"\#(token)"}}}]}}"#.utf8)
    let error = #expect(throws: PersistenceError.self) {
      try KadrCoder().video(from: document, images: URLImageStore())
    }
    #expect(error?.failureReason?.contains("s3cret") == false)
    #expect(error?.failureReason?.contains("https://***@example.com/a.png") == true)
  }
}
