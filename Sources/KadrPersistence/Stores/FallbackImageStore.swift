import Foundation
import KadrModel
import KadrPersistenceCore

/// An image store that opens what it can: each token comes from the store it wraps, and a
/// token that store cannot resolve becomes a placeholder instead of failing the open.
///
/// A project whose image is missing (deleted, not yet synced, on a disconnected drive) still
/// opens; ``unresolvedTokens`` says which images are placeholders, so the app can tell the
/// person. Saving through the same store writes each placeholder back under its own token, so
/// nothing is lost when the image comes back. New images are saved in the wrapped store.
///
/// ```swift
/// let store = FallbackImageStore(try FileImageStore(directory: imagesURL))
/// let video = try KadrCoding.video(from: data, images: store)
/// if !store.unresolvedTokens.isEmpty { showMissingImagesBanner(store.unresolvedTokens) }
/// let resaved = try KadrCoding.data(for: video, images: store)  // the tokens, unchanged
/// ```
public final class FallbackImageStore: ImageStore, Sendable {
  /// The store tried first for every token, and where new images are saved.
  public let primary: any ImageStore
  /// The placeholders, one per token: this store's own, or a table shared by many opens.
  private let placeholders: UnresolvedImageStore
  /// The tokens this store opened as placeholders (a shared table also holds other opens').
  private let handedOut = Locked<Set<String>>([])

  /// Wraps `primary`, with placeholders of its own.
  ///
  /// - Parameter primary: The store that resolves tokens and saves new images.
  public init(_ primary: any ImageStore) {
    self.primary = primary
    placeholders = UnresolvedImageStore()
  }

  /// Wraps `primary` for one open, taking its placeholders from a table that many opens share.
  ///
  /// A host that opens many documents (a project library) keeps one table for all of them and
  /// makes a store per open: each missing token then has one placeholder however often it is
  /// opened, and the per-open store can be dropped after the open, because saving through
  /// any store over the same table (or the table's `token(ofPlaceholder:)`) writes a
  /// placeholder back under its token. Memory grows with the distinct missing tokens, not
  /// with the opens.
  ///
  /// - Parameters:
  ///   - primary: The store that resolves tokens and saves new images.
  ///   - placeholders: The table of placeholders shared with other opens.
  public init(_ primary: any ImageStore, sharing placeholders: UnresolvedImageStore) {
    self.primary = primary
    self.placeholders = placeholders
  }

  /// The tokens that `primary` could not resolve and that this store opened as placeholders,
  /// sorted.
  public var unresolvedTokens: [String] { handedOut.withLock { $0.sorted() } }

  /// Whether `image` is a placeholder of this store.
  ///
  /// - Parameter image: An image of an opened composition.
  public func isPlaceholder(_ image: PlatformImage) -> Bool {
    placeholders.token(ofPlaceholder: image) != nil
  }

  /// The token of `image`: a placeholder's own token, else the token `primary` saves it under.
  ///
  /// - Parameter image: The image.
  /// - Returns: The token.
  /// - Throws: What `primary` throws for a new image.
  public func token(for image: PlatformImage) throws -> String {
    if let token = placeholders.token(ofPlaceholder: image) { return token }
    return try primary.token(for: image)
  }

  /// The image of `token` from `primary`, or a placeholder (a 1×1 transparent PNG) when
  /// `primary` cannot resolve it, whatever the reason (missing, damaged, unreachable).
  ///
  /// - Parameter token: The token.
  /// - Returns: The image or its placeholder.
  /// - Throws: Never for a token `primary` cannot resolve; only if the placeholder cannot be
  ///   made.
  public func image(for token: String) throws -> PlatformImage {
    do {
      return try primary.image(for: token)
    } catch {
      let placeholder = try placeholders.image(for: token)
      handedOut.withLock { _ = $0.insert(token) }
      return placeholder
    }
  }
}
