import Foundation
import KadrPersistence

/// The SHA-256 of an image file of a folder library, read in chunks: only a regular file of at
/// most the store's image limit is read, so a FIFO, a device or a damaged 1.5 GB file named as
/// an image is refused by name instead of blocking or filling memory.
enum ImageFileDigest {
  /// The size of each read.
  private static let chunkBytes = 1 << 20

  /// The lowercase hex SHA-256 of the file at `file` and its length.
  ///
  /// - Parameters:
  ///   - file: The image's file.
  ///   - token: The image's token, for messages.
  ///   - limit: The most bytes an image may have.
  /// - Throws: ``ProjectLibraryError/fileSystem(path:detail:)`` naming the image when it is not
  ///   a regular file, is larger than `limit`, or cannot be read.
  static func of(_ file: URL, token: String, limit: Int) throws -> (String, Int) {
    // attributesOfItem does not follow a link: a link named as an image is refused too.
    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
    let type = attributes?[.type] as? FileAttributeType
    guard type == .typeRegular else {
      let what =
        switch type {
        case .typeDirectory?: "a folder"
        case .typeSymbolicLink?: "a symbolic link"
        case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
        case .typeSocket?: "a socket"
        case nil: "unreadable"
        default: "a pipe (FIFO) or another special file"
        }
      throw ProjectLibraryError.fileSystem(
        path: file.path,
        detail: "the image '\(token)' is \(what), not an image file; remove it from the "
          + "library's images folder")
    }
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    guard size <= limit else {
      throw ProjectLibraryError.fileSystem(
        path: file.path,
        detail: "the image '\(token)' has \(size) bytes, more than the \(limit) an image may "
          + "have (it is damaged); remove it or restore it from a backup")
    }
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: file)
    } catch {
      throw ProjectLibraryError.fileSystem(
        path: file.path, detail: "the image '\(token)' cannot be read")
    }
    defer { try? handle.close() }
    var hash = SHA256()
    var count = 0
    while true {
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: chunkBytes) ?? Data()
      } catch {
        throw ProjectLibraryError.fileSystem(
          path: file.path, detail: "the image '\(token)' cannot be read")
      }
      if chunk.isEmpty { break }
      count += chunk.count
      // The file grew after its size was read: still bounded.
      guard count <= limit else {
        throw ProjectLibraryError.fileSystem(
          path: file.path,
          detail: "the image '\(token)' grew past the \(limit) bytes an image may have")
      }
      hash.update(chunk)
    }
    return (hash.finalize().hexString, count)
  }
}
