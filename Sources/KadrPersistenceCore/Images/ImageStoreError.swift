import Foundation

/// Why a built-in image store refused a request: the underlying error of the
/// ``PersistenceError`` it throws.
public enum ImageStoreError: Error, Sendable, Equatable, LocalizedError, TokenNamingError {
  /// The store has no image under this token.
  case unknownToken(String)
  /// The store cannot save new images (it only carries existing tokens through).
  case cannotStoreNewImages(String)
  /// No store is registered for the token's scheme.
  case noStoreForScheme(String, token: String)

  /// The token the error is about, when there is one.
  public var failedToken: String? {
    switch self {
    case .unknownToken(let token), .noStoreForScheme(_, let token): return token
    case .cannotStoreNewImages: return nil
    }
  }

  public var errorDescription: String? {
    switch self {
    case .unknownToken(let token):
      return "No image is stored under the token '\(URLRedaction.redacted(token))'."
    case .cannotStoreNewImages(let store):
      return "The \(store) cannot save new images; give the coder an image store."
    case .noStoreForScheme(let scheme, let token):
      return "No image store is registered for the scheme '\(scheme)' of the token "
        + "'\(URLRedaction.redacted(token))'."
    }
  }
}

extension ImageStoreError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
