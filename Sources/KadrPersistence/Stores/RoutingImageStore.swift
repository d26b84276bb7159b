import Foundation
import KadrModel
import KadrPersistenceCore

/// An image store that sends each token to the store registered for its scheme, and new images
/// to the one store the host designates as the writer.
///
/// ```swift
/// var images = RoutingImageStore()
/// try images.register(try FileImageStore(directory: imagesURL), forScheme: "file", asWriter: true)
/// try images.register(URLImageStore(), forSchemes: ["https"])
/// try images.register(PrefetchedImageStore(photos), forScheme: "photo")
/// try await images.prefetch(tokens)          // fetch the https: images in one pass
/// let video = try KadrCoding.video(from: data, images: images)
/// ```
///
/// Stores are registered like the other plugin kinds: by a key (the scheme, compared without
/// regard to case), and two different stores for one scheme is an error, while registering the
/// same store object again is a no-op.
///
/// ## Saving
///
/// ``token(for:)`` keeps existing tokens: an image this router resolved, or one a
/// ``TokenRecallingImageStore`` recognises, saves back under its own token. Only new images go to
/// the writer. A router with no writer cannot save new images (the coder reports them as loss).
/// The router remembers every image it resolved (and keeps it alive) for as long as it, or a
/// copy of it, exists.
public struct RoutingImageStore: PrefetchingImageStore, TokenRecallingImageStore, Sendable {
  /// The stores by lowercase scheme.
  private var routes: [String: any ImageStore] = [:]
  /// The scheme whose store names new images.
  public private(set) var writerScheme: String?
  /// The images this router resolved; shared by copies, which is safe since it only ever maps an
  /// image to the token it was resolved from.
  private let resolved = ResolvedImages()

  /// Creates a router with no stores.
  public init() {}

  /// Creates a router with `stores` registered, and the store of `writer` naming new images.
  ///
  /// - Parameters:
  ///   - stores: The stores by scheme.
  ///   - writer: The scheme whose store saves new images, or `nil` for none.
  /// - Throws: ``ImageStoreRegistrationError`` for an invalid or duplicated scheme, or a writer
  ///   scheme with no store.
  public init(_ stores: [String: any ImageStore], writer: String? = nil)
    throws
  {
    for (scheme, store) in stores.sorted(by: { $0.key < $1.key }) {
      try register(store, forScheme: scheme)
    }
    try setWriter(scheme: writer)
  }

  /// The schemes with a store, lowercase and sorted.
  public var schemes: [String] { routes.keys.sorted() }

  /// The store registered for `scheme`, if any.
  ///
  /// - Parameter scheme: A scheme, in any case.
  public func store(forScheme scheme: String) -> (any ImageStore)? {
    routes[scheme.lowercased()]
  }

  /// The store that names new images, if one is designated.
  public var writer: (any ImageStore)? { writerScheme.flatMap { routes[$0] } }

  /// Returns the lowercase scheme of `token`: what precedes its first colon, when that is a
  /// valid RFC 3986 scheme (a letter, then letters, digits, `+`, `-` or `.`).
  ///
  /// - Parameter token: Any string.
  /// - Returns: The scheme, or `nil` when the token has none.
  public static func scheme(of token: String) -> String? {
    guard let colon = token.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = String(token[..<colon])
    return isValidScheme(scheme) ? scheme.lowercased() : nil
  }

  /// Returns the image for `token` from the store of its scheme.
  ///
  /// - Parameter token: A token read from a document.
  /// - Returns: The image; the router remembers which token it came from.
  /// - Throws: ``PersistenceError`` wrapping ``ImageStoreError/noStoreForScheme(_:token:)`` when no store is registered for
  ///   the token's scheme (or it has none); otherwise whatever that store throws.
  public func image(for token: String) throws -> PlatformImage {
    let scheme = Self.scheme(of: token)
    guard let scheme, let store = routes[scheme] else {
      throw PersistenceError.imageStore(
        ImageStoreError.noStoreForScheme(scheme ?? "", token: token), token: token)
    }
    let image = try store.image(for: token)
    resolved.remember(image, token: token)
    return image
  }

  /// Returns the token `image` came from, or else the token the writer saves it under.
  ///
  /// - Parameter image: The image.
  /// - Returns: The token.
  /// - Throws: ``PersistenceError`` wrapping ``ImageStoreError/cannotStoreNewImages(_:)`` for a new image when no writer is
  ///   designated; otherwise whatever the writer throws.
  public func token(for image: PlatformImage) throws -> String {
    if let token = recalledToken(for: image) { return token }
    guard let writer else {
      throw PersistenceError.imageStore(
        ImageStoreError.cannotStoreNewImages("routing image store with no writer"))
    }
    return try writer.token(for: image)
  }

