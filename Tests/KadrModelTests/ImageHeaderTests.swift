import Foundation
import KadrModel
import Testing

/// Every valid fixture: real minimal files, and headers at the limits of each format.
let validImageFixtures: [ImageFixtures.Fixture] = [
  ImageFixtures.png(width: 1, height: 1),
  ImageFixtures.png(width: 3, height: 2),
  ImageFixtures.png(width: 200, height: 100),  // IDAT needs two stored blocks
  ImageFixtures.gif(),
  ImageFixtures.gif(version: "GIF87a"),
  ImageFixtures.gif(width: 640, height: 480),
  ImageFixtures.gif(width: 65_535, height: 1),
  ImageFixtures.jpeg(width: 1, height: 1),
  ImageFixtures.jpeg(width: 17, height: 9),
  ImageFixtures.jpeg(width: 1920, height: 1080),
  ImageFixtures.webpLossless1x1,
  ImageFixtures.webpExtended1x1,
  ImageFixtures.webpLossless(width: 123, height: 45),
  ImageFixtures.webpLossless(width: 16_384, height: 16_384),
  ImageFixtures.webpExtended(width: 1920, height: 1080),
  ImageFixtures.webpExtended(width: 16_777_216, height: 1),
  ImageFixtures.webpLossy(width: 1, height: 1),
  ImageFixtures.webpLossy(width: 16_383, height: 16_383),
  ImageFixtures.webpLossy(width: 640, height: 480, scaleBits: 3),
]

@Suite("Image header")
struct ImageHeaderTests {
  @Test(arguments: validImageFixtures)
  func readsFormatAndPixelSize(_ fixture: ImageFixtures.Fixture) throws {
    let image = try PlatformImage(data: fixture.data)
    #expect(image.format == fixture.format)
    #expect(image.pixelWidth == fixture.width)
    #expect(image.pixelHeight == fixture.height)
    #expect(image.pixelSize == CGSize(width: fixture.width, height: fixture.height))
    #expect(image.data == fixture.data)
  }

  @Test func pngFixtureChecksumsMatchTheirReferenceValues() {
    // The check values of the two algorithms, and the IEND chunk every PNG ends with.
    #expect(ImageFixtures.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(ImageFixtures.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(
      ImageFixtures.chunk("IEND", [])
        == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
  }

  @Test func readsDataWhoseIndicesDoNotStartAtZero() throws {
    let fixture = ImageFixtures.jpeg(width: 33, height: 7)
    let slice = (Data([1, 2, 3]) + fixture.data).dropFirst(3)
    #expect(slice.startIndex == 3)
    let image = try PlatformImage(data: slice)
    #expect(image.pixelWidth == 33 && image.pixelHeight == 7)
  }

  // MARK: JPEG segment walking

  /// Bytes placed between DQT and SOF0 that a decoder walks over, with why.
  static let jpegDetours: [(String, [UInt8])] = [
    ("fill bytes before the marker", [0xFF, 0xFF, 0xFF]),
    ("standalone RST0, TEM, RST7", [0xFF, 0xD0, 0xFF, 0x01, 0xFF, 0xD7]),
    (
      "APP1 whose payload holds FF C0",
      [0xFF, 0xE1, 0x00, 0x0A] + Array("Exif".utf8) + [0, 0, 0xFF, 0xC0]
    ),
    ("DHT is C4, not a frame", [0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00]),
    (
      "JPG (C8) and DAC (CC) are not frames",
      [0xFF, 0xC8, 0x00, 0x02, 0xFF, 0xCC, 0x00, 0x04, 0x00, 0x00]
    ),
    ("garbage between segments, as libjpeg tolerates", [0x00, 0x12, 0xFF, 0x00, 0x34]),
    ("COM segment", [0xFF, 0xFE, 0x00, 0x05] + Array("hi!".utf8)),
  ]

  @Test(arguments: jpegDetours)
  func jpegWalksOverSegmentsToTheFrameHeader(_ why: String, _ detour: [UInt8]) throws {
    let fixture = ImageFixtures.jpeg(width: 300, height: 200, beforeFrame: detour)
    let image = try PlatformImage(data: fixture.data)
    #expect(image.pixelWidth == 300, "\(why)")
    #expect(image.pixelHeight == 200, "\(why)")
  }

  @Test(arguments: [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF])
  func jpegReadsEveryStartOfFrameMarker(_ marker: UInt8) throws {
    let fixture = ImageFixtures.jpeg(width: 64, height: 48, frameMarker: marker)
    let image = try PlatformImage(data: fixture.data)
    #expect(image.format == .jpeg)
    #expect(image.pixelWidth == 64 && image.pixelHeight == 48)
  }

  // MARK: Errors

  static let zeroSized: [(ImageFormat, Data)] = [
    (.png, ImageFixtures.png(width: 0, height: 1).data),
    (.png, ImageFixtures.png(width: 1, height: 0).data),
    (.gif, ImageFixtures.gif(width: 0, height: 5).data),
    (.jpeg, ImageFixtures.jpeg(width: 8, height: 0).data),
    (.webp, ImageFixtures.webpLossy(width: 0, height: 1).data),
    (.webp, ImageFixtures.webpLossy(width: 0, height: 1, scaleBits: 3).data),  // scale bits only
  ]

  @Test(arguments: zeroSized)
  func zeroWidthOrHeightIsRefused(_ format: ImageFormat, _ data: Data) {
    #expect(throws: ImageDataError.zeroSize(format)) { try PlatformImage(data: data) }
  }

