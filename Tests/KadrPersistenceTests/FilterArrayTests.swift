import Foundation
import KadrModel
import KadrPersistence
import Testing

/// A plugin's clip that keeps an array parallel to its filters, written with the public API the
/// built-in video codec uses: `encode(filters:for:)` says which filters were left out (`nil`:
/// none), and `encode(_:keeping:for:)` leaves out the same positions.
@Suite("Filters and a parallel array, through the public API")
struct FilterArrayTests {
  struct Stack: Clip {
    var duration: Time { Time(value: 1, timescale: 1) }
    var filters: [Filter] = []
    var names: [String] = []
  }

  /// What the last `encode(filters:for:)` returned.
  final class Returned: @unchecked Sendable {
    // Unchecked: only ever reached through the lock.
    private let lock = NSLock()
    private var kept: [Bool]??
    func record(_ value: [Bool]?) { lock.withLock { kept = .some(value) } }
    var last: [Bool]?? { lock.withLock { kept } }
  }

  struct StackCodec: ClipCodec {
    enum Key: String, PayloadKey { case filters, names }
    let returned: Returned
    var kindID: KindID { "com.test.stack" }

    func encode(_ clip: Stack, to payload: inout KeyedEncoder<Key>) throws {
      let kept = try payload.encode(filters: clip.filters, for: .filters)
      returned.record(kept)
      try payload.encode(clip.names, keeping: kept, for: .names)
    }

    func decode(from payload: KeyedDecoder<Key>) throws -> Stack {
      Stack(
        filters: try payload.decodeFilters(for: .filters),
        names: try payload.decode([String].self, for: .names))
    }

    func samples() -> CodecSamples<Stack> {
      CodecSamples(minimal: Stack(), maximal: [Stack(filters: [.mono], names: ["a"])])
    }
  }

  static func saved(_ clip: Stack, returned: Returned) throws -> (names: JSONValue?, Stack?) {
    var registry = CodecRegistry.standard
    try registry.register(clip: StackCodec(returned: returned))
    let coder = KadrCoder(registry: registry, options: CodingOptions(allowingLoss: true))
    let data = try coder.save(Video(clips: [clip])).data
    let json = try JSONDecoder().decode(JSONValue.self, from: data)
    guard case .object(let document) = json, case .object(let video) = document["video"],
      case .array(let clips) = video["clips"], case .object(let tagged) = clips.first,
      case .object(let box) = tagged["com.test.stack"], case .object(let payload) = box["_0"]
    else { return (nil, nil) }
    return (payload["names"], try coder.open(data).root.clips.first as? Stack)
  }

  @Test func everyFilterWrittenGivesNilAndEveryName() throws {
    let returned = Returned()
    let clip = Stack(filters: [.mono, .sepia(intensity: 0.5)], names: ["a", "b"])
    let (names, opened) = try Self.saved(clip, returned: returned)
    #expect(returned.last == .some(nil))
    #expect(names == ["a", "b"])
    #expect(opened?.names == ["a", "b"])
    #expect(opened?.filters.count == 2)
  }

  @Test func aFilterLeftOutIsMarkedAndItsNameLeftOutWithIt() throws {
    let returned = Returned()
    let clip = Stack(
      filters: [.mono, .custom(TestHalftone(dot: 3)), .sepia(intensity: 0.5)],
      names: ["a", "b", "c"])
    let (names, opened) = try Self.saved(clip, returned: returned)
    #expect(returned.last == .some([true, false, true]))
    #expect(names == ["a", "c"])
    #expect(opened?.names == ["a", "c"])
    #expect(opened?.filters.count == 2)
  }
}
