import CZlib
import Foundation
import KadrPersistenceCore

/// The entries of a zip file, as OpenTimelineIO's `.otioz` bundles are: stored or deflated,
/// without zip64 or encryption. Deflate goes through the system zlib (see `Package.swift` for
/// why not an inflater written here).
struct ZipArchive {
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

  /// The largest entry this reader inflates, so that a small hostile archive cannot fill the
  /// memory (a bundle's timeline is far smaller; its media are copied, never held twice).
  static let maximumEntrySize = 1 << 31

  let bytes: [UInt8]
  let entries: [Entry]

  /// Reads the central directory of `data`.
  ///
  /// - Throws: `Failure` when it is not a zip file this reader handles.
  init(_ data: Data) throws(Failure) {
    bytes = [UInt8](data)
    entries = try Self.directory(bytes)
  }

  /// The entry named `name`, or `nil`.
  func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

  /// The bytes of `entry`, inflated if deflated, checked against its CRC-32.
  ///
  /// - Throws: `Failure` for an unknown method, a size beyond the limit, corrupt data or a CRC
  ///   mismatch.
  func contents(of entry: Entry) throws(Failure) -> [UInt8] {
    guard entry.size <= Self.maximumEntrySize else {
      throw Failure(
        reason: "the entry '\(entry.name)' is larger than \(Self.maximumEntrySize) bytes")
    }
    guard entry.dataOffset >= 0, entry.compressedSize >= 0,
      entry.dataOffset + entry.compressedSize <= bytes.count
    else { throw Failure(reason: "the entry '\(entry.name)' runs past the end of the file") }
    let raw = Array(bytes[entry.dataOffset..<entry.dataOffset + entry.compressedSize])
    let output: [UInt8]
    switch entry.method {
    case 0: output = raw
    case 8: output = try Self.inflate(raw, size: entry.size, name: entry.name)
    default:
      throw Failure(
        reason: "the entry '\(entry.name)' uses compression method \(entry.method); only stored "
          + "(0) and deflated (8) entries are read")
    }
    guard output.count == entry.size, Self.crc32(output) == entry.crc else {
      throw Failure(reason: "the entry '\(entry.name)' is corrupt (its size or CRC-32 differs)")
    }
    return output
  }

  // MARK: Reading

  private static func directory(_ bytes: [UInt8]) throws(Failure) -> [Entry] {
    guard bytes.count >= 22 else { throw Failure(reason: "the file is too short to be a zip") }
    var end = -1
    var position = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 65_535)
    while position >= lowest {
      if u32(bytes, position) == 0x0605_4b50 {
        end = position
        break
      }
      position -= 1
    }
    guard end >= 0 else { throw Failure(reason: "no zip end-of-directory record was found") }
    let count = Int(u16(bytes, end + 10))
    let start = Int(u32(bytes, end + 16))
    guard count != 0xFFFF, start != 0xFFFF_FFFF else {
      throw Failure(reason: "zip64 archives are not read")
    }
    var entries: [Entry] = []
    var cursor = start
    for _ in 0..<count {
      guard cursor + 46 <= bytes.count, u32(bytes, cursor) == 0x0201_4b50 else {
        throw Failure(reason: "the zip's central directory is corrupt")
      }
      let flags = u16(bytes, cursor + 8)
      let method = u16(bytes, cursor + 10)
      let crc = u32(bytes, cursor + 16)
      let compressed = Int(u32(bytes, cursor + 20))
      let size = Int(u32(bytes, cursor + 24))
      let nameLength = Int(u16(bytes, cursor + 28))
      let extraLength = Int(u16(bytes, cursor + 30))
      let commentLength = Int(u16(bytes, cursor + 32))
      let local = Int(u32(bytes, cursor + 42))
      guard cursor + 46 + nameLength <= bytes.count else {
        throw Failure(reason: "the zip's central directory is corrupt")
      }
      let name = String(decoding: bytes[cursor + 46..<cursor + 46 + nameLength], as: UTF8.self)
      guard flags & 1 == 0 else { throw Failure(reason: "the entry '\(name)' is encrypted") }
      guard local + 30 <= bytes.count, u32(bytes, local) == 0x0403_4b50 else {
        throw Failure(reason: "the local header of '\(name)' is corrupt")
      }
      let dataOffset =
        local + 30 + Int(u16(bytes, local + 26)) + Int(u16(bytes, local + 28))
      entries.append(
        Entry(
          name: name, method: method, crc: crc, compressedSize: compressed, size: size,
          dataOffset: dataOffset))
      cursor += 46 + nameLength + extraLength + commentLength
    }
    return entries
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

