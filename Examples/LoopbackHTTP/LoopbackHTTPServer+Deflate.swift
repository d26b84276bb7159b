import Foundation

extension LoopbackHTTPServer {
  /// A gzip member header (RFC 1952): magic, deflate, no flags, no time, unknown OS.
  static let gzipHeader = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])

  /// One deflate block (RFC 1951, fixed Huffman codes, not final) that inflates to zeros: a
  /// literal 0, then 40 006 copies of "258 bytes from distance 1", then the end of the block.
  /// 40 006 matches make the block a whole number of bytes (65 012), so blocks can follow each
  /// other without end; each decodes to 10 321 549 bytes.
  static let zeroBlock: Data = {
    var bits = BitWriter()
    bits.write(0, count: 1)  // BFINAL: more blocks follow.
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes.
    bits.writeCode(0b0011_0000, length: 8)  // literal 0
    for _ in 0..<40_006 {
      bits.writeCode(0b1100_0101, length: 8)  // length code 285: 258 bytes
      bits.writeCode(0b00000, length: 5)  // distance code 0: distance 1
    }
    bits.writeCode(0b000_0000, length: 7)  // end of block (256)
    return Data(bits.bytes)
  }()

  /// Packs bits least significant first, as deflate stores them.
  private struct BitWriter {
    var bytes: [UInt8] = []
    private var current: UInt8 = 0
    private var used = 0

    /// Writes the low `count` bits of `value`, least significant first (header fields).
    mutating func write(_ value: UInt32, count: Int) {
      for index in 0..<count { append(bit: UInt8((value >> UInt32(index)) & 1)) }
    }

    /// Writes a Huffman code, most significant bit first.
    mutating func writeCode(_ code: UInt32, length: Int) {
      for index in stride(from: length - 1, through: 0, by: -1) {
        append(bit: UInt8((code >> UInt32(index)) & 1))
      }
    }

    private mutating func append(bit: UInt8) {
      current |= bit << UInt8(used)
      used += 1
      if used == 8 {
        bytes.append(current)
        current = 0
        used = 0
      }
    }
  }
}
