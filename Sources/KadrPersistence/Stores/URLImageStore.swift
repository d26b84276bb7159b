import Foundation
import KadrModel
import KadrPersistenceCore

/// An image store for tokens that are absolute `https:` URLs (and `http:` or `file:` ones when
/// the configuration allows them), fetched with `URLSession` — on Linux with the system
/// libcurl, driven by the store with content decoding off (swift-corelibs-foundation would
/// inflate a compressed body before the store could refuse it).
///
/// ``ImageStore`` is synchronous, so a URL store resolves its tokens ahead, in one concurrent pass
/// within the configured limits: call ``prefetch(_:)`` with a document's tokens (or register the
/// store in a ``RoutingImageStore`` and prefetch through it), then decode. ``image(for:)`` serves
/// only tokens already fetched.
///
/// ```swift
/// let urls = URLImageStore(configuration: .init(maximumImageBytes: 10 << 20))
/// try await urls.prefetch(["https://example.com/logo.png"])
/// let logo = try urls.image(for: "https://example.com/logo.png")
/// ```
///
/// Every fetch enforces a 2xx status, a size limit (checked against `Content-Length` and while
/// receiving, so an oversized body is never read to the end), a redirect limit (a redirect to a
/// scheme that is not allowed is refused from its `Location`), a total timeout, and bytes that
/// really are an image; a whole prefetch has its own deadline. Messages hide the credentials of
/// URLs (`https://***@host/…`). A URL store cannot upload: saving an image that did not
/// come from it throws ``ImageStoreError/cannotStoreNewImages(_:)``, which the coder reports as
/// loss; an image it fetched saves back under its URL.
///
/// A document decides which URLs are requested. A server opening documents it did not write
/// should keep `http:` and `file:` off (the default) and, if its network can reach internal
/// services, route requests through a proxy that refuses private addresses.
public final class URLImageStore: PrefetchingImageStore, TokenRecallingImageStore, Sendable {
  /// The images fetched so far, both ways.
  private struct Fetched: Sendable {
    var imagesByToken: [String: PlatformImage] = [:]
    var tokensByImage: [ObjectIdentifier: String] = [:]
  }

  private let fetched = Locked(Fetched())
  private let fetcher: any ImageFetching

  /// What the store may fetch and its limits, clamped to their documented ranges.
  public let configuration: Configuration

