#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path or an open descriptor is (`stat(2)`): its kind, size, owner and permissions.
package struct FileStatus: Sendable, Hashable {
  /// The kinds of file the package tells apart.
  package enum Kind: Sendable, Hashable {
    case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket, other
  }

  /// What it is.
  package let kind: Kind
  /// Its size in bytes.
  package let size: Int
  /// Its owner's user id.
  package let owner: UInt32
  /// Its group id.
  package let group: UInt32
  /// Its permission bits, set-user-ID, set-group-ID and sticky bits included.
  package let permissions: UInt32
  /// The device it is on, and its inode there: together, which file it is.
  package let device: UInt64
  /// Its inode number on ``device``.
  package let inode: UInt64

  init(_ info: stat) {
    kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .regular
      case S_IFDIR: .directory
      case S_IFLNK: .symbolicLink
      case S_IFCHR: .characterDevice
      case S_IFBLK: .blockDevice
      case S_IFIFO: .fifo
      case S_IFSOCK: .socket
      default: .other
      }
    size = Int(info.st_size)
    owner = UInt32(info.st_uid)
    group = UInt32(info.st_gid)
    permissions = UInt32(info.st_mode & 0o7777)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The status of `path`, of a symbolic link itself unless `followingLinks`; `nil` with
  /// ``SystemCall/lastError`` set when it cannot be read (`SystemCall.Code.missing` when nothing
  /// is there).
  package init?(_ path: String, followingLinks: Bool) {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard result == 0 else { return nil }
    self.init(info)
  }

  /// The status of an open descriptor; `nil` with ``SystemCall/lastError`` set on failure.
  package init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  /// What it is, as a noun phrase for messages: "a character device".
  package var kindName: String {
    switch kind {
    case .regular: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .fifo: "a FIFO (named pipe)"
    case .socket: "a socket"
    case .other: "not a regular file"
    }
  }
}
