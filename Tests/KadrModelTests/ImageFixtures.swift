import Foundation
import KadrModel

/// Real, minimal image files built byte by byte, for the image header tests.
///
/// Each builder also says how many leading bytes the header parse needs (`headerLength`): any
/// shorter prefix must be refused, any longer one must give the same size.
enum ImageFixtures {
  /// An image file's bytes and what its header says.
  struct Fixture: CustomStringConvertible, Sendable {
    var name: String
    var format: ImageFormat
    var data: Data
    var width: Int
    var height: Int
    var headerLength: Int
    var description: String { name }
  }

  // MARK: PNG

  /// A valid RGBA PNG of one solid colour: IHDR, one IDAT holding zlib stored blocks, IEND.
  static func png(width: Int, height: Int, rgba: [UInt8] = [255, 0, 0, 255]) -> Fixture {
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    // Bit depth 8, colour type 6 (RGBA), deflate, no filter, no interlace.
    header += [8, 6, 0, 0, 0]
    let row: [UInt8] = [0] + Array(Array(repeating: rgba, count: width).joined())  // filter 0
    let pixels: [UInt8] = Array(Array(repeating: row, count: height).joined())
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", header) + chunk("IDAT", zlibStored(pixels)) + chunk("IEND", [])
    return Fixture(
      name: "PNG \(width)×\(height)", format: .png, data: Data(bytes), width: width, height: height,
      headerLength: 24)
  }

