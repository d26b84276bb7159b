import CZlib
import Foundation

/// Builds a zip file entry by entry, in memory or straight into a file, so that writing one
/// holds about its largest entry in memory, never the whole archive.
///
/// The bytes depend only on the entries and their order: every entry has the same time
/// (1980-01-01 00:00, the earliest a zip records), the same mode (a regular file, `0644`, made
/// on Unix), UTF-8 names and no extra fields, as reproducible-build tools normalise zips.
/// Callers that want the same bytes from the same content add entries in a fixed order.
///
/// Public so that an interchange format built on the public API (OpenTimelineIO's `.otioz`)
/// writes its bundles with the package's one zip writer.
public struct ZipWriter: Sendable {
  private var memory: [UInt8] = []
  private let file: FileHandle?
  private var central: [UInt8] = []
  private var offset = 0
  private var names = Set<String>()

  /// Why an archive cannot be written.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let reason: String
    /// The reason.
    public var description: String { reason }
  }

  /// A writer that keeps the archive in memory (see ``data()``).
  public init() { file = nil }

  /// A writer that appends the archive to `file` as entries are added.
  ///
  /// - Parameter file: An empty file open for writing; the caller closes it after ``finish()``.
  package init(writingTo file: FileHandle) { self.file = file }

  /// Adds a file.
  ///
  /// - Parameters:
  ///   - name: Its path in the archive, with `/` separators; each name once.
  ///   - contents: Its bytes.
  ///   - deflated: Whether to deflate it (else stored, as OpenTimelineIO stores media). A
  ///     deflated entry that would not shrink is stored.
  /// - Throws: `Failure` for a name added twice or an archive past zip's 4 GiB or 65,535
  ///   entries, or what writing the file throws.
  public mutating func add(_ name: String, _ contents: [UInt8], deflated: Bool) throws {
    guard names.insert(name).inserted else {
      throw Failure(reason: "the entry '\(name)' is added twice")
    }
    guard names.count <= 65_535 else {
      throw Failure(reason: "a zip without zip64 holds at most 65,535 entries")
    }
    var data = contents
    var method: UInt16 = 0
    if deflated, let packed = Self.deflate(contents), packed.count < contents.count {
      data = packed
      method = 8
    }
    let nameBytes = Array(name.utf8)
    guard offset + 30 + nameBytes.count + data.count <= Int(UInt32.max) else {
      throw Failure(reason: "the archive would pass 4 GiB, the most a zip without zip64 holds")
    }
    var local: [UInt8] = []
    local.reserveCapacity(30 + nameBytes.count)
    Self.put32(&local, 0x0403_4b50)
    Self.put16(&local, 20)
    Self.put16(&local, 0x0800)  // names are UTF-8
    Self.put16(&local, method)
    Self.put16(&local, 0)  // 00:00
    Self.put16(&local, 0x21)  // 1980-01-01, so that the bytes do not depend on the clock
    Self.put32(&local, Self.crc32(contents))
    Self.put32(&local, UInt32(data.count))
    Self.put32(&local, UInt32(contents.count))
    Self.put16(&local, UInt16(nameBytes.count))
    Self.put16(&local, 0)
    var entry: [UInt8] = []
    Self.put32(&entry, 0x0201_4b50)
    Self.put16(&entry, 3 << 8 | 20)  // made on Unix, so that the mode below is read
    entry += local[4..<30]
    Self.put16(&entry, 0)  // comment
    Self.put16(&entry, 0)  // disk
    Self.put16(&entry, 0)  // internal attributes
    Self.put32(&entry, 0o100644 << 16)  // a regular file, rw-r--r--
    Self.put32(&entry, UInt32(offset))
    central += entry + nameBytes
    try emit(local + nameBytes)
    try emit(data)
  }

  /// Adds the file at `url` as an entry (see ``add(_:_:deflated:)``).
  ///
  /// - Throws: What reading the file or ``add(_:_:deflated:)`` throws.
  package mutating func add(_ name: String, contentsOf url: URL, deflated: Bool) throws {
    try add(name, Array(try Data(contentsOf: url)), deflated: deflated)
  }

  /// Writes the central directory; a file-backed writer is then complete.
  ///
  /// - Throws: What writing the file throws.
  package mutating func finish() throws {
    var end: [UInt8] = []
    Self.put32(&end, 0x0605_4b50)
    Self.put16(&end, 0)
    Self.put16(&end, 0)
    Self.put16(&end, UInt16(names.count))
    Self.put16(&end, UInt16(names.count))
    Self.put32(&end, UInt32(central.count))
    Self.put32(&end, UInt32(offset))
    Self.put16(&end, 0)
    try emit(central + end)
    central = []
  }

  /// The archive's bytes, for a writer made with ``init()``: the entries added, then the
  /// central directory.
  public func data() -> Data {
    var copy = self
    try? copy.finish()  // Writing to memory does not fail.
    return Data(copy.memory)
  }

  private mutating func emit(_ bytes: [UInt8]) throws {
    if let file {
      try file.write(contentsOf: bytes)
    } else {
      memory += bytes
    }
    offset += bytes.count
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

  /// `input` deflated raw (no zlib header), as zip entries hold it.
  package static func deflate(_ input: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
        ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var input = input
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return CZlib.deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }

  /// The CRC-32 of `bytes`, as zip records it.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }
}
