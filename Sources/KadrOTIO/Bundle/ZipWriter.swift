import CZlib
import Foundation

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
