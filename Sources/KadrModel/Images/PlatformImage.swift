import Foundation

/// An image held as the encoded bytes of a real image file, standing in for `UIImage`/`NSImage`.
///
/// A `PlatformImage` is a class because identity matters: an image store maps an image object to
/// the token it was saved under. It is immutable, so sharing it across tasks is safe. Two images
/// are equal when their bytes are equal.
public final class PlatformImage: Sendable, Hashable, CustomStringConvertible {
  /// The encoded bytes, exactly as given.
  public let data: Data
  /// The encoding of ``data``.
  public let format: ImageFormat
  /// The width in pixels, read from the header.
  public let pixelWidth: Int
  /// The height in pixels, read from the header.
  public let pixelHeight: Int

  /// Creates an image from the bytes of an image file.
  ///
  /// - Parameter data: The bytes of a PNG, JPEG, GIF or WebP file.
  /// - Throws: ``ImageDataError`` when the bytes are not an image of a recognised format, or the
  ///   header is truncated or names a zero size.
  public convenience init(data: Data) throws {
    let header = try Self.header(of: data)
    self.init(
      encodedData: data, format: header.format, pixelWidth: header.width,
      pixelHeight: header.height)
  }

  /// The header of `data`, with the parser's exact error.
  private static func header(of data: Data) throws(ImageDataError) -> ImageHeader.Info {
    try ImageHeader.parse(data)
  }

  /// The image of `data`, failing with the header's exact error (for the package's image stores,
  /// which name it).
  ///
  /// - Parameter data: The encoded image.
  /// - Throws: ``ImageDataError``.
  package static func decoded(_ data: Data) throws(ImageDataError) -> PlatformImage {
    let header = try header(of: data)
    return PlatformImage(
      encodedData: data, format: header.format, pixelWidth: header.width,
      pixelHeight: header.height)
  }

  /// Creates an image from bytes this module encoded itself, whose header values are known.
  ///
  /// Only for encoders in this module (such as the solid-colour PNG writer) that cannot produce a
  /// bad header, so they need no failure path.
  init(encodedData data: Data, format: ImageFormat, pixelWidth: Int, pixelHeight: Int) {
    self.data = data
    self.format = format
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// The pixel size as a `CGSize`.
  public var pixelSize: CGSize { CGSize(width: pixelWidth, height: pixelHeight) }

  public static func == (lhs: PlatformImage, rhs: PlatformImage) -> Bool {
    lhs === rhs || lhs.data == rhs.data
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(data) }

  /// For example `"PNG 1×1, 69 bytes"`.
  public var description: String {
    "\(format.name) \(pixelWidth)×\(pixelHeight), \(data.count) bytes"
  }
}

/// The encodings ``PlatformImage`` recognises.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  /// Portable Network Graphics.
  case png
  /// JPEG (JFIF or Exif).
  case jpeg
  /// GIF87a or GIF89a.
  case gif
  /// WebP (lossy, lossless or extended).
  case webp

  /// The usual file-name extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .jpeg: "jpg"
    case .gif: "gif"
    case .webp: "webp"
    }
  }

  /// The format's common name, such as `"PNG"` or `"WebP"`.
  public var name: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .gif: "GIF"
    case .webp: "WebP"
    }
  }
}
