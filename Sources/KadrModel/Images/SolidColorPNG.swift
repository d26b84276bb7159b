import Foundation

extension PlatformImage {
  /// The largest width or height ``solidColor(_:width:height:)`` produces: 4096 pixels.
  ///
  /// The PNG is written uncompressed (stored deflate blocks), so a 4096 × 4096 image takes about
  /// 64 MiB; larger requests are clamped to this side.
  public static let maximumSolidColorSide = 4_096

  /// Returns a real PNG image filled with one colour, as `ImageClip.color(_:duration:)` uses.
  ///
  /// The PNG is 8-bit RGBA (straight, not premultiplied alpha), with one IDAT chunk holding a zlib
  /// stream of stored deflate blocks, so any PNG reader opens it.
  /// - Parameters:
  ///   - color: The fill. Each component is clamped to 0…1 and rounded to 8 bits; NaN counts as 0.
  ///   - width: The width in pixels, clamped to 1…``maximumSolidColorSide``.
  ///   - height: The height in pixels, clamped to 1…``maximumSolidColorSide``.
  /// - Returns: The image; it never fails.
  public static func solidColor(_ color: PlatformColor, width: Int = 1, height: Int = 1)
    -> PlatformImage
  {
    let clampedWidth = min(max(width, 1), maximumSolidColorSide)
    let clampedHeight = min(max(height, 1), maximumSolidColorSide)
    let data = SolidColorPNG.encode(
      pixel: SolidColorPNG.rgba(color), width: clampedWidth, height: clampedHeight)
    return PlatformImage(
      encodedData: data, format: .png, pixelWidth: clampedWidth, pixelHeight: clampedHeight)
  }
}

/// Writes a PNG file of one colour.
enum SolidColorPNG {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// The most bytes one stored deflate block may hold.
  static let maximumStoredBlockLength = 65_535

  /// The colour as four 8-bit components: each clamped to 0…1 (NaN as 0), then rounded.
  static func rgba(_ color: PlatformColor) -> [UInt8] {
    [color.red, color.green, color.blue, color.alpha].map { component in
      let clamped = component.isNaN ? 0 : min(max(component, 0), 1)
      return UInt8((clamped * 255).rounded())
    }
  }

  /// Returns the bytes of a `width` × `height` PNG whose every pixel is `pixel` (RGBA).
  ///
  /// The caller keeps `width` and `height` within 1…``PlatformImage/maximumSolidColorSide``, so
  /// every length fits its 32-bit field.
  static func encode(pixel: [UInt8], width: Int, height: Int) -> Data {
    var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    // Bit depth 8, colour type 6 (RGBA), deflate compression, adaptive filtering, no interlace.
    header += [8, 6, 0, 0, 0]
    var file = signature
    appendChunk("IHDR", header, to: &file)
    appendChunk(
      "IDAT", zlibStored(scanlines(pixel: pixel, width: width, height: height)), to: &file)
    appendChunk("IEND", [], to: &file)
    return Data(file)
  }

  /// The raw image data: each row is filter type 0 (none) then the row's pixels.
  private static func scanlines(pixel: [UInt8], width: Int, height: Int) -> [UInt8] {
    var row: [UInt8] = [0]
    row.reserveCapacity(1 + width * pixel.count)
    for _ in 0..<width { row += pixel }
    var raw: [UInt8] = []
    raw.reserveCapacity(row.count * height)
    for _ in 0..<height { raw += row }
    return raw
  }

  /// A zlib stream holding `raw` in stored (uncompressed) deflate blocks, then its Adler-32.
  static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
    // CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (no dictionary; 0x7801 is a multiple of 31).
    var stream: [UInt8] = [0x78, 0x01]
    stream.reserveCapacity(raw.count + raw.count / maximumStoredBlockLength * 5 + 16)
    var start = 0
    repeat {
      let end = min(start + maximumStoredBlockLength, raw.count)
      let length = UInt16(end - start)
      let isFinal: UInt8 = end == raw.count ? 1 : 0
      // BFINAL in bit 0, BTYPE 00 (stored); then LEN and its one's complement, little-endian.
      stream.append(isFinal)
      stream += [UInt8(length & 0xFF), UInt8(length >> 8)]
      stream += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
      stream += raw[start..<end]
      start = end
    } while start < raw.count
    stream += bigEndian(PNGChecksum.adler32(raw))
    return stream
  }

  /// Appends a chunk: length, type, data, and the CRC-32 of type and data.
  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    file += bigEndian(UInt32(data.count))
    file += typeBytes
    file += data
    file += bigEndian(PNGChecksum.crc32(data, continuing: PNGChecksum.crc32(typeBytes)))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}