  /// Leading bytes of no known image, and a phrase the error must quote.
  static let unknownLeads: [(String, Data, String)] = [
    ("text", Data("hello, world".utf8), "\"hello, w\" (68 65 6C 6C 6F 2C 20 77)"),
    ("binary", Data([0x00, 0x01, 0xAB]), "00 01 AB"),
    ("empty", Data(), "nothing (the data is empty)"),
    ("BMP", Data("BM6".utf8) + Data(count: 60), "42 4D 36 00"),
    ("GIF of an unknown version", Data("GIF90a".utf8) + Data(count: 10), "\"GIF90a"),
    ("WAV in a RIFF container", Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8), "form type \"WAVE\""),
    ("PNG signature cut short", Data([0x89, 0x50, 0x4E]), "start of a PNG signature cut short"),
    ("GIF signature cut short", Data("GIF8".utf8), "start of a GIF signature cut short"),
  ]

  @Test(arguments: unknownLeads)
  func unknownBytesAreDescribedInTheError(_ why: String, _ data: Data, _ quoted: String) {
    let error = #expect(throws: ImageDataError.self) { try PlatformImage(data: data) }
    guard case .unrecognizedFormat(let found)? = error else {
      Issue.record("\(why): expected unrecognizedFormat, got \(String(describing: error))")
      return
    }
    #expect(found.contains(quoted), "\(why): \(found)")
    #expect(error?.errorDescription?.contains(quoted) == true, "\(why)")
    #expect(error?.recoverySuggestion != nil)
  }

  /// Headers with a recognised signature but bad contents, and a phrase the reason must hold.
  static let malformed: [(ImageFormat, [UInt8], String)] = {
    let png = [UInt8](ImageFixtures.png(width: 2, height: 2).data)
    let sof = [UInt8](ImageFixtures.jpeg(width: 8, height: 8).data)
    let soi: [UInt8] = [0xFF, 0xD8]
    let vp8 = [UInt8](ImageFixtures.webpLossy(width: 4, height: 4).data)
    let vp8l = [UInt8](ImageFixtures.webpLossless1x1.data)
    return [
      (.png, Array(png[0..<12]) + Array("CgBI".utf8) + Array(png[16...]), "\"CgBI\""),
      (.png, Array(png[0..<11]) + [12] + Array(png[12...]), "12 bytes long, not 13"),
      (.png, Array(png[0..<16]) + [0x80, 0, 0, 0] + Array(png[20...]), "2147483648×2"),
      (.jpeg, soi + [0xFF, 0xD9], "EOI at offset 2"),
      (.jpeg, soi + [0xFF, 0xDA, 0x00, 0x02], "SOS at offset 2"),
      (.jpeg, soi + [0xFF, 0xD8], "second SOI"),
      (.jpeg, soi + [0xFF, 0xE0, 0x00, 0x01, 0x00], "length of 1"),
      (.jpeg, soi + [0xFF, 0xE0, 0x01, 0x00, 0x00], "FFE0 at offset 2 is 256 bytes long"),
      (.jpeg, soi + [0xFF, 0xC0, 0x00, 0x07, 8, 0, 8, 0, 8], "only 7 bytes long"),
      (.jpeg, Array(sof.prefix(30)), "ends after 30 bytes"),
      (.webp, ImageFixtures.riff(chunk: "ALPH", Array(repeating: 0, count: 10)), "\"ALPH\""),
      (.webp, Array(vp8[0..<23]) + [0x9D, 0x01, 0x2B] + Array(vp8[26...]), "9D 01 2B"),
      (.webp, Array(vp8[0..<20]) + [0x11] + Array(vp8[21...]), "not a key frame"),
      (.webp, Array(vp8l[0..<20]) + [0x2E] + Array(vp8l[21...]), "signature is 2E"),
      (
        .webp, [UInt8](ImageFixtures.webpLossless(width: 2, height: 2, version: 1).data),
        "version is 1"
      ),
      (.webp, Array("RIFF\u{8}\0\0\0WEBP".utf8), "before the first chunk"),
    ]
  }()

  @Test(arguments: malformed)
  func malformedHeadersSayWhatIsWrong(_ format: ImageFormat, _ bytes: [UInt8], _ phrase: String) {
    let error = #expect(throws: ImageDataError.self) { try PlatformImage(data: Data(bytes)) }
    guard case .malformedHeader(let found, let reason)? = error else {
      Issue.record("expected malformedHeader(\(format)), got \(String(describing: error))")
      return
    }
    #expect(found == format)
    #expect(reason.contains(phrase), "\(reason)")
    #expect(error?.errorDescription?.hasPrefix("The \(format.name) header is malformed") == true)
  }

  // MARK: PlatformImage

  @Test func imagesAreEqualAndHashAlikeWhenTheirBytesAre() throws {
    let data = ImageFixtures.png(width: 2, height: 2).data
    let first = try PlatformImage(data: data)
    let second = try PlatformImage(data: data)
    let other = try PlatformImage(
      data: ImageFixtures.png(width: 2, height: 2, rgba: [0, 0, 0, 0]).data)
    #expect(first !== second)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != other)
    #expect(Set([first, second, other]).count == 2)
  }

  @Test func descriptionNamesFormatSizeAndByteCount() throws {
    let fixture = ImageFixtures.gif(width: 4, height: 3)
    let image = try PlatformImage(data: fixture.data)
    #expect(image.description == "GIF 4×3, \(fixture.data.count) bytes")
  }

  @Test(arguments: [
    (ImageFormat.png, "png", "PNG"), (.jpeg, "jpg", "JPEG"), (.gif, "gif", "GIF"),
    (.webp, "webp", "WebP"),
  ])
  func formatsNameTheirExtension(_ format: ImageFormat, _ fileExtension: String, _ name: String) {
    #expect(format.fileExtension == fileExtension)
    #expect(format.name == name)
  }
}
