import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// The file a save replaces: the requested path with its symbolic links followed, and what is
  /// there now.
  struct Destination {
    /// The path to rename the new file to: no symbolic link at its last component.
    let path: String
    /// The regular file there now, or `nil` when there is none.
    let existing: stat?

    /// The most links followed, as the system's own limit (`ELOOP`) for a path.
    static let maximumLinks = 32

    /// Follows the symbolic links at `requested` (or, without `followingLinks`, takes a link
    /// there as nothing to keep) and refuses what is not a regular file.
    ///
    /// - Throws: ``DestinationRefusal`` for a directory, device, FIFO, socket or a loop of
    ///   links; ``POSIXFailure`` when looking fails.
    init(resolving requested: String, followingLinks: Bool) throws {
      var path = requested
      for _ in 0...Self.maximumLinks {
        var info = stat()
        guard lstat(path, &info) == 0 else {
          guard errno == ENOENT else { throw POSIXFailure(operation: "look at it") }
          self.path = path
          existing = nil
          return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
          self.path = path
          existing = info
          return
        case S_IFLNK where !followingLinks:
          self.path = path
          existing = nil
          return
        case S_IFLNK:
          path = try Self.target(ofLink: path)
        default:
          throw DestinationRefusal(kind: Self.kindName(info.st_mode), path: requested)
        }
      }
      throw DestinationRefusal(kind: "a chain of more than 32 symbolic links", path: requested)
    }

    /// The path a symbolic link points to, relative links taken from the link's directory.
    private static func target(ofLink path: String) throws -> String {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count >= 0 else { throw POSIXFailure(operation: "read the symbolic link") }
      let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return text.hasPrefix("/") ? text : directory(of: path) + "/" + text
    }

    /// The directory part of `path` (`.` when it has none).
    static func directory(of path: String) -> String {
      guard let slash = path.lastIndex(of: "/") else { return "." }
      return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The name of the temporary file for `path`: `.NAME.tmp-UUID`, or, when that would pass
    /// the 255-byte limit of a file name, the name's first bytes, `~` and 16 hex digits of its
    /// 64-bit FNV-1a hash in place of NAME (the UUID makes it unique; the hash tells apart long
    /// names that start alike).
    static func temporaryName(for path: String) -> String {
      let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
      let suffix = ".tmp-" + UUID().uuidString
      let limit = 255
      if 1 + name.utf8.count + suffix.utf8.count <= limit { return "." + name + suffix }
      let hash = name.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) {
        ($0 ^ UInt64($1)) &* 0x100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      let digest = String(repeating: "0", count: 16 - hex.count) + hex
      var prefix = ""
      for scalar in name.unicodeScalars {
        let length = 1 + prefix.utf8.count + scalar.utf8.count + 1 + digest.count
        guard length + suffix.utf8.count <= limit - 8 else { break }
        prefix.unicodeScalars.append(scalar)
      }
      return "." + prefix + "~" + digest + suffix
    }

    static func kindName(_ mode: mode_t) -> String {
      switch mode & S_IFMT {
      case S_IFDIR: return "a directory"
      case S_IFCHR: return "a character device"
      case S_IFBLK: return "a block device"
      case S_IFIFO: return "a FIFO (named pipe)"
      case S_IFSOCK: return "a socket"
      default: return "not a regular file"
      }
    }
  }

  /// A destination that is not a regular file, which a save never replaces.
  struct DestinationRefusal: Error, LocalizedError {
    /// What is there, as a noun phrase: "a character device".
    let kind: String
    let path: String

    var errorDescription: String? {
      "it is \(kind), not a regular file; a document is saved only as a regular file, so "
        + "nothing was written. To send the bytes to a device or pipe, write them to standard "
        + "output and redirect it"
    }
  }
}
