import Foundation
import KadrModel
import Testing

/// One chunk of a PNG file as the test reads it back.
private struct PNGChunk {
  var type: String
  var data: [UInt8]
  var storedCRC: UInt32
}

/// An independent, bitwise CRC-32 (no table), to check the encoder's table-driven one.
private func referenceCRC32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

/// An independent Adler-32 that reduces after every byte.
private func referenceAdler32(_ bytes: [UInt8]) -> UInt32 {
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in bytes {
    a = (a + UInt32(byte)) % 65_521
    b = (b + a) % 65_521
  }
  return b << 16 | a
}

private func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
  bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
}

/// Splits a PNG file into chunks after checking the signature; records an issue on bad framing.
private func chunks(of png: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
  -> [PNGChunk]
{
  #expect(
    Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
    sourceLocation: sourceLocation)
  var result: [PNGChunk] = []
  var offset = 8
  while offset + 12 <= png.count {
    let length = Int(bigEndian32(png, offset))
    guard offset + 12 + length <= png.count else { break }
    let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
    let data = Array(png[offset + 8..<offset + 8 + length])
    result.append(
      PNGChunk(type: type, data: data, storedCRC: bigEndian32(png, offset + 8 + length)))
    offset += 12 + length
  }
  #expect(offset == png.count, "bytes left after the last chunk", sourceLocation: sourceLocation)
  return result
}

/// Reads a zlib stream of stored deflate blocks; returns the payload and the block count.
private func inflateStored(_ stream: [UInt8], sourceLocation: SourceLocation = #_sourceLocation)
  -> (raw: [UInt8], blocks: Int)
{
  guard stream.count >= 6 else {
    Issue.record("zlib stream too short", sourceLocation: sourceLocation)
    return ([], 0)
  }
  #expect(stream[0] & 0x0F == 8, "compression method deflate", sourceLocation: sourceLocation)
  #expect((Int(stream[0]) * 256 + Int(stream[1])) % 31 == 0, sourceLocation: sourceLocation)
  var raw: [UInt8] = []
  var offset = 2
  var blocks = 0
  var isFinal = false
  while !isFinal, offset + 5 <= stream.count {
    let header = stream[offset]
    isFinal = header & 1 == 1
    #expect(header >> 1 & 0b11 == 0, "stored block", sourceLocation: sourceLocation)
    let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
    let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
    #expect(length ^ complement == 0xFFFF, sourceLocation: sourceLocation)
    raw += stream[offset + 5..<min(offset + 5 + length, stream.count)]
    offset += 5 + length
    blocks += 1
  }
  #expect(isFinal, "last block has BFINAL set", sourceLocation: sourceLocation)
  #expect(offset + 4 == stream.count, "Adler-32 ends the stream", sourceLocation: sourceLocation)
  if offset + 4 <= stream.count {
    #expect(bigEndian32(stream, offset) == referenceAdler32(raw), sourceLocation: sourceLocation)
  }
  return (raw, blocks)
}

@Suite("Solid-colour PNG")
struct SolidColorPNGTests {
  @Test func writesAValidOnePixelPNGThatParses() throws {
    let image = PlatformImage.solidColor(PlatformColor(red: 1, green: 0.5, blue: 0, alpha: 0.25))
    let png = [UInt8](image.data)
    let parts = chunks(of: png)
    #expect(parts.map(\.type) == ["IHDR", "IDAT", "IEND"])
    for chunk in parts {
      #expect(
        chunk.storedCRC == referenceCRC32(Array(chunk.type.utf8) + chunk.data), "\(chunk.type)")
    }
    let header = try #require(parts.first).data
    #expect(header.count == 13)
    #expect(bigEndian32(header, 0) == 1 && bigEndian32(header, 4) == 1)
    #expect(Array(header[8...]) == [8, 6, 0, 0, 0])
    #expect(parts.last?.data.isEmpty == true)
    let (raw, _) = inflateStored(parts[1].data)
    #expect(raw == [0, 255, 128, 0, 64])

    let reparsed = try PlatformImage(data: image.data)
    #expect(reparsed.format == .png)
    #expect(reparsed.pixelWidth == 1 && reparsed.pixelHeight == 1)
    #expect(image.format == .png && image.pixelSize == CGSize(width: 1, height: 1))
  }

  @Test func splitsLargeImagesIntoSeveralStoredBlocks() throws {
    let image = PlatformImage.solidColor(.blue, width: 200, height: 100)
    let parts = chunks(of: [UInt8](image.data))
    let data = try #require(parts.first { $0.type == "IDAT" }).data
    let (raw, blocks) = inflateStored(data)
    // 100 rows of a filter byte and 200 RGBA pixels: 80 100 bytes, more than one 65 535 block.
    #expect(raw.count == 100 * (1 + 200 * 4))
    #expect(blocks == 2)
    let row = [UInt8(0)] + Array([[UInt8]](repeating: [0, 0, 255, 255], count: 200).joined())
    #expect(raw == Array([[UInt8]](repeating: row, count: 100).joined()))
    #expect(parts.allSatisfy { $0.storedCRC == referenceCRC32(Array($0.type.utf8) + $0.data) })
    let reparsed = try PlatformImage(data: image.data)
    #expect(reparsed.pixelWidth == 200 && reparsed.pixelHeight == 100)
  }

  @Test(arguments: [
    (0, 0, 1, 1),  // zero is raised to one pixel
    (-5, 3, 1, 3),  // negative is raised to one pixel
    (10_000, 1, 4_096, 1),  // past the maximum is lowered to it
    (1, Int.max, 1, 4_096),  // even Int.max is clamped without overflow
    (4_096, 2, 4_096, 2),  // the maximum itself is kept
  ])
  func clampsTheSize(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int) throws {
    let image = PlatformImage.solidColor(.white, width: width, height: height)
    #expect(image.pixelWidth == expectedWidth && image.pixelHeight == expectedHeight)
    let reparsed = try PlatformImage(data: image.data)
    #expect(reparsed.pixelWidth == expectedWidth && reparsed.pixelHeight == expectedHeight)
    #expect(PlatformImage.maximumSolidColorSide == 4_096)
  }

  /// A component value and the 8-bit value the PNG holds for it.
  static let componentCases: [(Double, UInt8)] = [
    (2.0, 255),  // above one is clamped
    (-1.0, 0),  // below zero is clamped
    (Double.nan, 0),  // NaN counts as zero
    (Double.infinity, 255),  // infinity is clamped
    (0.5, 128),  // 127.5 rounds half away from zero
  ]

  @Test(arguments: componentCases)
  func clampsAndRoundsComponents(component: Double, expected: UInt8) throws {
    let image = PlatformImage.solidColor(
      PlatformColor(red: component, green: component, blue: component, alpha: component))
    let data = try #require(chunks(of: [UInt8](image.data)).first { $0.type == "IDAT" }).data
    #expect(inflateStored(data).raw == [0, expected, expected, expected, expected])
  }
}

