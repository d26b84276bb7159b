import Foundation

/// The two checksums a PNG file carries: CRC-32 per chunk and Adler-32 over the zlib stream.
enum PNGChecksum {
  /// The CRC-32 lookup table for the reflected polynomial `0xEDB88320` (ISO 3309, as PNG uses).
  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// The CRC-32 of `bytes`, as a PNG chunk's trailer holds it (over the type and the data).
  ///
  /// - Parameters:
  ///   - bytes: The bytes to checksum.
  ///   - previous: The CRC-32 of the bytes before these, to checksum a sequence in parts.
  static func crc32(_ bytes: [UInt8], continuing previous: UInt32 = 0) -> UInt32 {
    var crc = previous ^ 0xFFFF_FFFF
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// The Adler-32 of `bytes`, as the end of a zlib stream holds it.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    let modulus: UInt32 = 65_521
    // 5552 is the largest run after which the sums still fit 32 bits before reducing.
    let run = 5_552
    var a: UInt32 = 1
    var b: UInt32 = 0
    var start = 0
    while start < bytes.count {
      let end = min(start + run, bytes.count)
      for byte in bytes[start..<end] {
        a &+= UInt32(byte)
        b &+= a
      }
      a %= modulus
      b %= modulus
      start = end
    }
    return b << 16 | a
  }
}
