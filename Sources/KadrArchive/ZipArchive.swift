import CZlib
import Foundation
import KadrFileSystem

/// The entries of a zip file, as OpenTimelineIO's `.otioz` bundles and kadr's project packages
/// are: stored or deflated, without zip64 or encryption. Deflate goes through the system zlib
/// (see `Package.swift` for why not an inflater written here).
///
/// The archive is read from its file, a piece at a time: its central directory, then each entry
/// as it is extracted. Nothing is allocated or written by a size the archive declares: an
/// entry is inflated in chunks, counting the bytes actually produced, and refused once it
/// passes its declared size or the caller's limit. Entries whose data overlap (one deflated
/// stream named by many entries, a way to make a small file unpack to a large one) are refused.
/// A ``ZipPolicy`` says how much more is checked.
///
/// Public so that an interchange format built on the public API (OpenTimelineIO's `.otioz`)
/// reads its bundles with the package's one zip reader; it reads from its file with positioned
/// reads only, so one archive may be read from several tasks.
public final class ZipArchive: Sendable {
  /// One file in the archive.
  public struct Entry: Sendable {
    /// The entry's path in the archive, with `/` separators, as the archive spells it.
    public let name: String
    package let method: UInt16
    package let flags: UInt16
    package let crc: UInt32
    package let compressedSize: Int
    package let size: Int
    package let localOffset: Int
    package let dataOffset: Int
  }