@Suite("Image clip")
struct ImageClipTests {
  private let image = PlatformImage.solidColor(.red)

  @Test func timeIntervalInitDefaultsToThreeSeconds() {
    let clip = ImageClip(image)
    #expect(clip.duration == Time(value: 1_800, timescale: 600))
    #expect(clip.image === image)
    #expect(clip.backgroundColor == nil && clip.audioURL == nil && clip.clipID == nil)
    #expect(clip.startTime == nil && clip.transform == nil && clip.opacity == nil)
    #expect(clip.transformAnimation == nil && clip.opacityAnimation == nil)
  }

  @Test func timeInitKeepsTheExactDuration() {
    let clip = ImageClip(image, duration: Time(value: 7, timescale: 30))
    #expect(clip.duration == Time(value: 7, timescale: 30))
    #expect(ImageClip(image, duration: .nan).duration == .invalid)
  }

  @Test func colorFactoriesMakeAOnePixelPNG() throws {
    let clip = ImageClip.color(.green, duration: 2)
    #expect(clip.duration == Time(seconds: 2))
    #expect(clip.image.pixelWidth == 1 && clip.image.pixelHeight == 1)
    #expect(try PlatformImage(data: clip.image.data).format == .png)
    #expect(ImageClip.color(.green).duration == Time(seconds: 3))
    let exact = ImageClip.color(.green, duration: Time(value: 1, timescale: 24))
    #expect(exact.duration == Time(value: 1, timescale: 24))
    #expect(exact.image == clip.image)
  }

