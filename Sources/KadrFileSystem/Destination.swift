import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a durable write replaces: the requested path with its symbolic links followed, and
/// what is there now.
struct Destination {
  /// The path to rename the new file to: no symbolic link at its last component.
  let path: String
  /// The regular file there now, or `nil` when there is none.
  let existing: FileStatus?

  /// The most links followed, as the system's own limit (`ELOOP`) for a path.
  static let maximumLinks = 32

  /// Follows the symbolic links at `requested` (or, without `followingLinks`, takes a link
  /// there as nothing to keep) and refuses what is not a regular file.
  ///
  /// - Throws: ``DestinationRefusal`` for a directory, device, FIFO, socket or a loop of links;
  ///   ``SystemError`` when looking fails.
  init(resolving requested: String, followingLinks: Bool) throws {
    var path = requested
    for _ in 0...Self.maximumLinks {
      guard let status = FileStatus(path, followingLinks: false) else {
        guard SystemCall.lastError == SystemCall.Code.missing else {
          throw SystemError("look at it")
        }
        self.path = path
        existing = nil
        return
      }
      switch status.kind {
      case .regular:
        self.path = path
        existing = status
        return
      case .symbolicLink where !followingLinks:
        self.path = path
        existing = nil
        return
      case .symbolicLink:
        path = try Self.target(ofLink: path)
      default:
        throw DestinationRefusal(kind: status.kindName, path: requested)
      }
    }
    throw DestinationRefusal(kind: "a chain of more than 32 symbolic links", path: requested)
  }

  /// The path a symbolic link points to, relative links taken from the link's directory.
  private static func target(ofLink path: String) throws -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { throw SystemError("read the symbolic link") }
    let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.hasPrefix("/") ? text : directory(of: path) + "/" + text
  }

  /// The directory part of `path` (`.` when it has none).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The name of the temporary file for `path`.
  static func temporaryName(for path: String, _ style: DurableFile.TemporaryName) -> String {
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    switch style {
    case .prefixed(let prefix):
      return "\(prefix)\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    case .hidden:
      return hiddenName(for: name)
    }
  }

  /// `.NAME.tmp-UUID`, or, when that would pass the 255-byte limit of a file name, the name's
  /// first bytes, `~` and 16 hex digits of its 64-bit FNV-1a hash in place of NAME (the UUID
  /// makes it unique; the hash tells apart long names that start alike).
  private static func hiddenName(for name: String) -> String {
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
}