  /// Why an archive cannot be read: a phrase that completes "… cannot be read: ".
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// What is wrong, as a phrase that completes "… cannot be read: ".
    public let reason: String
    /// Whether the file could not be opened at all (not there, not downloaded, no permission),
    /// rather than opened and found wrong.
    package let isUnopenable: Bool
    package init(reason: String, isUnopenable: Bool = false) {
      self.reason = reason
      self.isUnopenable = isUnopenable
    }
    /// The reason.
    public var description: String { reason }
  }

  /// The largest central directory read (a bundle of many thousands of media files has a few
  /// megabytes of it).
  package static let maximumDirectoryBytes = 64 << 20

  private let descriptor: Int32
  package let fileSize: Int
  /// The archive's entries, in the order of its central directory.
  public let entries: [Entry]

  /// Opens the archive at `path` and reads its central directory, checking no more than the
  /// format itself.
  ///
  /// - Parameter path: The zip file.
  /// - Throws: ``Failure`` when it is not a regular file or not a zip file this reader handles
  ///   (stored or deflated entries, no zip64, no encryption).
  public convenience init(path: String) throws {
    try self.init(path: path, policy: .lenient)
  }

  /// Opens the archive at `path` and reads its central directory.
  ///
  /// - Parameters:
  ///   - path: The zip file.
  ///   - policy: What is checked beyond the format itself.
  /// - Throws: `Failure` when it is not a regular file, not a zip file this reader handles, or
  ///   breaks `policy`.
  package init(path: String, policy: ZipPolicy) throws {
    let descriptor = SystemCall.open(
      path, SystemCall.Flags.readOnly | SystemCall.Flags.nonBlocking | SystemCall.Flags.closeOnExec)
    guard descriptor >= 0 else {
      throw Failure(
        reason: "it cannot be opened (\(SystemError("open it").reason))", isUnopenable: true)
    }
    guard let status = FileStatus(descriptor: descriptor), status.kind == .regular else {
      SystemCall.close(descriptor)
      throw Failure(reason: "it is not a regular file")
    }
    self.descriptor = descriptor
    fileSize = status.size
    do {
      entries = try Self.directory(descriptor, fileSize: fileSize, policy: policy)
    } catch {
      SystemCall.close(descriptor)
      throw error
    }
  }

  deinit {
    SystemCall.close(descriptor)
  }

  /// The entry named `name`, or `nil`.
  ///
  /// - Parameter name: The entry's path in the archive.
  public func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

  /// The bytes of `entry`, at most `limit` of them, checked against its size and CRC-32.
  ///
  /// - Parameters:
  ///   - entry: One of ``entries``.
  ///   - limit: The most bytes accepted.
  ///   - limitName: How the error names the limit ("the document limit").
  /// - Throws: ``Failure`` for an unknown method, more bytes than `limit` (`limitName` names the
  ///   limit in the error), corrupt data or a CRC mismatch.
  public func contents(of entry: Entry, limit: Int, limitName: String) throws -> [UInt8] {
    var output: [UInt8] = []
    try stream(entry, limit: limit, limitName: limitName) { chunk throws in
      output.append(contentsOf: chunk)
    }
    return output
  }

  /// Sends the bytes of `entry` to `sink` in chunks of at most a megabyte, as they are
  /// inflated, refusing more than `limit` in all.
  ///
  /// - Parameters:
  ///   - entry: One of ``entries``.
  ///   - limit: The most bytes accepted.
  ///   - limitName: How the error names the limit.
  ///   - sink: Takes each chunk; the buffer is valid only during the call.
  /// - Throws: ``Failure``, as ``contents(of:limit:limitName:)``, or what `sink` throws.
  public func stream(
    _ entry: Entry, limit: Int, limitName: String,
    into sink: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    guard entry.method == 0 || entry.method == 8 else {
      throw Failure(
        reason: "the entry '\(entry.name)' uses compression method \(entry.method); only stored "
          + "(0) and deflated (8) entries are read")
    }
    guard entry.size <= limit else { throw Self.overLimit(entry, limit, limitName) }
    var crc = CZlib.crc32(0, nil, 0)
    var produced = 0
    let accept = { (bytes: UnsafeRawBufferPointer) throws in
      produced += bytes.count
      guard produced <= entry.size else {
        throw Failure(
          reason: "the entry '\(entry.name)' holds more than the \(entry.size) bytes it declares")
      }
      guard produced <= limit else { throw Self.overLimit(entry, limit, limitName) }
      crc = CZlib.crc32(
        crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
      try sink(bytes)
    }
    if entry.method == 0 {
      try readRange(entry.dataOffset, entry.compressedSize, into: accept)
    } else {
      try inflate(entry, into: accept)
    }
    guard produced == entry.size, UInt32(crc) == entry.crc else {
      throw Failure(reason: "the entry '\(entry.name)' is corrupt (its size or CRC-32 differs)")
    }
  }

  private static func overLimit(_ entry: Entry, _ limit: Int, _ name: String) -> Failure {
    Failure(
      reason: "the entry '\(entry.name)' is larger than the limit of \(limit) bytes (\(name))")
  }

  /// Reads `count` bytes from `offset` in chunks.
  private func readRange(
    _ offset: Int, _ count: Int, into body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var buffer = [UInt8](repeating: 0, count: min(max(count, 1), Self.chunk))
    var done = 0
    while done < count {
      let want = min(Self.chunk, count - done)
      let got = try Self.pread(descriptor, &buffer, want, offset + done)
      guard got > 0 else { throw Failure(reason: "the file ends inside an entry") }
      try buffer.withUnsafeBytes { raw throws in
        try body(UnsafeRawBufferPointer(rebasing: raw.prefix(got)))
      }
      done += got
    }
  }

  /// Inflates a deflated entry in chunks.
  private func inflate(
    _ entry: Entry, into body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var stream = z_stream()
    guard
      inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw Failure(reason: "zlib could not start inflating '\(entry.name)'") }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Self.chunk)
    var status = Z_OK
    var failure: Failure?
    try readRange(entry.dataOffset, entry.compressedSize) { input throws in
      guard status != Z_STREAM_END else { return }
      stream.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.avail_in = uInt(input.count)
      repeat {
        let produced = output.withUnsafeMutableBufferPointer { target -> Int in
          stream.next_out = target.baseAddress
          stream.avail_out = uInt(target.count)
          status = CZlib.inflate(&stream, Z_NO_FLUSH)
          return target.count - Int(stream.avail_out)
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
          failure = Failure(reason: "the deflated entry '\(entry.name)' is corrupt")
          return
        }
        if produced > 0 {
          try output.withUnsafeBytes { raw throws in
            try body(UnsafeRawBufferPointer(rebasing: raw.prefix(produced)))
          }
        }
        if status == Z_BUF_ERROR && produced == 0 { break }
      } while stream.avail_out == 0 || (stream.avail_in > 0 && status != Z_STREAM_END)
    }
    if let failure { throw failure }
    guard status == Z_STREAM_END else {
      throw Failure(reason: "the deflated entry '\(entry.name)' is corrupt or cut short")
    }
  }

  static let chunk = 1 << 20

  /// `pread(2)` (the platform layer repeats an interrupted read).
  static func pread(
    _ descriptor: Int32, _ buffer: inout [UInt8], _ count: Int, _ offset: Int
  ) throws -> Int {
    let got = buffer.withUnsafeMutableBytes { raw -> Int in
      guard let base = raw.baseAddress else { return 0 }
      return SystemCall.read(descriptor, into: base, count: count, at: offset)
    }
    guard got >= 0 else {
      throw Failure(reason: "it cannot be read (\(SystemError("read it").reason))")
    }
    return got
  }
}
