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
}

/// Reads the format and pixel size from the first bytes of an image file.
enum ImageHeader {
  struct Info: Equatable {
    var format: ImageFormat
    var width: Int
    var height: Int
  }

  static func parse(_ data: Data) throws(ImageDataError) -> Info {
    let bytes = [UInt8](data.prefix(8))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return try parsePNG([UInt8](data))
    }
    throw .unrecognizedFormat(found: describe(bytes))
  }

  private static func parsePNG(_ bytes: [UInt8]) throws(ImageDataError) -> Info {
    // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      throw .malformedHeader(.png, reason: "the IHDR chunk is missing")
    }
    let width = Int(bigEndian32(bytes, at: 16))
    let height = Int(bigEndian32(bytes, at: 20))
    guard width > 0, height > 0 else { throw .zeroSize(.png) }
    return Info(format: .png, width: width, height: height)
  }

  static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// A short description of unknown leading bytes: hex, plus text when they are printable.
  static func describe(_ bytes: [UInt8]) -> String {
    guard !bytes.isEmpty else { return "nothing (the data is empty)" }
    let hex = bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
    let printable = bytes.allSatisfy { (0x20...0x7E).contains($0) }
    return printable ? "\"\(String(decoding: bytes, as: UTF8.self))\" (\(hex))" : hex
  }
}
