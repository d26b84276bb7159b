import Foundation
import KadrPersistence

/// The store a library saves through: the library's own, except that a placeholder handed out
/// by an open with ``MissingImages/placeholder`` saves back under its own token (so a project
/// with a missing image loses nothing when it is saved).
final class SavingImageStore: ImageStore, @unchecked Sendable {
  // @unchecked Sendable: `fallbacks` is read and written holding its lock only.
  let images: FileImageStore
  private let lock = NSLock()
  private var fallbacks: [FallbackImageStore] = []

  init(_ images: FileImageStore) {
    self.images = images
  }

  /// A store for one open with placeholders, remembered so its placeholders save back.
  func fallback() -> FallbackImageStore {
    let store = FallbackImageStore(images)
    lock.withLock { fallbacks.append(store) }
    return store
  }

  /// Forgets a fallback store that handed out no placeholder.
  func forget(_ store: FallbackImageStore) {
    lock.withLock { fallbacks.removeAll { $0 === store } }
  }

  func token(for image: PlatformImage) throws -> String {
    let stores = lock.withLock { fallbacks }
    if let store = stores.first(where: { $0.isPlaceholder(image) }) {
      return try store.token(for: image)
    }
    return try images.token(for: image)
  }

  func image(for token: String) throws -> PlatformImage {
    try images.image(for: token)
  }
}
