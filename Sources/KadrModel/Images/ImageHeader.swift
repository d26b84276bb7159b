import Foundation

/// Why bytes could not be read as an image.
public enum ImageDataError: Error, Sendable, Equatable, LocalizedError {
  /// The bytes start with no signature of a recognised format; `found` describes what they do
  /// start with.
  case unrecognizedFormat(found: String)
  /// The signature is recognised but the header is cut short or malformed.
  case malformedHeader(ImageFormat, reason: String)
  /// The header names a width or height of zero.
  case zeroSize(ImageFormat)

  public var errorDescription: String? {
    switch self {
    case .unrecognizedFormat(let found):
      return "The data is not a PNG, JPEG, GIF or WebP image: it starts with \(found)."
    case .malformedHeader(let format, let reason):
      return "The \(format.name) header is malformed: \(reason)."
    case .zeroSize(let format):
      return "The \(format.name) header gives the image a width or height of zero."
    }
  }

  public var recoverySuggestion: String? {
    switch self {
    case .unrecognizedFormat:
      return "Give the bytes of a PNG, JPEG, GIF or WebP file; convert other formats first."
    case .malformedHeader, .zeroSize:
      return "The file may be cut short or damaged; export it again from its source."
    }
  }
}

/// Reads the format and pixel size from the first bytes of an image file.
///
/// Only the header is read (for JPEG: the segments up to the first frame header). Every read is
/// bounds-checked, so arbitrary bytes give an ``ImageDataError``, never a crash.
enum ImageHeader {
  struct Info: Equatable {
    var format: ImageFormat
    var width: Int
    var height: Int
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  static let jpegSignature: [UInt8] = [0xFF, 0xD8]
  static let gifSignatures: [[UInt8]] = [Array("GIF87a".utf8), Array("GIF89a".utf8)]
  static let riffSignature: [UInt8] = Array("RIFF".utf8)
  static let webpFormType: [UInt8] = Array("WEBP".utf8)

  static func parse(_ data: Data) throws(ImageDataError) -> Info {
    let bytes = ImageBytes(data)
    let lead = bytes.prefix(16)
    if lead.starts(with: pngSignature) { return try parsePNG(bytes) }
    if lead.starts(with: jpegSignature) { return try parseJPEG(bytes) }
    if gifSignatures.contains(where: lead.starts(with:)) { return try parseGIF(bytes) }
    if lead.starts(with: riffSignature) {
      let formType = Array(lead.dropFirst(8).prefix(4))
      if formType == webpFormType { return try parseWebP(bytes) }
      if formType.count < 4, webpFormType.starts(with: formType) {
        throw .malformedHeader(.webp, reason: endsEarly(bytes, before: "the RIFF form type"))
      }
      throw .unrecognizedFormat(
        found: "a RIFF container of form type \(describe(formType)), not WEBP")
    }
    throw .unrecognizedFormat(found: describeUnknown(Array(lead.prefix(8))))
  }

  // MARK: PNG, GIF

  private static func parsePNG(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
    guard let length = bytes.bigEndian(at: 8, count: 4), let type = bytes.slice(12, count: 4),
      let width = bytes.bigEndian(at: 16, count: 4), let height = bytes.bigEndian(at: 20, count: 4)
    else {
      throw .malformedHeader(.png, reason: endsEarly(bytes, before: "the IHDR chunk's size"))
    }
    guard type == Array("IHDR".utf8) else {
      throw .malformedHeader(.png, reason: "the first chunk is \(describe(type)), not IHDR")
    }
    guard length == 13 else {
      throw .malformedHeader(.png, reason: "the IHDR chunk is \(length) bytes long, not 13")
    }
    // PNG limits each side to 2^31 - 1, which also keeps `Int(_:)` safe on 32-bit platforms.
    guard width <= UInt32(Int32.max), height <= UInt32(Int32.max) else {
      throw .malformedHeader(.png, reason: "the size \(width)×\(height) exceeds PNG's 2^31 − 1")
    }
    return try info(.png, width: Int(width), height: Int(height))
  }

  private static func parseGIF(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    // Signature (6), then the logical screen width and height, little-endian.
    guard let width = bytes.littleEndian(at: 6, count: 2),
      let height = bytes.littleEndian(at: 8, count: 2)
    else {
      throw .malformedHeader(.gif, reason: endsEarly(bytes, before: "the logical screen size"))
    }
    return try info(.gif, width: Int(width), height: Int(height))
  }

  // MARK: JPEG

