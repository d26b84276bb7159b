import Foundation

/// The package's one bounded read: a file is opened without blocking (so a FIFO cannot hang
/// it), measured by the descriptor actually opened (a link to a large file is that file), and
/// read to at most one byte past its limit, so a file over the limit costs what a small one
/// does and a stream or a growing file is stopped once it passes the limit.
package enum BoundedRead {
  /// Why a read was refused.
  package enum Failure: Error, Sendable {
    /// A system call failed (``SystemError/isMissing`` when nothing is there).
    case system(SystemError)
    /// It is not a regular file (nor a stream the caller accepts); the kind as a noun phrase.
    case notRegular(kind: String)
    /// It is larger than the limit; the size when it was known before reading.
    case tooLarge(size: Int?, limit: Int)
    /// It grew while it was read.
    case grew
  }

  /// The bytes of the file at `path`, at most `limit` of them.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes accepted.
  ///   - acceptingStream: Whether a FIFO at `path` is a stream to read (standard input, a
  ///     shell's process substitution) rather than a file to refuse.
  /// - Throws: ``Failure``.
  package static func bytes(
    atPath path: String, limit: Int, acceptingStream: (String) -> Bool = { _ in false }
  ) throws(Failure) -> Data {
    let descriptor = SystemCall.open(
      path, SystemCall.Flags.readOnly | SystemCall.Flags.nonBlocking | SystemCall.Flags.closeOnExec)
    guard descriptor >= 0 else { throw .system(SystemError("open it for reading")) }
    defer { SystemCall.close(descriptor) }
    guard let status = FileStatus(descriptor: descriptor) else {
      throw .system(SystemError("read its status"))
    }
    if status.kind != .regular {
      guard status.kind == .fifo, acceptingStream(path) else {
        throw .notRegular(kind: status.kindName)
      }
      SystemCall.setBlocking(descriptor)
      return try bytes(descriptor: descriptor, limit: limit)
    }
    guard status.size <= limit else { throw .tooLarge(size: status.size, limit: limit) }
    let data = try read(descriptor, upTo: status.size + 1)
    guard data.count <= status.size else { throw .grew }
    return data
  }

  /// Reads an open descriptor (a file, a pipe, standard input) from its offset to its end, at
  /// most `limit` bytes; the descriptor is not closed.
  ///
  /// - Throws: ``Failure``.
  package static func bytes(descriptor: Int32, limit: Int) throws(Failure) -> Data {
    let limit = max(0, limit)
    if let status = FileStatus(descriptor: descriptor), status.kind == .regular,
      status.size > limit
    {
      throw .tooLarge(size: status.size, limit: limit)
    }
    let data = try read(descriptor, upTo: limit + 1)
    guard data.count <= limit else { throw .tooLarge(size: nil, limit: limit) }
    return data
  }

  /// Up to `maximum` bytes, in reads of at most 1 MiB, stopping at the end.
  private static func read(_ descriptor: Int32, upTo maximum: Int) throws(Failure) -> Data {
    var data = Data()
    let chunk = 1 << 20
    while data.count < maximum {
      let before = data.count
      let request = min(chunk, maximum - before)
      data.count = before + request
      let count = data.withUnsafeMutableBytes { buffer in
        SystemCall.read(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[before...]))
      }
      guard count >= 0 else { throw .system(SystemError("read it")) }
      data.count = before + count
      if count == 0 { break }
    }
    return data
  }
}
