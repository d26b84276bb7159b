import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

@Suite("Composition codec: compositor loss")
struct CompositionLossTests {
  let registry: CodecRegistry

  init() throws {
    registry = try CompositionTestKit.registry()
  }

  static let window = TimeRange(start: .zero, duration: Time(value: 1, timescale: 1))
  static let compositor = ClosureMultiInputCompositor { frames, _ in
    frames.first ?? VideoFrame(width: 0, height: 0, pixels: [])
  }

  static func video(compositor: Bool, window: Bool) -> Video {
    Video(
      clips: [TitleSequence("t", duration: Time(value: 1, timescale: 1))],
      multiInputCompositor: compositor ? Self.compositor : nil,
      compositorWindow: window ? Self.window : nil)
  }

  /// Each combination and the losses it reports, as `kind @ pointer`.
  static let cases: [(Bool, Bool, [String])] = [
    (true, false, ["a multi-input compositor (code) @ /multiInputCompositor"]),
    (
      false, true,
      ["the field 'compositorWindow', which only exists as code @ /compositorWindow"]
    ),
    (
      true, true,
      [
        "a multi-input compositor (code) @ /multiInputCompositor",
        "the field 'compositorWindow', which only exists as code @ /compositorWindow",
      ]
    ),
  ]

  @Test(arguments: cases)
  func compositorAndWindowAreReportedWithLocationAndPointer(
    compositor: Bool, window: Bool, expected: [String]
  ) throws {
    let video = Self.video(compositor: compositor, window: window)
    let encoded = try registry.encode(model: video, options: CodingOptions(allowingLoss: true))
    let losses = encoded.lossReport.losses
    #expect(losses.map { "\($0.kind) @ \($0.pointer)" } == expected)
    #expect(losses.allSatisfy { $0.location == "composition" })
  }

  @Test(arguments: cases)
  func compositorAndWindowAreRefusedByDefault(
    compositor: Bool, window: Bool, expected: [String]
  ) throws {
    let video = Self.video(compositor: compositor, window: window)
    let error = #expect(throws: PersistenceError.self) { try registry.encode(model: video) }
    guard case .lossyContent(let losses)? = error else {
      Issue.record("expected lossyContent, got \(String(describing: error))")
      return
    }
    #expect(losses.count == expected.count)
  }

  @Test(arguments: cases)
  func withLossAllowedTheyAreAbsentFromTheJSON(
    compositor: Bool, window: Bool, expected: [String]
  ) throws {
    let video = Self.video(compositor: compositor, window: window)
    let lossy = try registry.encode(model: video, options: CodingOptions(allowingLoss: true))
    let clean = try registry.encode(model: Self.video(compositor: false, window: false))
    let text = try CompositionTestKit.text(lossy.json)
    #expect(text == (try CompositionTestKit.text(clean.json)))
    #expect(!text.contains("ompositor"))
    #expect(clean.lossReport.isLossless)
  }

  @Test func reopenedCompositionHasNoCompositorOrWindow() throws {
    let lossy = try registry.encode(
      model: Self.video(compositor: true, window: true), options: CodingOptions(allowingLoss: true))
    let decoded = try registry.decodeModel(Video.self, from: try #require(lossy.json))
    #expect(decoded.multiInputCompositor == nil)
    #expect(decoded.compositorWindow == nil)
    #expect(decoded.clips.count == 1)
  }

  @Test func compositorLossIsReportedThroughTheDocumentCoder() throws {
    let coder = DocumentCoder(registry: registry)
    let report = try coder.lossReport(for: Self.video(compositor: true, window: false))
    #expect(report.losses.map(\.pointer) == ["/video/multiInputCompositor"])
    #expect(report.losses.first?.kind == .multiInputCompositor)
  }
}