  /// Walks the marker segments after SOI to the first frame header (SOFn) and reads its size.
  private static func parseJPEG(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    var offset = 2
    while true {
      // Find the next 0xFF. Bytes between segments are garbage that decoders such as libjpeg
      // skip with a warning, so they are skipped here too.
      while let byte = bytes.byte(at: offset), byte != 0xFF { offset += 1 }
      // Any run of 0xFF is fill before the marker code.
      while bytes.byte(at: offset) == 0xFF { offset += 1 }
      guard let marker = bytes.byte(at: offset) else {
        throw .malformedHeader(.jpeg, reason: endsEarly(bytes, before: "a frame header (SOF)"))
      }
      let markerOffset = offset - 1
      offset += 1
      switch marker {
      case 0x00:
        continue  // A stuffed zero is not a marker: more garbage.
      case 0x01, 0xD0...0xD7:
        continue  // Standalone markers (TEM, RSTn) have no length.
      case 0xD8:
        throw .malformedHeader(.jpeg, reason: "a second SOI marker at offset \(markerOffset)")
      case 0xD9:
        throw .malformedHeader(
          .jpeg, reason: "the image ends (EOI at offset \(markerOffset)) before any frame header")
      case 0xDA:
        throw .malformedHeader(
          .jpeg, reason: "scan data starts (SOS at offset \(markerOffset)) before any frame header")
      default:
        break
      }
      let name = String(format: "FF%02X", marker)
      guard let length = bytes.bigEndian(at: offset, count: 2) else {
        throw .malformedHeader(.jpeg, reason: endsEarly(bytes, before: "the length of \(name)"))
      }
      guard length >= 2 else {
        throw .malformedHeader(
          .jpeg, reason: "segment \(name) at offset \(markerOffset) gives a length of \(length)")
      }
      if isStartOfFrame(marker) {
        return try parseStartOfFrame(bytes, at: offset, length: Int(length), name: name)
      }
      offset += Int(length)
      guard offset <= bytes.count else {
        throw .malformedHeader(
          .jpeg,
          reason: "segment \(name) at offset \(markerOffset) is \(length) bytes long but the data "
            + "ends after \(bytes.count) bytes")
      }
    }
  }

  /// Whether `marker` starts a frame: C0–CF except DHT (C4), JPG (C8) and DAC (CC).
  private static func isStartOfFrame(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }

  /// Reads a SOFn segment whose length field is at `offset`: length (2), precision (1),
  /// height (2), width (2).
  private static func parseStartOfFrame(
    _ bytes: ImageBytes, at offset: Int, length: Int, name: String
  ) throws(ImageDataError) -> Info {
    guard length >= 8 else {
      throw .malformedHeader(.jpeg, reason: "frame header \(name) is only \(length) bytes long")
    }
    guard let height = bytes.bigEndian(at: offset + 3, count: 2),
      let width = bytes.bigEndian(at: offset + 5, count: 2)
    else {
      throw .malformedHeader(
        .jpeg, reason: endsEarly(bytes, before: "the size in frame header \(name)"))
    }
    return try info(.jpeg, width: Int(width), height: Int(height))
  }

  // MARK: WebP

  /// Reads the first chunk after `RIFF <size> WEBP`: VP8 (lossy), VP8L (lossless) or VP8X
  /// (extended).
  private static func parseWebP(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    guard let chunk = bytes.slice(12, count: 4) else {
      throw .malformedHeader(.webp, reason: endsEarly(bytes, before: "the first chunk"))
    }
    // The payload starts at 20, after the chunk's FourCC (4) and size (4).
    switch String(decoding: chunk, as: UTF8.self) {
    case "VP8 ": return try parseVP8(bytes)
    case "VP8L": return try parseVP8L(bytes)
    case "VP8X": return try parseVP8X(bytes)
    default:
      throw .malformedHeader(
        .webp, reason: "the first chunk is \(describe(chunk)), not VP8, VP8L or VP8X")
    }
  }

