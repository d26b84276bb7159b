import CZlib
import Foundation
import KadrPersistenceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of a zip file, as OpenTimelineIO's `.otioz` bundles are: stored or deflated,
/// without zip64 or encryption. Deflate goes through the system zlib (see `Package.swift` for
/// why not an inflater written here).
///
/// The archive is read from its file, a piece at a time: its central directory, then each entry
/// as it is extracted. Nothing is allocated or written by a size the archive declares: an
/// entry is inflated in chunks, counting the bytes actually produced, and refused once it
/// passes its declared size or the caller's limit. Entries whose data overlap (one deflated
/// stream named by many entries, a way to make a small file unpack to a large one) are refused.
final class ZipArchive {
  /// One file in the archive.
  struct Entry {
    let name: String
    let method: UInt16
    let crc: UInt32
    let compressedSize: Int
    let size: Int
    let dataOffset: Int
  }

  /// Why an archive cannot be read.
  struct Failure: Error {
    let reason: String
  }

  /// The largest central directory read (a bundle of many thousands of media files has a few
  /// megabytes of it).
  static let maximumDirectoryBytes = 64 << 20

  private let descriptor: Int32
  let fileSize: Int
  let entries: [Entry]

  /// Opens the archive at `path` and reads its central directory.
  ///
  /// - Throws: `Failure` when it is not a regular file, or not a zip file this reader handles.
  init(path: String) throws {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(reason: "it cannot be opened (\(String(cString: strerror(errno))))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw Failure(reason: "it is not a regular file")
    }
    self.descriptor = descriptor
    fileSize = Int(status.st_size)
    do {
      entries = try Self.directory(descriptor, fileSize: fileSize)
    } catch {
      close(descriptor)
      throw error
    }
  }

  deinit {
    close(descriptor)
  }

  /// The entry named `name`, or `nil`.
  func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

  /// The bytes of `entry`, at most `limit` of them, checked against its size and CRC-32.
  ///
  /// - Throws: `Failure` for an unknown method, more bytes than `limit` (`limitName` names the
  ///   limit in the error), corrupt data or a CRC mismatch.
  func contents(of entry: Entry, limit: Int, limitName: String) throws -> [UInt8] {
    var output: [UInt8] = []
    try stream(entry, limit: limit, limitName: limitName) { chunk throws in
      output.append(contentsOf: chunk)
    }
    return output
  }

