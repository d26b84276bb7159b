import Foundation
import KadrPersistence

/// The store a library saves through: the library's own, except that a placeholder handed out
/// by an open with ``MissingImages/placeholder`` saves back under its own token (so a project
/// with a missing image loses nothing when it is saved).
///
/// Every open with placeholders shares one table of them, one placeholder per missing token,
/// and its own `FallbackImageStore` is dropped after the open: what the library keeps grows
/// with the distinct missing tokens, never with the number of opens.
final class SavingImageStore: ImageStore, Sendable {
  let images: FileImageStore
  /// The placeholders of every open, one per token.
  private let placeholders = UnresolvedImageStore()

  init(_ images: FileImageStore) {
    self.images = images
  }

  /// A store for one open with placeholders; it need not be kept, since its placeholders are
  /// the shared table's.
  func fallback() -> FallbackImageStore {
    FallbackImageStore(images, sharing: placeholders)
  }

  /// How many placeholders the library keeps (one per missing token ever opened).
  var keptPlaceholderCount: Int { placeholders.unresolvedTokens.count }

  func token(for image: PlatformImage) throws -> String {
    if let token = placeholders.token(ofPlaceholder: image) { return token }
    return try images.token(for: image)
  }

  func image(for token: String) throws -> PlatformImage {
    try images.image(for: token)
  }
}
