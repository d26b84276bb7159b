import Foundation
import KadrModel

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
