import Foundation
import KadrPersistence
import KadrPersistenceCore
import Testing

/// Random valid compositions, from fixed seeds, saved and reopened: each must come back equal by
/// deep reflection and save again to the same bytes.
@Suite("Property: random compositions round-trip")
struct RoundTripPropertyTests {
  /// Compositions per batch; ``batches`` × this is the number checked.
  static let perBatch = 50
  /// Each batch is one test case, seeded with its number, so a failure names a reproducible seed.
  static let batches: [UInt64] = Array(0..<8)

  @Test(arguments: batches)
  func randomCompositionsRoundTripByReflection(batch: UInt64) throws {
    for index in 0..<Self.perBatch {
      let seed = batch &* 1_000 &+ UInt64(index)
      var generator = CompositionGenerator(seed: seed)
      try Self.expectRoundTrip(generator.composition(), seed: seed)
    }
  }

  /// Tracks nested from 1 to 100 deep, within the default depth limit (about 125 tracks).
  @Test(arguments: [1, 2, 8, 32, 64, 100])
  func deeplyNestedTracksRoundTrip(depth: Int) throws {
    var generator = CompositionGenerator(seed: 0xDEE9 &+ UInt64(depth))
    try Self.expectRoundTrip(generator.nestedTracks(depth: depth), seed: UInt64(depth))
  }

  @Test func generatedCompositionsCoverEveryKind() throws {
    var kinds = Set<String>()
    for seed in UInt64(0)..<40 {
      var generator = CompositionGenerator(seed: seed)
      let data = try KadrCoder().data(
        for: generator.composition(), images: InMemoryImageStore())
      let json = try JSONReader().read(data)
      Self.collectKinds(json, into: &kinds)
    }
    let expected: Set<String> = [
      "video", "image", "title", "transition", "track", "text", "sticker", "fadeIn", "slideIn",
      "scaleUp", "linear", "easeIn", "easeOut", "easeInOut", "cubicBezier", "normalized",
      "pixels", "percent", "aspectFit", "aspectFill", "fade", "slide", "dissolve", "custom",
      "bitrate", "fileSize", "automatic", "crop", "volumeRamps", "captions",
    ]
    let filters = Set(FilterKind.allCases.map(\.rawValue))
    #expect(expected.union(filters).subtracting(kinds).isEmpty, "\(kinds.sorted())")
  }

  /// Saves, reopens and saves again; expects equality by reflection and identical bytes.
  static func expectRoundTrip(
    _ video: Video, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let store = InMemoryImageStore()
    let coder = KadrCoder()
    #expect(
      coder.lossyContent(in: video, images: store).isEmpty, "seed \(seed)",
      sourceLocation: sourceLocation)
    let data = try coder.data(for: video, images: store)
    let reopened = try coder.video(from: data, images: store)
    let differences = ReflectionDiff.differences(video, reopened)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      differences.isEmpty, "seed \(seed): \(differences)\n\(text)", sourceLocation: sourceLocation)
    let again = try coder.data(for: reopened, images: store)
    #expect(
      again == data, "seed \(seed): saving again changed the bytes", sourceLocation: sourceLocation)
  }

  /// Every object key and every string value of `json`: the kind ids, enum names and field names
  /// the document uses.
  static func collectKinds(_ json: JSONValue, into kinds: inout Set<String>) {
    switch json {
    case .string(let text): kinds.insert(text)
    case .array(let elements): for element in elements { collectKinds(element, into: &kinds) }
    case .object(let object):
      for (key, value) in object {
        kinds.insert(key)
        collectKinds(value, into: &kinds)
      }
    default: break
    }
  }
}

@Suite("Property: the composition generator")
struct CompositionGeneratorTests {
  @Test func sameSeedGivesSameDocumentAndOtherSeedsDiffer() throws {
    let store = InMemoryImageStore()
    func document(_ seed: UInt64) throws -> Data {
      var generator = CompositionGenerator(seed: seed)
      return try KadrCoder().data(for: generator.composition(), images: store)
    }
    #expect(try document(7) == document(7))
    var first = CompositionGenerator(seed: 7)
    var second = CompositionGenerator(seed: 8)
    #expect(!ReflectionDiff.differences(first.composition(), second.composition()).isEmpty)
    // Compositions of every size: some nearly empty, some of several kilobytes.
    let sizes = try (UInt64(0)..<40).map { try document($0).count }
    #expect(sizes.contains { $0 < 1_000 } && sizes.contains { $0 > 5_000 }, "\(sizes)")
  }
}
