import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// A plugin's clip showing one still image.
private struct Still: Clip {
  var image: PlatformImage
  var duration: Time
}

/// Writes a still's image with `encode(image:for:)`, under a key of `Key`: one marked
/// `holdsImageToken` (as the token walker needs) or not.
private struct StillCodec<Key: PayloadKey>: ClipCodec {
  let imageKey: Key
  let durationKey: Key

  var kindID: KindID { "com.example.still" }

  func encode(_ value: Still, to payload: inout KeyedEncoder<Key>) throws {
    try payload.encode(image: value.image, for: imageKey)
    try payload.encode(value.duration, for: durationKey)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> Still {
    Still(
      image: try payload.decodeImage(for: imageKey),
      duration: try payload.decode(Time.self, for: durationKey))
  }

  func samples() -> CodecSamples<Still> {
    let still = Still(
      image: .solidColor(.red, width: 2, height: 1), duration: Time(value: 2, timescale: 1))
    return CodecSamples(minimal: still, maximal: still)
  }
}

private enum UnmarkedKey: String, PayloadKey {
  case picture, duration
  var property: String { self == .picture ? "image" : rawValue }
}

private enum MarkedKey: String, PayloadKey {
  case picture, duration
  var property: String { self == .picture ? "image" : rawValue }
  var holdsImageToken: Bool { self == .picture }
}

@Suite("Completeness report: image tokens")
struct ImageTokenCompletenessTests {
  private func entry(_ codec: some ClipCodec) throws -> CompletenessReport.Entry {
    var registry = CodecRegistry.empty
    try registry.register(clip: codec)
    return try #require(registry.completenessReport().entries.first)
  }

  @Test func aTokenKeyNotMarkedHoldsImageTokenFailsWithTheFix() throws {
    let entry = try entry(StillCodec<UnmarkedKey>(imageKey: .picture, durationKey: .duration))
    #expect(!entry.isComplete)
    let finding = try #require(entry.roundTripDifferences.first { $0.contains("'picture'") })
    #expect(finding.contains("URLImageStore"))
    #expect(finding.contains("public var holdsImageToken: Bool { self == .picture }"))
  }

  @Test func aMarkedTokenKeyIsComplete() throws {
    let entry = try entry(StillCodec<MarkedKey>(imageKey: .picture, durationKey: .duration))
    #expect(entry.isComplete, "\(CompletenessReport(entries: [entry]).rendered())")
  }
}