  /// Sends the bytes of `entry` to `sink` in chunks of at most a megabyte, as they are
  /// inflated, refusing more than `limit` in all.
  ///
  /// - Throws: `Failure`, as ``contents(of:limit:limitName:)``, or what `sink` throws.
  func stream(
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

  /// `pread(2)`, retried on EINTR.
  private static func pread(
    _ descriptor: Int32, _ buffer: inout [UInt8], _ count: Int, _ offset: Int
  ) throws -> Int {
    while true {
      let got = buffer.withUnsafeMutableBytes { raw in
        systemPread(descriptor, raw.baseAddress, count, off_t(offset))
      }
      if got >= 0 { return got }
      if errno != EINTR {
        throw Failure(reason: "it cannot be read (\(String(cString: strerror(errno))))")
      }
    }
  }

  // MARK: Reading the directory

  private static func directory(_ descriptor: Int32, fileSize: Int) throws -> [Entry] {
    guard fileSize >= 22 else { throw Failure(reason: "the file is too short to be a zip") }
    let tailLength = min(fileSize, 22 + 65_535)
    var tail = [UInt8](repeating: 0, count: tailLength)
    guard try pread(descriptor, &tail, tailLength, fileSize - tailLength) == tailLength else {
      throw Failure(reason: "the file could not be read to its end")
    }
    var end = -1
    var position = tailLength - 22
    while position >= 0 {
      if u32(tail, position) == 0x0605_4b50 {
        end = position
        break
      }
      position -= 1
    }
    guard end >= 0 else { throw Failure(reason: "no zip end-of-directory record was found") }
    let count = Int(u16(tail, end + 10))
    let length = Int(u32(tail, end + 12))
    let start = Int(u32(tail, end + 16))
    guard count != 0xFFFF, start != 0xFFFF_FFFF else {
      throw Failure(reason: "zip64 archives are not read")
    }
    guard length <= maximumDirectoryBytes, start + length <= fileSize else {
      throw Failure(reason: "the zip's central directory is corrupt or too large")
    }
    var bytes = [UInt8](repeating: 0, count: length)
    guard try pread(descriptor, &bytes, length, start) == length else {
      throw Failure(reason: "the zip's central directory could not be read")
    }
    var entries: [Entry] = []
    var cursor = 0
    var header = [UInt8](repeating: 0, count: 30)
    for _ in 0..<count {
      guard cursor + 46 <= bytes.count, u32(bytes, cursor) == 0x0201_4b50 else {
        throw Failure(reason: "the zip's central directory is corrupt")
      }
      let flags = u16(bytes, cursor + 8)
      let nameLength = Int(u16(bytes, cursor + 28))
      guard cursor + 46 + nameLength <= bytes.count else {
        throw Failure(reason: "the zip's central directory is corrupt")
      }
      let name = String(decoding: bytes[cursor + 46..<cursor + 46 + nameLength], as: UTF8.self)
      guard flags & 1 == 0 else { throw Failure(reason: "the entry '\(name)' is encrypted") }
      let local = Int(u32(bytes, cursor + 42))
      guard local + 30 <= fileSize, try pread(descriptor, &header, 30, local) == 30,
        u32(header, 0) == 0x0403_4b50
      else { throw Failure(reason: "the local header of '\(name)' is corrupt") }
      let entry = Entry(
        name: name, method: u16(bytes, cursor + 10), crc: u32(bytes, cursor + 16),
        compressedSize: Int(u32(bytes, cursor + 20)), size: Int(u32(bytes, cursor + 24)),
        dataOffset: local + 30 + Int(u16(header, 26)) + Int(u16(header, 28)))
      guard entry.dataOffset + entry.compressedSize <= fileSize else {
        throw Failure(reason: "the entry '\(name)' runs past the end of the file")
      }
      entries.append(entry)
      cursor += 46 + nameLength + Int(u16(bytes, cursor + 30)) + Int(u16(bytes, cursor + 32))
    }
    try refuseOverlaps(entries)
    return entries
  }

  /// Refuses entries whose data overlap: a zip's entries each have their own bytes.
  private static func refuseOverlaps(_ entries: [Entry]) throws {
    let sorted = entries.filter { $0.compressedSize > 0 }.sorted { $0.dataOffset < $1.dataOffset }
    for (previous, next) in zip(sorted, sorted.dropFirst())
    where previous.dataOffset + previous.compressedSize > next.dataOffset {
      throw Failure(
        reason: "the entries '\(previous.name)' and '\(next.name)' share their data (an archive "
          + "made to unpack to more than it holds)")
    }
  }

  private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    guard at >= 0, at + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at >= 0, at + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
  }

  // MARK: Writing

  /// Runs `step` (zlib's `deflate`) once with `Z_FINISH` over the whole of `input` into the
  /// whole of `output`, and returns its status.
  private static func finish(
    _ stream: inout z_stream, _ step: (z_streamp?, Int32) -> Int32,
    from input: inout [UInt8], into output: inout [UInt8]
  ) -> Int32 {
    input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return step(&stream, Z_FINISH)
      }
    }
  }

  /// `input` deflated raw (no zlib header), as zip entries hold it.
  static func deflate(_ input: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
        ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var input = input
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
    let status = finish(&stream, CZlib.deflate, from: &input, into: &output)
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }

  /// The CRC-32 of `bytes`, as zip records it.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }
}

/// `pread(2)`.
private func systemPread(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t
) -> Int {
  #if canImport(Glibc)
    Glibc.pread(descriptor, buffer, count, offset)
  #else
    Darwin.pread(descriptor, buffer, count, offset)
  #endif
}
