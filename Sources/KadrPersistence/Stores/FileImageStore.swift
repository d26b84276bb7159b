import Foundation
import KadrModel
import KadrPersistenceCore

/// An image store that keeps each image as a content-addressed file in one directory.
///
/// Tokens are `file:<sha256>.<ext>`: the SHA-256 of the image's encoded bytes, as 64 lowercase hex
/// digits, and the extension of its format (`png`, `jpg`, `gif`, `webp`). Tokens are relative
/// (never a path), so a project and its image directory can move together. The same image is
/// stored once, and saving it again gives the same token.
///
/// ```swift
/// let store = try FileImageStore(directory: projectURL.appendingPathComponent("images"))
/// let data = try KadrCoding.data(for: video, images: store)
/// let reopened = try KadrCoding.video(from: data, images: store)
/// ```
///
/// ## Safety
///
/// Nothing outside the directory is ever read or written. A token resolves only to a regular file
/// directly inside the directory, and only when its name is exactly `<64 hex>.<ext>` (so `..`,
/// `/`, `%2f`, NUL or absolute paths are refused before the file system is touched). Symbolic
/// links are never followed, and a directory that is itself a symbolic link is refused. A file
/// larger than ``maximumImageBytes`` is refused from its size before a byte is read. The bytes
/// read back must hash to the digest in the name; a corrupted or replaced file is an error
/// naming the token, never a wrong picture.
///
/// ## Durability and threads
///
/// Files are written atomically (a temporary file in the same directory, flushed, then renamed),
/// so a crash never leaves a torn image. A store may be used from many tasks at once: writes hold
/// the store's lock, so a hundred tasks saving the same image store it once. Several processes
/// sharing the directory are safe too, since a name's contents never change.
public final class FileImageStore: ImageStore, Sendable {
  /// Serialises this store's writes and prunes; the only mutable state is on disk, so this is a
  /// plain lock rather than a `Locked` box (ThreadSanitizer misreports a box of no state).
  private let writing = NSLock()

  /// The directory holding the images.
  public let directory: URL

  /// The largest image file read or written, in bytes; clamped to at least 1.
  public let maximumImageBytes: Int

  /// The scheme of this store's tokens: `file`.
  public static let scheme = FileImageName.scheme

  /// Creates a store for the images in `directory`, creating the directory (and its parents)
  /// when it does not exist.
  ///
  /// - Parameters:
  ///   - directory: A file URL. It must not be a symbolic link itself (see
  ///     ``FileImageStoreError/directoryUnavailable(path:reason:)``).
  ///   - fileManager: The file manager that creates the directory; the store reads and writes
  ///     its files itself.
  ///   - maximumImageBytes: The largest image file read or written;
  ///     ``defaultMaximumImageBytes`` (256 MiB) by default.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/fileSystem(path:underlying:)``
  ///   when the directory cannot be created, is not a directory, or is a symbolic link.
  public init(
    directory: URL, fileManager: FileManager = .default,
    maximumImageBytes: Int = FileImageStore.defaultMaximumImageBytes
  ) throws {
    self.directory = directory.standardizedFileURL
    self.maximumImageBytes = max(1, maximumImageBytes)
    do {
      try prepareDirectory(using: fileManager)
    } catch {
      throw PersistenceError(.fileSystem(path: self.directory.path, underlying: error))
    }
  }

  /// Saves `image` unless an identical file is there; see ``token(for:)``.
  func storeImage(_ image: PlatformImage) throws(FileImageStoreError) -> String {
    let name = FileImageName(data: image.data, format: image.format)
    guard image.data.count <= maximumImageBytes else {
      throw .tooLarge(name.token, size: image.data.count, limit: maximumImageBytes)
    }
    writing.lock()
    defer { writing.unlock() }
    return try storeLocked(image, name)
  }

  /// Saves `image` as `name`, holding the store's lock.
  private func storeLocked(_ image: PlatformImage, _ name: FileImageName)
    throws(FileImageStoreError) -> String
  {
    try prepareDirectory()
    let path = self.path(of: name)
    if case .regularFile(let size) = try? DirectoryEntry.status(of: path), size == image.data.count,
      (try? DirectoryEntry.readRegularFile(at: path, limit: size)) == image.data
    {
      return name.token
    }
    do {
      try AtomicFile.write(image.data, to: URL(fileURLWithPath: path), replacingLinks: true)
    } catch {
      throw .writeFailed(name.token, reason: Self.describe(error))
    }
    return name.token
  }

  /// Reads and checks the image under `token`; see ``image(for:)``.
  func resolveImage(_ token: String) throws(FileImageStoreError) -> PlatformImage {
    let name = try FileImageName(token: token)
    try refuseLinkedDirectory()
    let path = self.path(of: name)
    let data: Data
    do {
      data = try DirectoryEntry.readRegularFile(at: path, limit: maximumImageBytes)
    } catch {
      if let size = error.size { throw .tooLarge(token, size: size, limit: maximumImageBytes) }
      if let kind = error.kind { throw .notARegularFile(token, found: kind) }
      if error.isMissing { throw .missingFile(token, path: path) }
      throw .readFailed(token, reason: error.reason)
    }
    let actual = SHA256.hash(data).hexString
    guard actual == name.hash else { throw .contentMismatch(token, actualHash: actual) }
    let image: PlatformImage
    do {
      image = try PlatformImage.decoded(data)
    } catch {
      throw .notAnImage(token, error)
    }
    guard image.format == name.format else { throw .formatMismatch(token, found: image.format) }
    return image
  }

  /// Whether `token` is a well-formed token of this store (it may still name a missing file).
  ///
  /// - Parameter token: Any string.
  public static func isToken(_ token: String) -> Bool {
    (try? FileImageName(token: token)) != nil
  }

  /// The path of the file `name` in the directory.
  func path(of name: FileImageName) -> String {
    directory.path + "/" + name.fileName
  }

  /// Creates the directory if it does not exist; refuses a path that is not a directory, or is
  /// a symbolic link.
  func prepareDirectory(using fileManager: FileManager = .default) throws(FileImageStoreError) {
    let path = directory.path
    guard directory.isFileURL else {
      throw .directoryUnavailable(path: directory.absoluteString, reason: "it is not a file URL")
    }
    try refuseLinkedDirectory()
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .directoryUnavailable(path: path, reason: "it is not a directory")
      }
      return
    }
    do {
      try fileManager.createDirectory(
        at: directory, withIntermediateDirectories: true)
    } catch {
      throw .directoryUnavailable(path: path, reason: Self.describe(error))
    }
  }

  /// A short sentence for an underlying error.
  static func describe(_ error: any Error) -> String {
    if let persistence = error as? PersistenceError,
      case .fileSystem(_, let underlying) = persistence.reason
    {
      return describe(underlying)
    }
    return (error as? any LocalizedError)?.errorDescription ?? "\(error)"
  }

  /// Runs `body` holding the store's lock.
  func withLock<Result>(_ body: () throws(FileImageStoreError) -> Result)
    throws(FileImageStoreError) -> Result
  {
    writing.lock()
    defer { writing.unlock() }
    return try body()
  }
}
