import Foundation
import KadrPersistence
import Testing

@Suite("The standard registry and schema-1 documents")
struct StandardRegistryTests {
  @Test func theBroadFixtureRoundTripsByteForByte() throws {
    let fixture = try Fixtures.broad()
    #expect(fixture.count == 3_550)
    let opened = try KadrCoder().open(fixture, images: UnresolvedImageStore())
    let saved = try KadrCoder().data(for: opened.root, images: opened.imageStore)
    #expect(saved == fixture, "\(String(decoding: saved, as: UTF8.self))")
    #expect(opened.unresolvedTokens == ["file:fixture-pixel.png"])
  }

  @Test func durationIsRecomputedOnOpen() throws {
    let video = try KadrCoding.video(from: Fixtures.broad(), images: UnresolvedImageStore())
    // 150/30 + 15/30 + 60/30 + 90/30 + the track's 60/30 — kadr's plain sum.
    #expect(video.duration == Time(value: 375, timescale: 30))
    #expect(video.layout.duration.isValid)
  }

  @Test func everyRegisteredTypeIsComplete() {
    let report = CodecRegistry.standard.completenessReport()
    #expect(report.isComplete, "\(report.rendered())")
    let kinds = Set(report.entries.map { "\($0.extensionPoint.rawValue):\($0.kindID)" })
    for expected in [
      "clip:video", "clip:image", "clip:title", "clip:transition", "clip:track", "overlay:text",
      "overlay:image", "overlay:sticker", "filter:lut", "filter:chromaKey", "textAnimation:fadeIn",
      "model:composition", "model:audioTrack", "model:caption", "model:crop", "model:preset",
      "model:quality",
    ] {
      #expect(kinds.contains(expected), "missing \(expected)")
    }
    #expect(report.entries.filter { $0.extensionPoint == .filter }.count == 13)
  }

  @Test func theBuiltInModulesUseOnlyThePublicRegistrationAPI() throws {
    // Each module's fragment, merged in any order, gives the standard registry.
    var merged = CodecRegistry.empty
    for module in BuiltInModules.all.reversed() { merged = try merged.merging(module.fragment()) }
    for point in ExtensionPoint.allCases {
      #expect(merged.kindIDs(at: point) == CodecRegistry.standard.kindIDs(at: point))
    }
  }

  @Test func theMaximalCompositionRoundTripsByReflection() throws {
    let (video, store) = MaximalComposition.make()
    let coder = KadrCoder()
    let data = try coder.data(for: video, images: store)
    let reopened = try coder.video(from: data, images: store)
    #expect(ReflectionDiff.differences(video, reopened) == [])
    #expect(try coder.data(for: reopened, images: store) == data)
  }

  @Test func theMaximalCompositionRoundTripsThroughAFileAtomically() throws {
    let (video, store) = MaximalComposition.make()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-max-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("project.kadr.json")
    try KadrCoding.write(video, to: file, images: store)
    try KadrCoding.write(video, to: file, images: store)
    let reopened = try KadrCoding.read(from: file, images: store)
    #expect(ReflectionDiff.differences(video, reopened) == [])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["project.kadr.json"], "no temporary file is left behind")
  }

  static let presets: [Preset] = [
    .auto, .reelsAndShorts, .tiktok, .square, .cinema,
    .custom(width: 1080, height: 1080, frameRate: 60, codec: .h264),
  ]
  static let qualities: [ExportQuality] = [.automatic, .bitrate(6_000_000), .fileSize(bytes: 1)]

  @Test(arguments: presets, qualities)
  func everyPresetAndQualityRoundTrips(preset: Preset, quality: ExportQuality) throws {
    let (video, store) = MaximalComposition.make(preset: preset, quality: quality)
    let reopened = try KadrCoding.video(
      from: KadrCoding.data(for: video, images: store), images: store)
    #expect(ReflectionDiff.differences(video, reopened) == [])
    #expect(reopened.preset == preset)
    #expect(reopened.quality == quality)
  }
}