  /// Lossy: frame tag (3), start code 9D 01 2A, then 14-bit width and height, little-endian.
  private static func parseVP8(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    guard let tag = bytes.byte(at: 20), let startCode = bytes.slice(23, count: 3),
      let width = bytes.littleEndian(at: 26, count: 2),
      let height = bytes.littleEndian(at: 28, count: 2)
    else {
      throw .malformedHeader(.webp, reason: endsEarly(bytes, before: "the VP8 frame size"))
    }
    guard tag & 0x01 == 0 else {
      throw .malformedHeader(.webp, reason: "the VP8 frame is not a key frame")
    }
    guard startCode == [0x9D, 0x01, 0x2A] else {
      throw .malformedHeader(
        .webp, reason: "the VP8 start code is \(hex(startCode)), not 9D 01 2A")
    }
    return try info(.webp, width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
  }

  /// Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each, alpha (1 bit) and a
  /// 3-bit version that must be 0, packed little-endian.
  private static func parseVP8L(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    guard let signature = bytes.byte(at: 20), let packed = bytes.littleEndian(at: 21, count: 4)
    else {
      throw .malformedHeader(.webp, reason: endsEarly(bytes, before: "the VP8L image size"))
    }
    guard signature == 0x2F else {
      throw .malformedHeader(
        .webp, reason: "the VP8L signature is \(hex([signature])), not 2F")
    }
    guard packed >> 29 == 0 else {
      throw .malformedHeader(.webp, reason: "the VP8L version is \(packed >> 29), not 0")
    }
    let width = Int(packed & 0x3FFF) + 1
    let height = Int((packed >> 14) & 0x3FFF) + 1
    return try info(.webp, width: width, height: height)
  }

  /// Extended: flags (1), reserved (3), then canvas width − 1 and height − 1 in 24 bits each,
  /// little-endian.
  private static func parseVP8X(_ bytes: ImageBytes) throws(ImageDataError) -> Info {
    guard let width = bytes.littleEndian(at: 24, count: 3),
      let height = bytes.littleEndian(at: 27, count: 3)
    else {
      throw .malformedHeader(.webp, reason: endsEarly(bytes, before: "the VP8X canvas size"))
    }
    return try info(.webp, width: Int(width) + 1, height: Int(height) + 1)
  }

  // MARK: Helpers

  private static func info(_ format: ImageFormat, width: Int, height: Int)
    throws(ImageDataError) -> Info
  {
    guard width > 0, height > 0 else { throw .zeroSize(format) }
    return Info(format: format, width: width, height: height)
  }

  private static func endsEarly(_ bytes: ImageBytes, before what: String) -> String {
    let unit = bytes.count == 1 ? "byte" : "bytes"
    return "the data ends after \(bytes.count) \(unit), before \(what)"
  }

  /// Describes leading bytes that match no signature, noting a signature that is cut short.
  static func describeUnknown(_ bytes: [UInt8]) -> String {
    let text = describe(bytes)
    let signatures: [(ImageFormat, [UInt8])] =
      [(.png, pngSignature), (.webp, riffSignature)] + gifSignatures.map { (.gif, $0) }
    // Two bytes at least, so that a lone "G" or "R" is not taken for a cut-short signature.
    let match = signatures.first { _, signature in
      bytes.count < signature.count && signature.starts(with: bytes)
    }
    guard bytes.count >= 2, let format = match?.0 else { return text }
    return "\(text), the start of a \(format.name) signature cut short"
  }

  /// A short description of unknown leading bytes: hex, after the text they start with when at
  /// least three of them are printable ASCII (`"GIF90a…" (47 49 46 39 30 61 00 00)`).
  static func describe(_ bytes: [UInt8]) -> String {
    guard !bytes.isEmpty else { return "nothing (the data is empty)" }
    let hex = hex(bytes)
    let text = bytes.prefix { (0x20...0x7E).contains($0) }
    if text.count == bytes.count { return "\"\(String(decoding: text, as: UTF8.self))\" (\(hex))" }
    if text.count >= 3 { return "\"\(String(decoding: text, as: UTF8.self))…\" (\(hex))" }
    return hex
  }

  /// Bytes as upper-case hex pairs separated by spaces.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
  }
}

/// Bounds-checked reads from image bytes: every read past the end gives `nil`.
struct ImageBytes {
  private let data: Data

  init(_ data: Data) { self.data = data }

  /// The number of bytes.
  var count: Int { data.count }

  /// Up to the first `length` bytes.
  func prefix(_ length: Int) -> [UInt8] { [UInt8](data.prefix(length)) }

  /// The byte at `offset`, or `nil` outside the data.
  func byte(at offset: Int) -> UInt8? {
    guard offset >= 0, offset < data.count else { return nil }
    return data[data.startIndex + offset]
  }

  /// `count` bytes from `offset`, or `nil` unless all of them are inside the data.
  func slice(_ offset: Int, count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, offset <= data.count - count else { return nil }
    let start = data.startIndex + offset
    return [UInt8](data[start..<start + count])
  }

  /// An unsigned big-endian integer of `count` (≤ 4) bytes at `offset`.
  func bigEndian(at offset: Int, count: Int) -> UInt32? {
    slice(offset, count: min(count, 4))?.reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// An unsigned little-endian integer of `count` (≤ 4) bytes at `offset`.
  func littleEndian(at offset: Int, count: Int) -> UInt32? {
    slice(offset, count: min(count, 4))?.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }
}

extension ImageDataError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}
