import Foundation
import KadrDiff
import KadrPersistence
import Testing

@Suite("Composition diff of professional timeline facts")
struct ProfessionalFactsDiffTests {
  let differ = CompositionDiffer()
  let clip = VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
    .trimmed(to: TimeRange(start: .zero, duration: Time(value: 2, timescale: 1))).id("a")

  @Test func anAddedMarkerAndAChangedRateAreCompositionChanges() throws {
    let before = Video { clip }
    let after = Video { clip }
      .preset(.custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264))
      .marker(Marker("Act two", at: Time(value: 1, timescale: 1), kind: .chapter))
    let result = try differ.diff(from: before, to: after)
    let markers = try #require(result.changes.first { $0.label == "markers" })
    #expect(markers.kind == .added)
    #expect(markers.subject == .composition)
    let preset = try #require(result.changes.first { $0.label == "preset" })
    #expect(preset.kind == .modified)
    #expect(preset.fields.contains { $0.field.hasPrefix("/frameRate") })
  }

  @Test func aRenamedClipShowsItsNameAndRole() throws {
    let before = Video { clip.named("Intro") }
    let after = Video { clip.named("Opening").role(.video) }
    let result = try differ.diff(from: before, to: after)
    let change = try #require(result.changes.first { $0.subject == .clip })
    #expect(Set(change.fields.map(\.field)) == ["/name", "/role"])
  }
}
