import Foundation
import KadrFileSystem

/// Reads of the library's files (the platform layer's bounded read, with the library's
/// failures): bounded before their bytes are read, by the size of what is
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

  /// The bytes of the file at `path`, at most `limit` of them, through the package's one
  /// bounded read.
  ///
  /// - Throws: ``Failure``.
  static func bytes(atPath path: String, limit: Int) throws(Failure) -> Data {
    do {
      return try KadrFileSystem.BoundedRead.bytes(atPath: path, limit: limit)
    } catch {
      switch error {
      case .system(let failure): throw failure.isMissing ? .missing : .system(failure.reason)
      case .notRegular: throw .notRegular
      case .tooLarge(let size, let limit): throw .tooLarge(size: size ?? limit + 1, limit: limit)
      case .grew: throw .system("it grew while it was read")
      }
    }
  }
}