  /// Creates a store.
  ///
  /// - Parameter configuration: The allowed schemes and the limits; out-of-range values are
  ///   clamped (see ``Configuration``).
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration.clamped
    fetcher = makeImageFetcher(configuration: self.configuration)
  }

  /// Creates a store that downloads with `URLSession` on every platform, also on Linux where
  /// the store otherwise drives libcurl itself; for tests of that path.
  ///
  /// - Parameter configuration: The allowed schemes and the limits, clamped.
  package init(foundationSessionWith configuration: Configuration) {
    self.configuration = configuration.clamped
    fetcher = makeImageFetcher(configuration: self.configuration, foundationOnly: true)
  }

  /// The tokens fetched so far, sorted.
  public var fetchedTokens: [String] { fetched.withLock { $0.imagesByToken.keys.sorted() } }

  /// Fetches the tokens not fetched yet; see ``prefetch(_:)``.
  func fetchAll(_ tokens: [String]) async throws(URLImageStoreError) -> PrefetchedImageStore {
    var seen: Set<String> = []
    let distinct = tokens.filter { seen.insert($0).inserted }
    guard distinct.count <= configuration.maximumTokensPerPrefetch else {
      throw .tooManyTokens(count: distinct.count, limit: configuration.maximumTokensPerPrefetch)
    }
    var images: [String: PlatformImage] = [:]
    var pending: [(token: String, url: URL)] = []
    for token in distinct {
      let url = try checkedURL(token)
      if let image = fetched.withLock({ $0.imagesByToken[token] }) {
        images[token] = image
      } else {
        pending.append((token, url))
      }
    }
    for (token, image) in try await resolve(pending) { images[token] = image }
    return PrefetchedImageStore(images)
  }

  /// The image fetched for `token`; see ``image(for:)``.
  func fetchedImage(_ token: String) throws(URLImageStoreError) -> PlatformImage {
    if let image = fetched.withLock({ $0.imagesByToken[token] }) { return image }
    _ = try checkedURL(token)
    throw .notPrefetched(token)
  }

  public func recalledToken(for image: PlatformImage) -> String? {
    fetched.withLock { $0.tokensByImage[ObjectIdentifier(image)] }
  }

  /// Checks `token` against the configuration; see ``url(for:)``.
  func checkedURL(_ token: String) throws(URLImageStoreError) -> URL {
    guard let url = URL(string: token), let scheme = url.scheme?.lowercased() else {
      throw .invalidURL(token)
    }
    if scheme == "file" {
      guard configuration.allowsFileURLs else { throw .schemeNotAllowed(token, scheme: scheme) }
      guard url.path.hasPrefix("/") else { throw .invalidURL(token) }
      return url
    }
    guard configuration.networkSchemes.contains(scheme) else {
      throw .schemeNotAllowed(token, scheme: scheme)
    }
    guard let host = url.host, !host.isEmpty else { throw .invalidURL(token) }
    return url
  }

  /// What a child task of a prefetch reports: one fetch, or the prefetch's deadline.
  private enum PrefetchEvent: Sendable {
    case fetched(String, Result<PlatformImage, URLImageStoreError>)
    case deadline
    /// The deadline's timer was cancelled (the prefetch ended, or its task was cancelled).
    case stopped
  }

  /// Fetches `pending` with at most the configured number of requests at once, within the
  /// prefetch's overall deadline.
  private func resolve(_ pending: [(token: String, url: URL)]) async throws(URLImageStoreError)
    -> [String: PlatformImage]
  {
    guard !pending.isEmpty else { return [:] }
    let limit = configuration.maximumConcurrentRequests
    let deadline = configuration.prefetchTimeout
    let outcome = await withTaskGroup(of: PrefetchEvent.self) {
      group -> Result<[String: PlatformImage], URLImageStoreError> in
      var queue = pending[...]
      var images: [String: PlatformImage] = [:]
      func startNext() {
        guard let next = queue.popFirst() else { return }
        group.addTask { .fetched(next.token, await self.resolve(next.token, url: next.url)) }
      }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(deadline * 1e9))
        return Task.isCancelled ? .stopped : .deadline
      }
      for _ in 0..<limit { startNext() }
      while let event = await group.next() {
        switch event {
        case .fetched(let token, .success(let image)):
          images[token] = image
          guard images.count < pending.count else {
            group.cancelAll()  // Every image is here: stop the deadline's timer.
            return .success(images)
          }
          startNext()
        case .fetched(_, .failure(let error)):
          group.cancelAll()
          return .failure(error)
        case .deadline:
          group.cancelAll()
          return .failure(
            .prefetchTimedOut(seconds: deadline, pending: pending.count - images.count))
        case .stopped:
          continue
        }
      }
      return .success(images)
    }
    return try outcome.get()
  }

  /// Fetches one token and keeps its image.
  private func resolve(_ token: String, url: URL) async -> Result<PlatformImage, URLImageStoreError>
  {
    let data =
      url.isFileURL
      ? LocalImageFile.read(url, token: token, limit: configuration.maximumImageBytes)
      : await fetcher.fetch(url, token: token)
    return data.flatMap { data in decode(data, token: token) }
  }

  /// Decodes fetched bytes and keeps the image.
  private func decode(_ data: Data, token: String) -> Result<PlatformImage, URLImageStoreError> {
    do {
      return .success(keep(try PlatformImage.decoded(data), token: token))
    } catch {
      return .failure(.notAnImage(token, error))
    }
  }

  /// Stores `image` under `token`, or returns the image already there, so that a token always
  /// gives the same image object.
  private func keep(_ image: PlatformImage, token: String) -> PlatformImage {
    fetched.withLock { fetched in
      if let existing = fetched.imagesByToken[token] { return existing }
      fetched.imagesByToken[token] = image
      fetched.tokensByImage[ObjectIdentifier(image)] = token
      return image
    }
  }
}

/// Reads `file:` URL tokens, when a configuration allows them.
private enum LocalImageFile {
  static func read(_ url: URL, token: String, limit: Int) -> Result<Data, URLImageStoreError> {
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      guard attributes[.type] as? FileAttributeType == .typeRegular else {
        return .failure(.transport(token, reason: "it is not a regular file"))
      }
      if let size = attributes[.size] as? Int, size > limit {
        return .failure(.tooLarge(token, limit: limit))
      }
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      let data = try handle.read(upToCount: limit + 1) ?? Data()
      guard data.count <= limit else { return .failure(.tooLarge(token, limit: limit)) }
      return .success(data)
    } catch {
      return .failure(.transport(token, reason: error.localizedDescription))
    }
  }
}