  @Test func storesDurationUnderKadrsName() {
    let labels = Mirror(reflecting: ImageClip(image)).children.compactMap(\.label)
    // kadr's ten, then this package's name.
    #expect(
      labels == [
        "image", "_duration", "backgroundColor", "audioURL", "clipID", "startTime", "transform",
        "transformAnimation", "opacity", "opacityAnimation", "name",
      ])
  }

  @Test func namedSetsOnlyTheNameAndEveryModifierKeepsIt() throws {
    let url = try #require(URL(string: "file:///music.m4a"))
    let loaded = ImageClip(image).background(.blue).withAudio(url).id("hero").at(time: 2)
      .transform(.identity).opacity(0.5)
    #expect(loaded.name == nil)
    let named = loaded.named("Beach at dawn")
    #expect(named.name == "Beach at dawn")
    #expect(ReflectedFields.changed(loaded, named) == ["name"])
    // Each of kadr's modifiers changes its own field and keeps the name.
    let changes: [(Set<String>, ImageClip)] = [
      (["backgroundColor"], named.background(.green)),
      (["audioURL"], named.withAudio(URL(fileURLWithPath: "/other.m4a"))),
      (["_duration"], named.duration(9)),
      (["clipID"], named.id("other")),
      (["startTime"], named.at(time: 7)),
      (["transform"], named.transform(Transform(scale: 3))),
      (["opacity"], named.opacity(0.25)),
      (["transformAnimation"], named.transformAnimation(.keyframes([.at(0, value: .identity)]))),
      (["opacityAnimation"], named.opacityAnimation(.keyframes([.at(0, value: 1)]))),
      (["name"], named.named("Dusk")),
    ]
    for (fields, changed) in changes {
      #expect(ReflectedFields.changed(named, changed) == fields, "\(fields)")
    }
    // The full initialiser rebuilds every stored property, the name too.
    let rebuilt = ImageClip(
      image: named.image, duration: named.duration, backgroundColor: named.backgroundColor,
      audioURL: named.audioURL, clipID: named.clipID, startTime: named.startTime,
      transform: named.transform, transformAnimation: named.transformAnimation,
      opacity: named.opacity, opacityAnimation: named.opacityAnimation, name: named.name)
    #expect(ReflectedFields.of(rebuilt) == ReflectedFields.of(named))
    #expect(ReflectedFields.of(named).count == 11)
  }

  @Test func modifiersSetTheirFieldAndKeepTheOthers() throws {
    let url = try #require(URL(string: "file:///music.m4a"))
    let fade = Animation<Double>.keyframes([.at(0, value: 0), .at(1, value: 1)])
    let spin = Animation<Transform>.keyframes([.at(0, value: .identity)])
    let clip = ImageClip(image)
      .background(.blue).withAudio(url).duration(4.5).id("hero").at(time: 2)
      .transform(Transform(scale: 2), animation: spin).opacity(0.5, animation: fade)
    #expect(clip.backgroundColor == .blue)
    #expect(clip.audioURL == url)
    #expect(clip.duration == Time(value: 2_700, timescale: 600))
    #expect(clip.clipID == "hero")
    #expect(clip.startTime == Time(seconds: 2))
    #expect(clip.transform == Transform(scale: 2))
    #expect(clip.transformAnimation?.keyframes.count == 1)
    #expect(clip.opacity == 0.5)
    #expect(clip.opacityAnimation?.keyframes.count == 2)
    #expect(clip.image === image)

    let changed = clip.duration(Time(value: 1, timescale: 30)).at(
      time: Time(value: 3, timescale: 1)
    )
    .transform(.identity).opacity(0.8)
    #expect(changed.duration == Time(value: 1, timescale: 30))
    #expect(changed.startTime == Time(value: 3, timescale: 1))
    #expect(changed.transform == .identity && changed.opacity == 0.8)
    // The static setters replace the base value only; the animations stay.
    #expect(changed.transformAnimation != nil && changed.opacityAnimation != nil)
    #expect(changed.backgroundColor == .blue && changed.audioURL == url && changed.clipID == "hero")
  }

  @Test func animationModifiersReplaceOrClearOnlyTheAnimation() {
    let fade = Animation<Double>.keyframes([.at(0, value: 0)])
    let spin = Animation<Transform>.keyframes([.at(0, value: .identity)])
    let clip = ImageClip(image).transform(.identity, animation: spin).opacity(1, animation: fade)
    let cleared = clip.transformAnimation(nil)
    #expect(cleared.transformAnimation == nil && cleared.opacityAnimation != nil)
    #expect(cleared.transform == .identity)
    let both = cleared.opacityAnimation(nil)
    #expect(both.opacityAnimation == nil && both.opacity == 1)
    #expect(both.transformAnimation(spin).transformAnimation?.keyframes.count == 1)
  }
}
