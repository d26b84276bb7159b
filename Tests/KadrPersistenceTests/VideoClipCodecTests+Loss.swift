import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

private typealias Support = VideoFilterTestSupport

@Suite("Video clip codec: loss")
struct VideoClipCodecLossTests {
  static let url = URL(fileURLWithPath: "/media/a.mov")
  static let ramp = Animation<Double>.keyframes(
    [.at(Time(value: 0, timescale: 30), value: 0), .at(Time(value: 30, timescale: 30), value: 1)])

  @Test func compositorsAreRefusedByDefault() throws {
    let clip = VideoClip(
      url: Self.url,
      compositors: [
        ClosureCompositor { frame, _ in frame }, ClosureCompositor { frame, _ in frame },
      ],
      clipID: "hero")
    let error = try #require(throws: PersistenceError.self) {
      try Support.registry().encode(clip: clip)
    }
    #expect(error.caseName == "lossyContent")
    #expect(error.losses.count == 2)
    for loss in error.losses {
      #expect(loss.kind == .compositor)
      #expect(loss.pointer == "/0/video/_0/compositors")
      #expect(loss.location == "clip “hero”")
    }
  }

  @Test func compositorsAreAbsentWhenLossIsAllowed() throws {
    let clip = VideoClip(url: Self.url, compositors: [ClosureCompositor { frame, _ in frame }])
    let encoded = try Support.registry().encode(
      clip: clip, options: CodingOptions(allowingLoss: true))
    #expect(encoded.lossReport.losses.map(\.kind) == [.compositor])
    // Outside a document the list has no name; the clip is named by the codec's label.
    #expect(encoded.lossReport.losses.first?.location.hasSuffix("[0] (video a.mov)") == true)
    let text = try Support.text(encoded.json)
    #expect(!text.contains("compositor"))
    #expect(
      text == (try Support.text(Support.registry().encode(clip: VideoClip(url: Self.url)).json)))
  }

  @Test func aCustomTimingFilterAnimationBecomesNull() throws {
    let custom = Animation<Double>.keyframes(Self.ramp.keyframes, timing: .custom { $0 * $0 })
    let clip = VideoClip(
      url: Self.url, filters: [.sepia(intensity: 0.5), .glow(intensity: 0.2)],
      filterIDs: ["s", "g"], filterAnimations: [custom, Self.ramp])
    let error = try #require(throws: PersistenceError.self) {
      try Support.registry().encode(clip: clip)
    }
    #expect(error.losses.map(\.kind) == [.customTimingFunction])
    #expect(error.losses.first?.pointer == "/0/video/_0/filterAnimations/0")

    let encoded = try Support.registry().encode(
      clip: clip, options: CodingOptions(allowingLoss: true))
    guard case .object(let tagged) = encoded.json, case .object(let box) = tagged["video"],
      case .object(let payload) = box["_0"]
    else {
      Issue.record("not a video clip: \(String(describing: encoded.json))")
      return
    }
    #expect(payload["filterIDs"] == ["s", "g"])
    guard case .array(let animations) = payload["filterAnimations"] else {
      Issue.record("no filterAnimations")
      return
    }
    #expect(animations.count == 2)
    #expect(animations.first == .null)
    #expect(animations.last != .null)
  }

  @Test func anUnregisteredCustomFilterIsDroppedWithItsIDAndAnimation() throws {
    let clip = VideoClip(
      url: Self.url, filters: [.sepia(intensity: 0.5), .custom(TestHalftone(dot: 3)), .mono],
      filterIDs: ["a", "b", "c"], filterAnimations: [nil, Self.ramp, nil])
    let registry = try Support.registry()
    let error = try #require(throws: PersistenceError.self) { try registry.encode(clip: clip) }
    #expect(error.losses.count == 1)
    #expect(error.losses.first?.pointer == "/0/video/_0/filters/1")
    if case .unregisteredType(let point, _)? = error.losses.first?.kind {
      #expect(point == .filter)
    } else {
      Issue.record("unexpected loss \(error.losses)")
    }

    let encoded = try registry.encode(clip: clip, options: CodingOptions(allowingLoss: true))
    let text = try Support.text(encoded.json)
    #expect(text.contains(#""filterAnimations":[null,null]"#))
    #expect(text.contains(#""filterIDs":["a","c"]"#))
    #expect(
      text.contains(#""filters":[{"kind":"sepia","scalar":0.5},{"kind":"mono","scalar":0}]"#))
    let json = try #require(encoded.json)
    let decoded = try #require(try registry.decodeClip(from: json) as? VideoClip)
    #expect(decoded.filters == [.sepia(intensity: 0.5), .mono])
    #expect(decoded.filterIDs == ["a", "c"])
  }

  @Test func aFilterItsOwnCodecLeavesOutTakesItsIDAndAnimationWithIt() throws {
    // The registry has a codec for the filter, so the parallel arrays are written expecting it;
    // its codec then leaves the value out, and the arrays are written again to match.
    var registry = try Support.registry()
    try registry.register(customFilter: FussyHalftoneCodec())
    let clip = VideoClip(
      url: Self.url,
      filters: [
        .sepia(intensity: 0.5), .custom(TestHalftone(dot: -1)), .custom(TestHalftone(dot: 2)),
      ],
      filterIDs: ["a", "b", "c"], filterAnimations: [Self.ramp, Self.ramp, nil])
    let error = try #require(throws: PersistenceError.self) { try registry.encode(clip: clip) }
    #expect(error.losses.map(\.pointer) == ["/0/video/_0/filters/1/size"], "\(error.losses)")

    let encoded = try registry.encode(clip: clip, options: CodingOptions(allowingLoss: true))
    #expect(encoded.lossReport.losses.count == 1, "none twice: \(encoded.lossReport)")
    let text = try Support.text(encoded.json)
    #expect(text.contains(#""filterIDs":["a","c"]"#), "\(text)")
    #expect(text.contains(#""filterAnimations":[{"#) && text.contains("},null]"), "\(text)")
    #expect(text.contains(#""com.example.test-halftone","size":2}]"#), "\(text)")
    #expect(text.components(separatedBy: "filterIDs").count == 2, "one member per key: \(text)")
    let json = try #require(encoded.json)
    let decoded = try #require(try registry.decodeClip(from: json) as? VideoClip)
    #expect(decoded.filterIDs == ["a", "c"])
    #expect(ReflectionDiff.differences([Self.ramp, nil], decoded.filterAnimations).isEmpty)
  }

  @Test func aLossySpeedCurveIsLeftOut() throws {
    let clip = VideoClip(
      url: Self.url,
      speedCurve: .keyframes(Self.ramp.keyframes, timing: .custom { $0 }))
    let encoded = try Support.registry().encode(
      clip: clip, options: CodingOptions(allowingLoss: true))
    #expect(encoded.lossReport.losses.map(\.pointer) == ["/0/video/_0/speedCurve"])
    #expect(!(try Support.text(encoded.json)).contains("speedCurve"))
  }
}

/// Writes ``TestHalftone`` but leaves out (as loss) a halftone with a negative dot size.
private struct FussyHalftoneCodec: CustomFilterCodec {
  enum Key: String, PayloadKey { case size }

  var kindID: KindID { KindID(TestHalftone.kind.rawValue) }

  func encode(_ value: TestHalftone, to payload: inout KeyedEncoder<Key>) throws {
    guard value.dot >= 0 else {
      payload.reportLoss(.unregisteredType(.filter, type: "negative halftone"), for: .size)
      payload.omitValue()
      return
    }
    try payload.encode(value.dot, for: .size)
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> TestHalftone {
    TestHalftone(dot: try payload.decode(Double.self, for: .size))
  }

  func samples() -> CodecSamples<TestHalftone> {
    CodecSamples(minimal: TestHalftone(dot: 1), maximal: TestHalftone(dot: 2))
  }
}
