import Foundation
import KadrModel
import KadrPersistence
import Testing

/// A plugin that breaks the rule every coder documents — use it during the call that gave it
/// out — by keeping each coder it is given and using it after the open or save returned. Each
/// use must trap with a clear message or work correctly; it must never read freed memory (the
/// suite runs under AddressSanitizer in CI, where such a read fails the test process).
@Suite("Public coders kept past their call")
struct KeptCoderTests {
  /// A clip whose codec keeps its coders.
  struct Keeper: Clip {
    var duration: Time { Time(value: 1, timescale: 1) }
    var value = KeptValue(number: 7)
    var numbers: [Double] = [1, 2, 3]
  }

  /// A value that keeps its encoder and decoder.
  struct KeptValue: PersistableValue, Equatable {
    var number: Double

    func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
      Kept.shared.withLock { $0.valueEncoder = encoder }
      return try encoder.number(number)
    }

    static func decodePersisted(from decoder: ValueDecoder) throws -> KeptValue {
      Kept.shared.withLock { $0.valueDecoder = decoder }
      return KeptValue(number: try decoder.double())
    }
  }

  /// What the codecs kept.
  struct Kept: @unchecked Sendable {
    // Unchecked: only ever reached through `shared`'s lock (and the coders are the point).
    var keyedEncoder: KeyedEncoder<KeeperCodec.Key>?
    var keyedDecoder: KeyedDecoder<KeeperCodec.Key>?
    var valueEncoder: ValueEncoder?
    var valueDecoder: ValueDecoder?
    var arrayEncoder: ArrayEncoder?
    var elements: ValueDecoder.Elements?

    static let shared = Shared()

    final class Shared: @unchecked Sendable {
      private let lock = NSLock()
      private var kept = Kept()
      func withLock<T>(_ body: (inout Kept) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&kept)
      }
    }
  }

  struct KeeperCodec: ClipCodec {
    enum Key: String, PayloadKey { case value, numbers }
    var kindID: KindID { "com.test.keeper" }

    func encode(_ clip: Keeper, to payload: inout KeyedEncoder<Key>) throws {
      try payload.encode(clip.value, for: .value)
      try payload.encode(for: .numbers) { encoder in
        var array = encoder.array()
        for number in clip.numbers { _ = try array.append(number) }
        Kept.shared.withLock { $0.arrayEncoder = array }
        return array.finish()
      }
      Kept.shared.withLock { $0.keyedEncoder = payload }
    }

    func decode(from payload: KeyedDecoder<Key>) throws -> Keeper {
      Kept.shared.withLock { $0.keyedDecoder = payload }
      let elements = try payload.valueDecoder(for: .numbers).elements()
      Kept.shared.withLock { $0.elements = elements }
      let numbers = try elements.map { try $0.double() }
      return Keeper(value: try payload.decode(KeptValue.self, for: .value), numbers: numbers)
    }

    func label(for value: Keeper) -> String? { "keeper" }

    func samples() -> CodecSamples<Keeper> {
      CodecSamples(minimal: Keeper(), maximal: [Keeper()])
    }
  }

  /// Saves and opens a composition with a keeper, so every coder is kept.
  static func saveAndOpen() throws {
    var registry = CodecRegistry.standard
    try registry.register(clip: KeeperCodec())
    let coder = KadrCoder(registry: registry)
    let data = try coder.save(Video(clips: [Keeper()])).data
    let opened = try coder.open(data)
    #expect((opened.root.clips.first as? Keeper)?.value.number == 7)
  }

  /// The message every coder used after its call traps with.
  static let message = "was used after the call that gave it out returned"

  @Test func aKeptKeyedDecoderTrapsWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      let kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.keyedDecoder })
      _ = try kept.decode(KeptCoderTests.KeptValue.self, for: .value)
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("KeyedDecoder \(Self.message)"), "\(errors)")
  }

  @Test func aKeptValueDecoderTrapsWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      let kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.valueDecoder })
      _ = try kept.double()
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("ValueDecoder \(Self.message)"), "\(errors)")
  }

  @Test func keptElementsTrapWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      let kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.elements })
      _ = try kept[1].double()
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("ValueDecoder.Elements \(Self.message)"), "\(errors)")
  }

  @Test func aKeptKeyedEncoderTrapsWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      var kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.keyedEncoder })
      try kept.encode(KeptCoderTests.KeptValue(number: 1), for: .value)
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("KeyedEncoder \(Self.message)"), "\(errors)")
  }

  @Test func aKeptKeyedEncoderDoesNotReportAWrongPlace() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      let kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.keyedEncoder })
      print(kept.pointer)
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("KeyedEncoder \(Self.message)"), "\(errors)")
  }

  @Test func aKeptValueEncoderTrapsWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      let kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.valueEncoder })
      _ = kept.string("late")
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("ValueEncoder \(Self.message)"), "\(errors)")
  }

  @Test func aKeptArrayEncoderTrapsWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try KeptCoderTests.saveAndOpen()
      var kept = try #require(KeptCoderTests.Kept.shared.withLock { $0.arrayEncoder })
      _ = try kept.append(4.0)
    }
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(errors.contains("ArrayEncoder \(Self.message)"), "\(errors)")
  }

  @Test func codersUsedDuringTheirCallStillWork() throws {
    try Self.saveAndOpen()
  }
}
