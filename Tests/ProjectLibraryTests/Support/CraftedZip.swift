import Foundation
import KadrArchive

/// A zip built byte by byte, so a test can make every lie a hostile package tells: names, modes,
/// declared sizes, local headers that disagree, bytes before or after.
struct CraftedZip {
  /// One entry, honest unless told otherwise.
  struct Entry {
    var name: String
    var bytes: [UInt8]
    var deflated = true
    /// The inflated size the headers declare; the real one when `nil`.
    var declaredSize: Int?
    /// The name in the local header; `name` when `nil`.
    var localName: String?
    /// The high 16 bits are a Unix mode (the entry is made on Unix).
    var externalAttributes: UInt32 = 0o100644 << 16

    init(_ name: String, _ bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }
  }

  var entries: [Entry]

  /// The zip's bytes.
  func bytes() -> [UInt8] {
    var output: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let packed = entry.deflated ? (ZipWriter.deflate(entry.bytes) ?? entry.bytes) : entry.bytes
      let size = UInt32(entry.declaredSize ?? entry.bytes.count)
      func header(_ name: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        Self.put(&bytes, 20, 2)
        Self.put(&bytes, 0x0800, 2)
        Self.put(&bytes, entry.deflated ? 8 : 0, 2)
        Self.put(&bytes, 0, 2)
        Self.put(&bytes, 0x21, 2)
        Self.put(&bytes, ZipWriter.crc32(entry.bytes), 4)
        Self.put(&bytes, UInt32(packed.count), 4)
        Self.put(&bytes, size, 4)
        Self.put(&bytes, UInt32(name.count), 2)
        Self.put(&bytes, 0, 2)
        return bytes
      }
      let name = Array(entry.name.utf8)
      let localName = Array((entry.localName ?? entry.name).utf8)
      var record: [UInt8] = []
      Self.put(&record, 0x0201_4b50, 4)
      Self.put(&record, 3 << 8 | 20, 2)
      record += header(name)
      Self.put(&record, 0, 2)
      Self.put(&record, 0, 2)
      Self.put(&record, 0, 2)
      Self.put(&record, entry.externalAttributes, 4)
      Self.put(&record, UInt32(output.count), 4)
      central += record + name
      var local: [UInt8] = []
      Self.put(&local, 0x0403_4b50, 4)
      output += local + header(localName) + localName + packed
    }
    var end: [UInt8] = []
    Self.put(&end, 0x0605_4b50, 4)
    Self.put(&end, 0, 4)
    Self.put(&end, UInt32(entries.count), 2)
    Self.put(&end, UInt32(entries.count), 2)
    Self.put(&end, UInt32(central.count), 4)
    Self.put(&end, UInt32(output.count), 4)
    Self.put(&end, 0, 2)
    return output + central + end
  }

  private static func put(_ bytes: inout [UInt8], _ value: UInt32, _ count: Int) {
    for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }
}
