import Foundation
import KadrModel
import KadrPersistenceCore

extension KadrCoder {
  /// Opens a composition whose images must be fetched first (a URL store, or a routing store
  /// that includes one): every token of the document is collected without building the
  /// composition (``CodecRegistry/imageTokens(in:)``), resolved concurrently by the store, and
  /// only then is the document decoded.
  ///
  /// With a store that does not prefetch, this is the same as the synchronous
  /// ``video(from:images:)``.
  /// - Parameters:
  ///   - data: The document.
  ///   - images: The store that resolves the document's tokens.
  /// - Returns: The composition.
  /// - Throws: ``PersistenceError``: malformed content with its pointer, or
  ///   ``PersistenceError/Reason/unresolvableImageToken(_:underlying:)`` naming the first token the
  ///   store could not fetch.
  public func video(from data: Data, images: any ImageStore) async throws
    -> Video
  {
    let json = try documentCoder.readJSON(data)
    if let prefetching = images as? any PrefetchingImageStore {
      let tokens = registry.imageTokens(in: json)
      do {
        _ = try await prefetching.prefetch(tokens)
      } catch let error as PersistenceError where error.reason != nil {
        throw error.located(at: .root)
      } catch {
        let token = (error as? any TokenNamingError)?.failedToken ?? tokens.first ?? ""
        throw PersistenceError(.unresolvableImageToken(token, underlying: error), at: .root)
      }
    }
    return try documentCoder.decode(Video.self, from: json, images: images).root
  }
}

extension KadrCoder {
  /// The async open, run on the global executor while the calling thread (the main thread,
  /// which that executor never uses, so it cannot wait for itself) waits for its result.
  func waitingForPrefetch(from data: Data, images: any PrefetchingImageStore) throws -> Video {
    let outcome = Locked<Result<Video, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached { [self] in
      let result: Result<Video, any Error>
      do {
        result = .success(try await video(from: data, images: images))
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    guard let result = outcome.withLock({ $0 }) else {
      // `done` is signalled only after the result is stored.
      preconditionFailure("The async open finished without a result")
    }
    return try result.get()
  }
}

extension KadrCoding {
  /// Opens a composition whose images are fetched first, all at once; see
  /// ``KadrCoder/video(from:images:)-(_,ImageStore)``.
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: The store that resolves the document's tokens (a URL store, a routing store).
  /// - Throws: ``PersistenceError``.
  public static func video(from data: Data, images: any ImageStore) async throws
    -> Video
  {
    try await coder.video(from: data, images: images)
  }
}

extension URLImageStoreError: TokenNamingError {
  /// The token the error is about.
  public var failedToken: String? { token }
}

extension FileImageStoreError: TokenNamingError {
  /// The token the error is about, or `nil` for a directory error.
  public var failedToken: String? { token }
}
