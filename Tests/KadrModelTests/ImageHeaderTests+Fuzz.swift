import Foundation
import KadrModel
import Testing

/// Cut-short, random and mutated bytes: the header parse must throw or succeed, never crash.
@Suite("Image header fuzzing")
struct ImageHeaderFuzzTests {
  @Test(arguments: validImageFixtures)
  func truncatedHeaderThrowsAtEveryLength(_ fixture: ImageFixtures.Fixture) throws {
    for length in 0..<fixture.headerLength {
      #expect(throws: ImageDataError.self, "cut at \(length)") {
        try PlatformImage(data: fixture.data.prefix(length))
      }
    }
    // From the end of the header on, the rest of the file is not needed.
    for length in fixture.headerLength...min(fixture.data.count, fixture.headerLength + 64) {
      let image = try PlatformImage(data: fixture.data.prefix(length))
      #expect(image.pixelWidth == fixture.width && image.pixelHeight == fixture.height)
    }
  }

  @Test func randomBytesNeverCrash() {
    var random = ImageFuzzRandom(seed: 0x6B61_6472)
    var refused = 0
    for _ in 0..<5_000 {
      let data = Data((0..<Int.random(in: 0...64, using: &random)).map { _ in random.byte() })
      refused += outcome(of: data)
    }
    #expect(refused > 4_900)  // a recognised signature is rare in random bytes
  }

  /// Each signature followed by random bytes, so the parsers past the signature are exercised.
  static let signatures: [(String, [UInt8])] = [
    ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
    (
      "PNG with IHDR",
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    ),
    ("JPEG", [0xFF, 0xD8]),
    ("GIF", Array("GIF89a".utf8)),
    ("RIFF", Array("RIFF".utf8)),
    ("WebP", Array("RIFF\0\0\0\0WEBP".utf8)),
    ("VP8", Array("RIFF\0\0\0\0WEBPVP8 \0\0\0\0".utf8)),
    (
      "VP8 key frame",
      Array("RIFF\0\0\0\0WEBPVP8 \0\0\0\0".utf8) + [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A]
    ),
    ("VP8L", Array("RIFF\0\0\0\0WEBPVP8L\0\0\0\0".utf8) + [0x2F]),
    ("VP8X", Array("RIFF\0\0\0\0WEBPVP8X\0\0\0\0".utf8)),
  ]

  @Test(arguments: signatures)
  func signatureWithRandomTailNeverCrashes(_ name: String, _ signature: [UInt8]) {
    var random = ImageFuzzRandom(seed: UInt64(signature.count) &* 7_919)
    var parsed = 0
    for _ in 0..<2_000 {
      let tail = (0..<Int.random(in: 0...40, using: &random)).map { _ in random.byte() }
      parsed += 1 - outcome(of: Data(signature + tail))
    }
    #expect(parsed < 2_000, "\(name): some random tails are too short to hold a size")
  }

  @Test func jpegMarkerSoupNeverCrashes() {
    // Mostly 0xFF and marker codes, so the segment walk takes every branch.
    let alphabet: [UInt8] = [
      0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x02, 0x08, 0xC0, 0xC2, 0xC4, 0xC8, 0xCC, 0xD0, 0xD7, 0xD8,
      0xD9, 0xDA, 0xE0, 0xFE,
    ]
    var random = ImageFuzzRandom(seed: 0xD8)
    var parsed = 0
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...80, using: &random)
      let body = (0..<count).map { _ in alphabet.randomElement(using: &random) ?? 0 }
      parsed += 1 - outcome(of: Data([0xFF, 0xD8] + body))
    }
    #expect(parsed > 0, "some soups hold a readable frame header")
    #expect(parsed < 5_000)
  }

  @Test(arguments: validImageFixtures)
  func mutatedHeadersNeverCrash(_ fixture: ImageFixtures.Fixture) {
    var random = ImageFuzzRandom(seed: UInt64(fixture.data.count))
    let original = [UInt8](fixture.data.prefix(fixture.headerLength + 8))
    var refused = 0
    for _ in 0..<1_000 {
      var bytes = original
      for _ in 0...Int.random(in: 0...3, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        bytes[index] = random.byte()
      }
      if Bool.random(using: &random) {
        bytes.removeLast(Int.random(in: 0...bytes.count, using: &random))
      }
      refused += outcome(of: Data(bytes))
    }
    #expect(refused > 0, "\(fixture): some mutations break the header")
  }

  /// Parses `data`; returns 1 when it is refused with a described error, 0 when it gives an image
  /// with a positive size. Anything else records an issue.
  private func outcome(of data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    do {
      let image = try PlatformImage(data: data)
      #expect(image.pixelWidth > 0 && image.pixelHeight > 0, sourceLocation: sourceLocation)
      return 0
    } catch let error as ImageDataError {
      #expect(error.errorDescription?.isEmpty == false, sourceLocation: sourceLocation)
      return 1
    } catch {
      Issue.record("not an ImageDataError: \(error)", sourceLocation: sourceLocation)
      return 1
    }
  }
}

extension ImageFuzzRandom {
  /// A uniformly random byte.
  mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
