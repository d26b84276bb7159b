import Foundation
import KadrModel
import KadrPersistenceCore

extension URLImageStore {
  /// Fetches every token of `tokens` not fetched yet, concurrently within the configured limits,
  /// and returns a store of the images of `tokens`.
  ///
  /// Every token is checked before anything is fetched. On the first failure the other requests
  /// are cancelled and the error is thrown; images fetched before it stay in this store.
  /// - Parameter tokens: URL tokens; duplicates are fetched once.
  /// - Returns: The images of `tokens`.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/unresolvableImageToken(_:underlying:)``
  ///   naming the token, whose underlying ``URLImageStoreError`` says why.
  public func prefetch(_ tokens: [String]) async throws -> PrefetchedImageStore {
    do {
      return try await fetchAll(tokens)
    } catch {
      throw PersistenceError.imageStore(error, reading: true)
    }
  }

  /// Returns the image fetched for `token`.
  ///
  /// - Parameter token: A URL token passed to ``prefetch(_:)`` before.
  /// - Returns: The image.
  /// - Throws: ``PersistenceError`` naming the token, whose underlying error is
  ///   ``URLImageStoreError/notPrefetched(_:)`` when it was not fetched, or the reason the token is
  ///   not acceptable.
  public func image(for token: String) throws -> PlatformImage {
    do {
      return try fetchedImage(token)
    } catch {
      throw PersistenceError.imageStore(error, token: token)
    }
  }

  /// Returns the URL `image` was fetched from.
  ///
  /// - Parameter image: An image this store fetched (compared by identity).
  /// - Throws: ``PersistenceError`` wrapping ``ImageStoreError/cannotStoreNewImages(_:)`` for any
  ///   other image: a URL store cannot upload.
  public func token(for image: PlatformImage) throws -> String {
    guard let token = recalledToken(for: image) else {
      throw PersistenceError.imageStore(ImageStoreError.cannotStoreNewImages("URL image store"))
    }
    return token
  }

  /// Checks `token` against the configuration and returns its URL.
  ///
  /// - Parameter token: A token.
  /// - Returns: The URL to fetch.
  /// - Throws: ``PersistenceError`` naming the token, whose underlying error is
  ///   ``URLImageStoreError/invalidURL(_:)`` or ``URLImageStoreError/schemeNotAllowed(_:scheme:)``.
  public func url(for token: String) throws -> URL {
    do {
      return try checkedURL(token)
    } catch {
      throw PersistenceError.imageStore(error, token: token)
    }
  }
}
