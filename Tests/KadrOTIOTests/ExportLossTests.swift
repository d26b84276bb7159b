import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Export learns what a composition loses while it writes it, once: the losses are the ones a
/// schema-1 document of the same composition reports, with the same places and pointers.
@Suite("OpenTimelineIO export losses")
struct ExportLossTests {
  typealias C = Compositions

  static let curve = Animation<Double>.keyframes(
    [.at(C.time(0, 30), value: 0.2), .at(C.time(30, 30), value: 1)], timing: .custom { $0 * $0 })

  /// Code everywhere a composition can hold it: compositors (a clip's, a nested clip's, the
  /// composition's), custom timing curves (a filter's animation, a speed curve, an opacity
  /// animation), images with no store (a clip, an overlay).
  static let lossy = Video {
    VideoClip(url: C.media("a.mov")).trimmed(to: 0...2).compositor { frame, _ in frame }
      .filter(.sepia(intensity: 0.4), animation: curve)
    VideoClip(url: C.media("b.mov")).trimmed(to: 0...2).speed(.curved(curve)).id("curved")
    ImageClip(C.photo, duration: 1.0)
    Track(name: "layer") {
      TitleSequence("t", duration: 1.0).opacity(1, animation: curve)
      VideoClip(url: C.media("c.mov")).trimmed(to: 0...1).compositor { frame, _ in frame }
    }
  }
  .overlay(ImageOverlay(C.logo))
  .compositor { frames, _ in frames[0] }

  @Test func exportLosesWhatADocumentLosesAtTheSamePlaces() throws {
    let document = try KadrCoder().encode(Self.lossy, allowingLoss: true).lossReport.losses
    let exported = try OTIOExporter(allowingLoss: true).export(Self.lossy).lossReport.losses
    #expect(document.count == 8)
    #expect(
      exported.map(\.description).sorted() == document.map(\.description).sorted(),
      "\(exported.map(\.description))\n≠\n\(document.map(\.description))")
    #expect(Set(exported.map(\.describedForUser)) == Set(document.map(\.describedForUser)))
  }

  @Test func exportRefusesEveryLossAtOnce() throws {
    #expect {
      try OTIOExporter().export(Self.lossy)
    } throws: { error in
      (error as? PersistenceError)?.losses.count
        == (try? KadrCoding.encode(Self.lossy, allowingLoss: true).lossReport.losses.count)
    }
  }
}
