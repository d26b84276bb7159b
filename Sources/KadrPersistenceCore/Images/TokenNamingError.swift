import Foundation

/// An image store's own error that names the token it is about.
///
/// Conform a store's error type to it, and the coder reports the failure under that token (the
/// first token of a prefetch that failed, say) instead of guessing.
///
/// ```swift
/// struct PhotoLibraryError: TokenNamingError {
///   var failedToken: String?
/// }
/// ```
public protocol TokenNamingError: Error {
  /// The token that failed, when the error is about one.
  var failedToken: String? { get }
}

extension PersistenceError {
  /// What a built-in store's public method throws for its own error: `error` itself if it is a
  /// ``PersistenceError``; a failure naming the token it is about
  /// (``Reason/unresolvableImageToken(_:underlying:)``); else
  /// ``Reason/imageNotStored(underlying:)`` (``Reason/imageStoreFailed(underlying:)`` when
  /// reading), the store's error underlying it.
  ///
  /// - Parameters:
  ///   - error: The store's error.
  ///   - token: The token being resolved, when the store was resolving one.
  ///   - reading: Whether the store was reading rather than saving.
  package static func imageStore(_ error: any Error, token: String? = nil, reading: Bool = false)
    -> PersistenceError
  {
    if let error = error as? PersistenceError { return error }
    if let token = token ?? (error as? any TokenNamingError)?.failedToken {
      return PersistenceError(.unresolvableImageToken(token, underlying: error))
    }
    return PersistenceError(
      reading ? .imageStoreFailed(underlying: error) : .imageNotStored(underlying: error))
  }

  /// The error of opening a document whose store failed on `token` at `pointer`: the store's
  /// detailed failure placed there, or a failure naming the token that wraps the store's error.
  ///
  /// - Parameters:
  ///   - error: What the store threw.
  ///   - token: The token.
  ///   - pointer: Where the token is in the document.
  public static func unresolved(_ error: any Error, token: String, at pointer: JSONPointer)
    -> PersistenceError
  {
    if case .failure(let failure) = error as? PersistenceError {
      return failure.pointer == nil
        ? PersistenceError.failure(failure).located(at: pointer) : .failure(failure)
    }
    return PersistenceError(.unresolvableImageToken(token, underlying: error), at: pointer)
  }

  /// Whether this is a store's refusal to save a new image (it only carries tokens through).
  package var isCannotStoreNewImages: Bool {
    if case .imageNotEncodable = self { return true }
    if case .imageNotStored(let underlying) = reason,
      case ImageStoreError.cannotStoreNewImages = underlying
    {
      return true
    }
    return false
  }
}
