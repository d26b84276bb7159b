import Foundation
import KadrModel
import KadrPersistenceCore

/// Why a ``URLImageStore`` refused or failed to resolve a token.
///
/// Every case names the token and the cause.
public enum URLImageStoreError: Error, Sendable, Equatable, LocalizedError {
  /// The token is not an absolute URL with a host (or, for `file:`, an absolute path).
  case invalidURL(String)
  /// The token's scheme is not allowed by the store's configuration.
  case schemeNotAllowed(String, scheme: String)
  /// The token was not prefetched, so the synchronous ``URLImageStore/image(for:)`` cannot
  /// serve it.
  case notPrefetched(String)
  /// The server answered with a status outside 200…299.
  case httpStatus(String, code: Int)
  /// The image is larger than the configured maximum; the rest was not downloaded.
  case tooLarge(String, limit: Int)
  /// The server redirected more times than the configured maximum.
  case tooManyRedirects(String, limit: Int)
  /// The server redirected to a URL whose scheme is not allowed.
  case redirectNotAllowed(String, location: String)
  /// The request took longer than the configured timeout.
  case timedOut(String, seconds: Double)
  /// The bytes received are not an image.
  case notAnImage(String, ImageDataError)
  /// The connection failed.
  case transport(String, reason: String)
  /// The request was cancelled (the prefetching task was cancelled).
  case cancelled(String)
  /// A prefetch asked for more distinct tokens than the configured maximum.
  case tooManyTokens(count: Int, limit: Int)
  /// A prefetch took longer in all than ``URLImageStore/Configuration/prefetchTimeout``; the
  /// requests still running were cancelled. `pending` tokens had not arrived.
  case prefetchTimedOut(seconds: Double, pending: Int)

  /// The token the error is about, or `nil` for ``tooManyTokens(count:limit:)`` and
  /// ``prefetchTimedOut(seconds:pending:)``.
  public var token: String? {
    switch self {
    case .invalidURL(let token), .schemeNotAllowed(let token, _), .notPrefetched(let token),
      .httpStatus(let token, _), .tooLarge(let token, _), .tooManyRedirects(let token, _),
      .redirectNotAllowed(let token, _), .timedOut(let token, _), .notAnImage(let token, _),
      .transport(let token, _), .cancelled(let token):
      return token
    case .tooManyTokens, .prefetchTimedOut:
      return nil
    }
  }

  /// The message, with the credentials of every URL in it hidden (`https://***@host/…`).
  public var errorDescription: String? {
    URLRedaction.redacted(unredactedDescription)
  }

  private var unredactedDescription: String {
    switch self {
    case .invalidURL(let token):
      return "The image token '\(token)' is not an absolute URL."
    case .schemeNotAllowed(let token, let scheme):
      return "The image '\(token)' was not fetched: '\(scheme):' URLs are not allowed."
    case .notPrefetched(let token):
      return "The image '\(token)' has not been fetched yet."
    case .httpStatus(let token, let code):
      return "The image '\(token)' could not be fetched: the server answered with status "
        + "\(code)."
    case .tooLarge(let token, let limit):
      return "The image '\(token)' is larger than the limit of \(limit) bytes."
    case .tooManyRedirects(let token, let limit):
      return "The image '\(token)' was redirected more than \(limit) times."
    case .redirectNotAllowed(let token, let location):
      return "The image '\(token)' was redirected to '\(location)', whose scheme is not allowed."
    case .timedOut(let token, let seconds):
      return "The image '\(token)' did not arrive within \(seconds) seconds."
    case .notAnImage(let token, let error):
      return "The bytes of '\(token)' are not an image: " + (error.errorDescription ?? "\(error)")
    case .transport(let token, let reason):
      return "The image '\(token)' could not be fetched: \(reason)."
    case .cancelled(let token):
      return "Fetching the image '\(token)' was cancelled."
    case .tooManyTokens(let count, let limit):
      return "The document refers to \(count) image URLs, more than the limit of \(limit)."
    case .prefetchTimedOut(let seconds, let pending):
      return "The document's images did not arrive within the prefetch limit of \(seconds) "
        + "seconds; \(pending) of them were still pending and were cancelled."
    }
  }

  public var recoverySuggestion: String? {
    switch self {
    case .notPrefetched:
      return "A URL store's images are downloaded before the document is decoded: open it with "
        + "`try await KadrCoding.video(from:images:)` (or KadrCoder's async "
        + "video(from:images:)) from an async context, which prefetches them all; the "
        + "synchronous call waits for downloads only in top-level code, never on an app's "
        + "running main thread or off it."
    case .schemeNotAllowed, .redirectNotAllowed:
      return "Allow the scheme in URLImageStore.Configuration if it is trusted (allowsHTTP, "
        + "allowsFileURLs)."
    case .tooLarge, .tooManyRedirects, .timedOut, .tooManyTokens, .prefetchTimedOut:
      return "Raise the limit in URLImageStore.Configuration if the source is trusted."
    case .invalidURL, .httpStatus, .notAnImage, .transport, .cancelled:
      return nil
    }
  }
}

extension URLImageStoreError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