  // MARK: zlib

  /// Raw deflate data (no zlib header) inflated to exactly `size` bytes.
  static func inflate(_ input: [UInt8], size: Int, name: String) throws(Failure) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: max(size, 1))
    var stream = z_stream()
    guard
      inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw Failure(reason: "zlib could not start inflating '\(name)'") }
    defer { inflateEnd(&stream) }
    var input = input
    let status = finish(&stream, CZlib.inflate, from: &input, into: &output)
    guard status == Z_STREAM_END, Int(stream.total_out) == size else {
      throw Failure(reason: "the deflated entry '\(name)' is corrupt or not \(size) bytes")
    }
    return size == 0 ? [] : output
  }

  /// Runs `step` (zlib's `inflate` or `deflate`) once with `Z_FINISH` over the whole of
  /// `input` into the whole of `output`, and returns its status.
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

/// Builds a zip file: stored or deflated entries, in order.
struct ZipWriter {
  private var output: [UInt8] = []
  private var central: [UInt8] = []
  private var count = 0

  /// Adds a file.
  ///
  /// - Parameters:
  ///   - name: Its path in the archive, with `/` separators.
  ///   - contents: Its bytes.
  ///   - deflated: Whether to deflate it (else stored, as OpenTimelineIO stores media).
  mutating func add(_ name: String, _ contents: [UInt8], deflated: Bool) {
    let packed = deflated ? ZipArchive.deflate(contents) : nil
    let data = packed ?? contents
    let method: UInt16 = packed == nil ? 0 : 8
    let crc = ZipArchive.crc32(contents)
    let nameBytes = Array(name.utf8)
    let offset = UInt32(truncatingIfNeeded: output.count)
    var local: [UInt8] = []
    Self.put32(&local, 0x0403_4b50)
    Self.put16(&local, 20)
    Self.put16(&local, 0x0800)  // names are UTF-8
    Self.put16(&local, method)
    Self.put16(&local, 0)
    Self.put16(&local, 0x21)  // 1980-01-01, so that a bundle's bytes do not depend on the clock
    Self.put32(&local, crc)
    Self.put32(&local, UInt32(truncatingIfNeeded: data.count))
    Self.put32(&local, UInt32(truncatingIfNeeded: contents.count))
    Self.put16(&local, UInt16(truncatingIfNeeded: nameBytes.count))
    Self.put16(&local, 0)
    output += local + nameBytes + data
    var entry: [UInt8] = []
    Self.put32(&entry, 0x0201_4b50)
    Self.put16(&entry, 20)
    entry += local[4..<30]
    Self.put16(&entry, 0)  // comment
    Self.put16(&entry, 0)  // disk
    Self.put16(&entry, 0)  // internal attributes
    Self.put32(&entry, 0)  // external attributes
    Self.put32(&entry, offset)
    central += entry + nameBytes
    count += 1
  }

  /// The archive's bytes.
  func data() -> Data {
    var end: [UInt8] = []
    Self.put32(&end, 0x0605_4b50)
    Self.put16(&end, 0)
    Self.put16(&end, 0)
    Self.put16(&end, UInt16(truncatingIfNeeded: count))
    Self.put16(&end, UInt16(truncatingIfNeeded: count))
    Self.put32(&end, UInt32(truncatingIfNeeded: central.count))
    Self.put32(&end, UInt32(truncatingIfNeeded: output.count))
    Self.put16(&end, 0)
    return Data(output + central + end)
  }

  private static func put16(_ bytes: inout [UInt8], _ value: UInt16) {
    bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
  }

  private static func put32(_ bytes: inout [UInt8], _ value: UInt32) {
    bytes += [
      UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
      UInt8(value >> 24),
    ]
  }
}
