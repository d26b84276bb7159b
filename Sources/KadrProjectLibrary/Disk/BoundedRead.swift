import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads of the library's files bounded before their bytes are read, by the size of what is
/// actually opened: the file is opened (without blocking, so a FIFO cannot hang the read), the
/// open descriptor's size is checked (a symbolic link to a large file is measured as that file),
/// anything but a regular file is refused, and at most one byte more than that size is read (a
/// file that grows while it is read is refused too).
enum BoundedRead {
  /// The largest `project.json` the library reads: 16 MiB, far above what names, dates and an
  /// app's settings take.
  static let maximumMetadataBytes = 16 << 20

  /// What went wrong, for the caller to name in its own error.
  enum Failure: Error {
    case missing
    case notRegular
    case tooLarge(size: Int, limit: Int)
    case system(String)

    /// A phrase for an error's detail.
    var detail: String {
      switch self {
      case .missing: "it is missing"
      case .notRegular: "it is not a regular file"
      case .tooLarge(let size, let limit):
        "it is \(size) bytes, over the limit of \(limit) bytes"
      case .system(let reason): reason
      }
    }
  }

  /// The bytes of the file at `path`, at most `limit` of them.
  ///
  /// - Throws: ``Failure``.
  static func bytes(atPath path: String, limit: Int) throws(Failure) -> Data {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw errno == ENOENT ? .missing : .system(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(String(cString: strerror(errno))) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
    let size = Int(status.st_size)
    guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
    var data = Data(count: size + 1)
    var filled = 0
    var failure: Failure?
    data.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      while filled < buffer.count {
        let count = read(descriptor, base + filled, buffer.count - filled)
        if count == 0 { break }
        if count < 0 {
          if errno == EINTR { continue }
          failure = .system(String(cString: strerror(errno)))
          return
        }
        filled += count
      }
    }
    if let failure { throw failure }
    guard filled <= size else { throw .system("it grew while it was read") }
    data.count = filled
    return data
  }
}