  /// A PNG chunk: length, type, data, CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
  }

  /// A zlib stream of stored (uncompressed) deflate blocks of up to 65 535 bytes each.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65_535, data.count)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00
      out += littleEndian(length, count: 2) + littleEndian(~length, count: 2)
      out += data[start..<end]
      start = end
    } while start < data.count
    return out + bigEndian(adler32(data))
  }

  /// CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320) as PNG uses it.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// Adler-32, the checksum that ends a zlib stream.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  // MARK: GIF

  /// The classic valid 1×1 GIF89a: a two-colour palette, a graphic control extension, one pixel.
  /// `width` and `height` set the logical screen (the one-pixel image sits in its corner).
  static func gif(width: Int = 1, height: Int = 1, version: String = "GIF89a") -> Fixture {
    var bytes = Array(version.utf8)
    bytes += littleEndian(UInt16(width), count: 2) + littleEndian(UInt16(height), count: 2)
    bytes += [0x80, 0x00, 0x00]  // global colour table of 2 entries, background 0, aspect 0
    bytes += [0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]  // white, black
    bytes += [0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]  // graphic control extension
    bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // image descriptor: 1×1 at (0, 0)
    bytes += [0x02, 0x02, 0x44, 0x01, 0x00]  // LZW minimum code size 2, one sub-block, end
    bytes.append(0x3B)  // trailer
    return Fixture(
      name: "\(version) \(width)×\(height)", format: .gif, data: Data(bytes), width: width,
      height: height,
      headerLength: 10)
  }

  // MARK: JPEG

  /// A valid baseline greyscale JPEG of mid-grey: SOI, APP0 JFIF, DQT, SOF0, two DHT, SOS, the
  /// entropy-coded blocks (each a zero DC difference then end-of-block), EOI.
  ///
  /// - Parameters:
  ///   - beforeFrame: Bytes inserted just before SOF0 (extra segments, fill bytes, markers).
  ///   - frameMarker: The frame header's marker code, C0 for baseline.
  static func jpeg(
    width: Int, height: Int, beforeFrame: [UInt8] = [], frameMarker: UInt8 = 0xC0
  ) -> Fixture {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00]
    bytes += [0x00, 0x01, 0x00, 0x01, 0x00, 0x00]  // density 1:1, no thumbnail
    bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)  // DQT, all ones
    bytes += beforeFrame
    let frameStart = bytes.count
    bytes += [0xFF, frameMarker, 0x00, 0x0B, 0x08]  // length 11, precision 8
    bytes += bigEndian(UInt16(height)) + bigEndian(UInt16(width))
    bytes += [0x01, 0x01, 0x11, 0x00]  // one component: id 1, sampling 1×1, table 0
    let headerLength = frameStart + 9
    // One code of length 1 ("0") in each table: DC category 0, AC end-of-block.
    let oneCode: [UInt8] = [1] + Array(repeating: 0, count: 15) + [0x00]
    bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00] + oneCode
    bytes += [0xFF, 0xC4, 0x00, 0x14, 0x10] + oneCode
    bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
    // Two zero bits per 8×8 block, padded with one bits; 0x00 needs no stuffing.
    let blocks = ((width + 7) / 8) * ((height + 7) / 8)
    let bits = 2 * blocks
    bytes += Array(repeating: 0x00, count: bits / 8)
    if bits % 8 != 0 { bytes.append(UInt8(0xFF) >> (bits % 8)) }
    bytes += [0xFF, 0xD9]
    return Fixture(
      name: "JPEG \(width)×\(height)", format: .jpeg, data: Data(bytes), width: width,
      height: height,
      headerLength: headerLength)
  }

  // MARK: WebP

  /// The well-known valid 1×1 lossless WebP (a transparent pixel).
  static let webpLossless1x1 = Fixture(
    name: "WebP VP8L 1×1", format: .webp,
    data: Data(
      riff(chunk: "VP8L", [0x2F, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE, 0x07])),
    width: 1, height: 1, headerLength: 25)

  /// A valid extended WebP: a VP8X header (canvas 1×1, alpha flag) then the 1×1 VP8L image.
  static let webpExtended1x1: Fixture = {
    let lossless = Array(webpLossless1x1.data.dropFirst(12))
    let vp8x = webpChunk("VP8X", [0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    let body = Array("WEBP".utf8) + vp8x + lossless
    let data = Array("RIFF".utf8) + littleEndian(UInt32(body.count), count: 4) + body
    return Fixture(
      name: "WebP VP8X 1×1", format: .webp, data: Data(data), width: 1, height: 1, headerLength: 30)
  }()

  /// A VP8L header of any size (the bitstream after the header is not a real image).
  static func webpLossless(width: Int, height: Int, version: UInt32 = 0) -> Fixture {
    let packed = UInt32(width - 1) | UInt32(height - 1) << 14 | 1 << 28 | version << 29
    let payload = [0x2F] + littleEndian(packed, count: 4) + [0x00, 0x00]
    return Fixture(
      name: "WebP VP8L \(width)×\(height)", format: .webp,
      data: Data(riff(chunk: "VP8L", payload)),
      width: width, height: height, headerLength: 25)
  }

  /// A VP8X header of any canvas size, with no image chunk after it.
  static func webpExtended(width: Int, height: Int) -> Fixture {
    let payload =
      [0x00, 0, 0, 0] + littleEndian(UInt32(width - 1), count: 3)
      + littleEndian(UInt32(height - 1), count: 3)
    return Fixture(
      name: "WebP VP8X \(width)×\(height)", format: .webp,
      data: Data(riff(chunk: "VP8X", payload)),
      width: width, height: height, headerLength: 30)
  }

  /// A lossy VP8 key-frame header; `scaleBits` fill the two upscaling bits above each 14-bit
  /// side, which the size must ignore.
  static func webpLossy(
    width: Int, height: Int, frameTag: [UInt8] = [0x10, 0x02, 0x00],
    startCode: [UInt8] = [0x9D, 0x01, 0x2A], scaleBits: UInt16 = 0
  ) -> Fixture {
    var payload = frameTag + startCode
    payload += littleEndian(UInt16(width) | scaleBits << 14, count: 2)
    payload += littleEndian(UInt16(height) | scaleBits << 14, count: 2)
    payload += [0x00, 0x00]
    return Fixture(
      name: "WebP VP8 \(width)×\(height)", format: .webp,
      data: Data(riff(chunk: "VP8 ", payload)),
      width: width, height: height, headerLength: 30)
  }

  /// `RIFF <size> WEBP` around one chunk.
  static func riff(chunk fourCC: String, _ payload: [UInt8]) -> [UInt8] {
    let body = Array("WEBP".utf8) + webpChunk(fourCC, payload)
    return Array("RIFF".utf8) + littleEndian(UInt32(body.count), count: 4) + body
  }

  /// A RIFF chunk: FourCC, little-endian size, payload, a pad byte when the size is odd.
  static func webpChunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
    let pad: [UInt8] = payload.count % 2 == 1 ? [0] : []
    return Array(fourCC.utf8) + littleEndian(UInt32(payload.count), count: 4) + payload + pad
  }

  // MARK: Integers

  static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  static func littleEndian<T: FixedWidthInteger>(_ value: T, count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}

/// A seeded pseudo-random generator (SplitMix64), so fuzz runs are reproducible.
struct ImageFuzzRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
