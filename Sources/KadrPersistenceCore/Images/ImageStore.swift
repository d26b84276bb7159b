import Foundation
import KadrModel

/// Maps images to tokens (strings written in files) and tokens back to images.
///
/// A token carries a scheme (`file:`, `https:`, `photo:`), so a routing store can send each token
/// to the store that understands it. Documents never hold pixels, only tokens.
///
/// ## Implementation requirements
///
/// - **Stable tokens.** Saving the same image twice gives the same token.
/// - **Round trip.** `image(for: token(for: x))` has the same bytes as `x`.
/// - **Errors, not guesses.** A token the store cannot resolve throws; it never returns a
///   different picture.
/// - **Thread safety.** Stores are used from many tasks at once.
public protocol ImageStore: Sendable {
  /// Returns the token under which `image` is saved, saving it first if needed.
  ///
  /// - Parameter image: The image to save.
  /// - Returns: The token to write in the document.
  /// - Throws: Any error of the store; the coder reports it with the JSON pointer.
  func token(for image: PlatformImage) throws -> String

  /// Returns the image saved under `token`.
  ///
  /// - Parameter token: A token read from a document.
  /// - Returns: The image.
  /// - Throws: Any error of the store; the coder reports it with the token and JSON pointer.
  func image(for token: String) throws -> PlatformImage
}

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

/// An image store held in memory, for tests and for hosts that keep images themselves.
///
/// New images get tokens `memory:<n>`; images can also be added under tokens of the host's
/// choosing with ``insert(_:token:)``.
public final class InMemoryImageStore: ImageStore, Sendable {
  private struct Contents: Sendable {
    var imagesByToken: [String: PlatformImage] = [:]
    var tokensByImage: [ObjectIdentifier: String] = [:]
    var retained: [PlatformImage] = []

    mutating func insert(_ image: PlatformImage, token: String) {
      imagesByToken[token] = image
      tokensByImage[ObjectIdentifier(image)] = token
      retained.append(image)
    }
  }

  private let contents = Locked(Contents())

  /// Creates an empty store.
  public init() {}

  /// Adds `image` under `token`, replacing what was there.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - token: The token to use for it.
  public func insert(_ image: PlatformImage, token: String) {
    contents.withLock { $0.insert(image, token: token) }
  }

  /// The tokens in the store.
  public var tokens: [String] { contents.withLock { $0.imagesByToken.keys.sorted() } }

  public func token(for image: PlatformImage) throws -> String {
    contents.withLock { contents in
      if let token = contents.tokensByImage[ObjectIdentifier(image)] { return token }
      let token = "memory:\(contents.imagesByToken.count + 1)"
      contents.insert(image, token: token)
      return token
    }
  }

  public func image(for token: String) throws -> PlatformImage {
    guard let image = contents.withLock({ $0.imagesByToken[token] }) else {
      throw PersistenceError.imageUnresolvable(token: token)
    }
    return image
  }
}

/// The store used when a document is opened without an image store: each token becomes a
/// placeholder image that saves back under the same token.
///
/// This lets a document be opened, checked and re-saved without its images at hand, its tokens
/// unchanged. A placeholder is a valid 1×1 transparent PNG; ask ``token(ofPlaceholder:)`` or
/// ``unresolvedTokens`` to tell placeholders from real images. The store cannot save new images.
public final class UnresolvedImageStore: ImageStore, Sendable {
  private struct Placeholders: Sendable {
    var imagesByToken: [String: PlatformImage] = [:]
    var tokensByImage: [ObjectIdentifier: String] = [:]
  }

  private let placeholders = Locked(Placeholders())

  /// Creates an empty store.
  public init() {}

  /// The tokens handed out as placeholders, sorted.
  public var unresolvedTokens: [String] {
    placeholders.withLock { $0.imagesByToken.keys.sorted() }
  }

  /// The token a placeholder stands for, or `nil` if `image` is not one of this store's
  /// placeholders.
  ///
  /// - Parameter image: An image from a decoded composition.
  public func token(ofPlaceholder image: PlatformImage) -> String? {
    placeholders.withLock { $0.tokensByImage[ObjectIdentifier(image)] }
  }

  public func token(for image: PlatformImage) throws -> String {
    guard let token = token(ofPlaceholder: image) else {
      throw PersistenceError.imageStore(
        ImageStoreError.cannotStoreNewImages("store of unresolved tokens"))
    }
    return token
  }

  public func image(for token: String) throws -> PlatformImage {
    try placeholders.withLock { placeholders in
      if let image = placeholders.imagesByToken[token] { return image }
      let image = try PlatformImage(data: Self.transparentPixelPNG)
      placeholders.imagesByToken[token] = image
      placeholders.tokensByImage[ObjectIdentifier(image)] = token
      return image
    }
  }

  /// A valid 1×1 fully transparent RGBA PNG.
  static let transparentPixelPNG = Data([
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
    0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
    0xAE, 0x42, 0x60, 0x82,
  ])
}

extension ImageStoreError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
