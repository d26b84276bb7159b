import Foundation
import KadrModel

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

  /// The token a placeholder stands for, or `nil` if `image` is not this store's placeholder.
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
