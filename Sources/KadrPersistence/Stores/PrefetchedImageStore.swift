import Foundation
import KadrModel
import KadrPersistenceCore

/// An image store holding images resolved beforehand, by a ``URLImageStore`` or by the host
/// itself (say, from the photo library for `photo:` tokens).
///
/// It serves exactly the tokens it was given and maps those image objects back to their tokens,
/// so a composition opened with it saves back under the same tokens. It cannot save new images.
///
/// ```swift
/// let photos = PrefetchedImageStore(["photo:ABC-123": image])
/// var router = RoutingImageStore()
/// try router.register(photos, forScheme: "photo")
/// ```
public final class PrefetchedImageStore: TokenRecallingImageStore, Sendable {
  private let imagesByToken: [String: PlatformImage]
  private let tokensByImage: [ObjectIdentifier: String]

  /// Creates a store serving `images`.
  ///
  /// When one image object is given under several tokens, it saves back under the smallest of
  /// them (in `String` order), so the answer does not depend on dictionary order.
  /// - Parameter images: The images by token.
  public init(_ images: [String: PlatformImage]) {
    imagesByToken = images
    var tokens: [ObjectIdentifier: String] = [:]
    for (token, image) in images {
      let key = ObjectIdentifier(image)
      if let existing = tokens[key], existing <= token { continue }
      tokens[key] = token
    }
    tokensByImage = tokens
  }

  /// The tokens served, sorted.
  public var tokens: [String] { imagesByToken.keys.sorted() }

  /// The number of tokens served.
  public var count: Int { imagesByToken.count }

  /// Returns the image given for `token`.
  ///
  /// - Parameter token: One of ``tokens``.
  /// - Throws: ``PersistenceError/imageUnresolvable(token:)`` for any other token.
  public func image(for token: String) throws -> PlatformImage {
    guard let image = imagesByToken[token] else {
      throw PersistenceError.imageUnresolvable(token: token)
    }
    return image
  }

  /// Returns the token `image` was given under.
  ///
  /// - Parameter image: One of the image objects given (compared by identity).
  /// - Throws: ``PersistenceError/imageNotEncodable`` for any other image: a token made up here
  ///   would resolve to nothing on the next open.
  public func token(for image: PlatformImage) throws -> String {
    guard let token = tokensByImage[ObjectIdentifier(image)] else {
      throw PersistenceError.imageNotEncodable
    }
    return token
  }

  public func recalledToken(for image: PlatformImage) -> String? {
    tokensByImage[ObjectIdentifier(image)]
  }
}

extension PrefetchedImageStore {
  /// Every image token `document` refers to — clips at any depth of nested tracks, image and
  /// sticker overlays, plugins' kinds — found with the default registry, without building the
  /// composition: resolve them, then open the document with a store of the images.
  ///
  /// ```swift
  /// let document = try KadrCoding.coder.readJSON(data)
  /// var images: [String: PlatformImage] = [:]
  /// for token in PrefetchedImageStore.tokens(in: document) {
  ///   images[token] = try await photoLibrary.image(for: token)
  /// }
  /// let video = try KadrCoding.decode(document, images: PrefetchedImageStore(images))
  /// ```
  /// - Parameter document: A document value.
  /// - Returns: The tokens.
  public static func tokens(in document: KadrDocument) -> Set<String> {
    Set(KadrCoding.coder.imageTokens(in: document))
  }
}