  /// The token `image` came from: resolved by this router, or recognised by one of its
  /// ``TokenRecallingImageStore``s (asked in scheme order), when the token's scheme is routed.
  ///
  /// - Parameter image: An image.
  public func recalledToken(for image: PlatformImage) -> String? {
    if let token = resolved.token(for: image) { return token }
    for scheme in schemes {
      guard let store = routes[scheme] as? any TokenRecallingImageStore,
        let token = store.recalledToken(for: image),
        let tokenScheme = Self.scheme(of: token), routes[tokenScheme] != nil
      else { continue }
      return token
    }
    return nil
  }

  /// Resolves ahead of time every token whose store is a ``PrefetchingImageStore`` (such as a
  /// ``URLImageStore``), each store once and all of them concurrently, so that decoding can
  /// then resolve them synchronously.
  ///
  /// Tokens of other stores, or of no registered scheme, are left for ``image(for:)``, which
  /// reports them with the document's JSON pointer.
  /// - Parameter tokens: Every image token of a document, say.
  /// - Returns: The prefetched images by token.
  /// - Throws: The first error a store throws.
  @discardableResult
  public func prefetch(_ tokens: [String]) async throws -> PrefetchedImageStore {
    let batches = prefetchBatches(tokens)
    var merged: [String: PlatformImage] = [:]
    try await withThrowingTaskGroup(of: [String: PlatformImage].self) { group in
      for batch in batches {
        group.addTask {
          let store = try await batch.store.prefetch(batch.tokens)
          var images: [String: PlatformImage] = [:]
          for token in store.tokens { images[token] = try store.image(for: token) }
          return images
        }
      }
      for try await images in group { merged.merge(images) { first, _ in first } }
    }
    return PrefetchedImageStore(merged)
  }

  /// The tokens for each prefetching store, a store registered under several schemes once.
  private func prefetchBatches(_ tokens: [String]) -> [PrefetchBatch] {
    var batches: [PrefetchBatch] = []
    var seen: Set<String> = []
    for token in tokens where seen.insert(token).inserted {
      guard let scheme = Self.scheme(of: token),
        let store = routes[scheme] as? any PrefetchingImageStore
      else { continue }
      if let index = batches.firstIndex(where: { Self.isSameStore($0.store, store) }) {
        batches[index].tokens.append(token)
      } else {
        batches.append(PrefetchBatch(store: store, tokens: [token]))
      }
    }
    return batches
  }

  /// Whether two stores are the same object (value-type stores never are).
  static func isSameStore(_ lhs: any ImageStore, _ rhs: any ImageStore) -> Bool {
    guard type(of: lhs) is AnyClass, type(of: rhs) is AnyClass else { return false }
    return ObjectIdentifier(lhs as AnyObject) == ObjectIdentifier(rhs as AnyObject)
  }

  /// Whether `scheme` is a valid RFC 3986 scheme: a letter, then letters, digits, `+`, `-`, `.`.
  static func isValidScheme(_ scheme: String) -> Bool {
    guard let first = scheme.utf8.first, isASCIILetter(first) else { return false }
    return scheme.utf8.allSatisfy { byte in
      isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
  }

  /// Adds `store` for `scheme`; see ``register(_:forScheme:asWriter:)``.
  mutating func addRoute(_ store: any ImageStore, scheme: String)
    throws(ImageStoreRegistrationError)
  {
    guard Self.isValidScheme(scheme) else { throw .invalidScheme(scheme) }
    let key = scheme.lowercased()
    if let existing = routes[key] {
      guard Self.isSameStore(existing, store) else {
        throw .schemeTaken(
          key, existingStore: String(reflecting: type(of: existing)),
          newStore: String(reflecting: type(of: store)))
      }
      return
    }
    routes[key] = store
  }

  /// Sets ``writerScheme`` after checking it has a store.
  mutating func assignWriter(_ scheme: String?) throws(ImageStoreRegistrationError) {
    guard let scheme else {
      writerScheme = nil
      return
    }
    let key = scheme.lowercased()
    guard routes[key] != nil else { throw .writerNotRegistered(scheme) }
    writerScheme = key
  }
}

/// One prefetching store and the tokens it resolves.
private struct PrefetchBatch: Sendable {
  let store: any PrefetchingImageStore
  var tokens: [String]
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

/// The images a router resolved, by identity, kept alive so identities stay unique.
private final class ResolvedImages: Sendable {
  private let tokens = Locked<[ObjectIdentifier: (image: PlatformImage, token: String)]>([:])

  func remember(_ image: PlatformImage, token: String) {
    tokens.withLock { tokens in
      if tokens[ObjectIdentifier(image)] == nil { tokens[ObjectIdentifier(image)] = (image, token) }
    }
  }

  func token(for image: PlatformImage) -> String? {
    tokens.withLock { $0[ObjectIdentifier(image)]?.token }
  }
}
