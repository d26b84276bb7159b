import Foundation
import KadrModel
import KadrPersistenceCore

extension FileImageStore {
  /// Returns the token of `image`, writing its file first unless an identical one is there.
  ///
  /// A file of that name whose bytes differ (a corrupted copy) or a symbolic link of that name is
  /// replaced by the right file; a link is replaced itself, its target is never touched.
  /// - Parameter image: The image to save.
  /// - Returns: `file:<sha256>.<ext>`.
  /// - Throws: ``PersistenceError``: ``PersistenceError/Reason/unresolvableImageToken(_:underlying:)``
  ///   or ``PersistenceError/Reason/imageNotStored(underlying:)`` whose underlying error is a
  ///   ``FileImageStoreError`` (``FileImageStoreError/writeFailed(_:reason:)``,
  ///   ``FileImageStoreError/directoryUnavailable(path:reason:)``).
  public func token(for image: PlatformImage) throws -> String {
    do {
      return try storeImage(image)
    } catch {
      throw PersistenceError.imageStore(error)
    }
  }

  /// Returns the image saved under `token`, after checking its bytes against the digest.
  ///
  /// - Parameter token: A `file:` token written by this store.
  /// - Returns: The image.
  /// - Throws: ``PersistenceError``: ``PersistenceError/imageUnresolvable(token:)`` when no file of
  ///   that name is there; otherwise ``PersistenceError/Reason/unresolvableImageToken(_:underlying:)``
  ///   whose underlying ``FileImageStoreError`` says why (the token is malformed, the entry is not
  ///   a regular file, its bytes do not match the digest, or it is not an image of the
  ///   extension's format).
  public func image(for token: String) throws -> PlatformImage {
    do {
      return try resolveImage(token)
    } catch .missingFile(let token, _) {
      throw PersistenceError.imageUnresolvable(token: token)
    } catch {
      throw PersistenceError.imageStore(error, token: token)
    }
  }

  /// The file that `token` names in the directory, or `nil` when `token` is not one of this
  /// store's tokens. The file may not exist.
  ///
  /// Unlike the original kadr-persistence, an absolute path (`file:/Users/…/a.png`) is never a
  /// token of this store: resolving it would read outside the directory. Adopt such images with
  /// ``adoptImage(at:)``, which copies them in and returns their token.
  /// - Parameter token: Any string.
  public func url(for token: String) -> URL? {
    guard let name = try? FileImageName(token: token) else { return nil }
    return URL(fileURLWithPath: path(of: name))
  }

  /// The PNG bytes of `image`, or `nil` when it is of another format.
  ///
  /// An image holds its encoded bytes; this package decodes no pixels, so it converts no format
  /// to another.
  /// - Parameter image: An image.
  public static func pngData(from image: PlatformImage) -> Data? {
    image.format == .png ? image.data : nil
  }

  /// Copies the image file at `url` into the store and returns its token, for documents that
  /// name images by absolute path (as hand-written stores of the original package did).
  ///
  /// - Parameter url: A file URL of an image anywhere on disk, at most ``maximumImageBytes``; it
  ///   is read, checked to be an image, and saved under its content hash. The original file is
  ///   left as it is.
  /// - Returns: The image's token.
  /// - Throws: ``PersistenceError``: ``PersistenceError/Reason/fileSystem(path:underlying:)`` when
  ///   the file cannot be read, or the errors of ``token(for:)``.
  public func adoptImage(at url: URL) throws -> String {
    let data: Data
    do {
      let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
      guard size <= maximumImageBytes else {
        throw FileImageStoreError.tooLarge(url.path, size: size, limit: maximumImageBytes)
      }
      data = try Data(contentsOf: url)
    } catch {
      throw PersistenceError(.fileSystem(path: url.path, underlying: error))
    }
    let image: PlatformImage
    do {
      image = try PlatformImage(data: data)
    } catch {
      throw PersistenceError(.codecFailure(underlying: error))
    }
    return try token(for: image)
  }
}
