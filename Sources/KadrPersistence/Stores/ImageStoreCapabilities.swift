import Foundation
import KadrModel
import KadrPersistenceCore

/// An image store that can say which token an image object came from, without saving anything.
///
/// ``RoutingImageStore`` asks these stores first when saving, so an image resolved from a
/// `https:` or `photo:` token is saved back under that token instead of being copied into the
/// writer store.
///
/// ## Implementation requirements
///
/// - Answer by identity (`ObjectIdentifier`), for images this store handed out; return `nil`
///   for anything else. Never save, never block on I/O.
/// - Safe to call from many tasks at once.
public protocol TokenRecallingImageStore: ImageStore {
  /// The token `image` was resolved from by this store, or `nil` when it did not come from it.
  ///
  /// - Parameter image: An image, usually from a decoded composition.
  func recalledToken(for image: PlatformImage) -> String?
}

/// An image store that resolves tokens ahead of time, asynchronously, so that the synchronous
/// ``ImageStore/image(for:)`` can serve them while a document is decoded.
///
/// ## Implementation requirements
///
/// - Resolve every token given (concurrently, within the store's limits), or throw an error
///   naming the token that failed.
/// - Afterwards the store's own `image(for:)` serves every token resolved; the returned
///   ``PrefetchedImageStore`` holds exactly the tokens given.
/// - Safe to call from many tasks at once.
public protocol PrefetchingImageStore: ImageStore {
  /// Resolves `tokens`, and returns a store that serves exactly them.
  ///
  /// - Parameter tokens: Tokens of this store's schemes; duplicates are resolved once.
  /// - Returns: The resolved images by token.
  /// - Throws: The store's error for the first token that failed.
  func prefetch(_ tokens: [String]) async throws -> PrefetchedImageStore
}

/// An image store that can list the images it holds and delete those nothing uses: what a
/// project store needs to collect images kept outside it (an object store, say).
///
/// `S3ImageStore` (KadrS3) is one; a PostgreSQL project store takes one to keep its images
/// there, with only their tokens in the database.
///
/// ## Implementation requirements
///
/// - ``storedTokens()`` lists the tokens of every image the store holds, sorted.
/// - ``prunedTokens(keeping:olderThan:)`` deletes only images absent from `tokens` **and**
///   written more than `grace` seconds ago: an image uploaded while the caller made its list
///   must survive. Tokens of other schemes in `tokens` are ignored.
///   ``prunableTokens(keeping:olderThan:)`` lists the same images without deleting them.
/// - Safe to call from many tasks at once, and alongside saves.
public protocol PrunableImageStore: ImageStore {
  /// The tokens of the images the store holds, sorted.
  ///
  /// - Returns: One token per image.
  /// - Throws: The store's error when it cannot be listed.
  func storedTokens() throws -> [String]

  /// Deletes the images not in `tokens` that were written more than `grace` seconds ago.
  ///
  /// - Parameters:
  ///   - tokens: The tokens to keep.
  ///   - grace: How old an unused image must be to go, in seconds.
  /// - Returns: The tokens deleted, sorted.
  /// - Throws: The store's error; images deleted before it stay deleted.
  @discardableResult
  func prunedTokens(keeping tokens: Set<String>, olderThan grace: TimeInterval) throws -> [String]

  /// The images ``prunedTokens(keeping:olderThan:)`` would delete now, deleting nothing (for
  /// a dry run).
  ///
  /// - Parameters:
  ///   - tokens: The tokens to keep.
  ///   - grace: How old an unused image must be to go, in seconds.
  /// - Returns: The tokens, sorted.
  /// - Throws: The store's error when it cannot be listed.
  func prunableTokens(keeping tokens: Set<String>, olderThan grace: TimeInterval) throws
    -> [String]
}
