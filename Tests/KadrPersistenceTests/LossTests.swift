import Foundation
import KadrPersistence
import Testing

private struct Chart: Clip {
  var duration: Time { Time(value: 1, timescale: 1) }
}

private struct Halo: Overlay {
  var position: Position { .center }
  var size: Size? { nil }
  var anchor: Anchor { .center }
  var opacity: Double { 1 }
  var layerID: LayerID? { "halo" }
}

private struct Typewriter: TextAnimation {}

private struct Halftone: CustomFilter {
  static let kind = FilterKind(rawValue: "com.example.halftone")
  var dot: Double
}

/// One kind of loss, where it sits, and where the loss report must point.
struct LossCase: CustomTestStringConvertible, Sendable {
  let name: String
  let video: @Sendable () -> Video
  let pointer: String
  let location: String
  let kind: Loss.Kind
  /// Whether the case saves without an image store (every other case has one).
  var withoutStore = false
  var testDescription: String { name }

  /// The image store the case saves with.
  var images: (any ImageStore)? { withoutStore ? nil : InMemoryImageStore() }
}

private let custom = TimingFunction.custom { $0 * $0 }
private let lossyDouble = Animation<Double>.keyframes(
  [.at(0, value: 0), .at(1, value: 1)], timing: custom)
private let lossyTransform = Animation<Transform>.keyframes(
  [.at(0, value: .identity)], timing: custom)
private let base = VideoClip(url: URL(fileURLWithPath: "/m/a.mov")).trimmed(to: 0...2)
private let photo = PlatformImage.solidColor(.red)
private let clip0 = "/video/clips/0/video/_0"

let lossCases: [LossCase] = [
  LossCase(
    name: "a compositor on a clip", video: { Video { base.compositor { frame, _ in frame } } },
    pointer: clip0 + "/compositors", location: "clips[0] (video a.mov)", kind: .compositor),
  LossCase(
    name: "a compositor on a named clip",
    video: { Video { base.named("Interview").compositor { frame, _ in frame } } },
    pointer: clip0 + "/compositors", location: "clips[0] (video “Interview”)", kind: .compositor),
  LossCase(
    name: "the multi-input compositor",
    video: { Video { base }.compositor { frames, _ in frames[0] } },
    pointer: "/video/multiInputCompositor", location: "composition", kind: .multiInputCompositor),
  LossCase(
    name: "custom timing in a speed curve", video: { Video { base.speed(.curved(lossyDouble)) } },
    pointer: clip0 + "/speedCurve", location: "clips[0] (video a.mov)", kind: .customTimingFunction),
  LossCase(
    name: "custom timing in a filter animation",
    video: { Video { base.filter(.sepia(), animation: lossyDouble).id("hero") } },
    pointer: clip0 + "/filterAnimations/0", location: "clip “hero”", kind: .customTimingFunction),
  LossCase(
    name: "custom timing in a clip's transform animation",
    video: { Video { base.transform(.identity, animation: lossyTransform) } },
    pointer: clip0 + "/transformAnimation", location: "clips[0] (video a.mov)",
    kind: .customTimingFunction),
  LossCase(
    name: "custom timing in a clip's opacity animation",
    video: { Video { base.opacity(1, animation: lossyDouble) } },
    pointer: clip0 + "/opacityAnimation", location: "clips[0] (video a.mov)",
    kind: .customTimingFunction),
  LossCase(
    name: "custom timing in an image clip's animation",
    video: { Video { ImageClip(photo).opacity(1, animation: lossyDouble).id("p") } },
    pointer: "/video/clips/0/image/_0/opacityAnimation", location: "clip “p”",
    kind: .customTimingFunction),
  LossCase(
    name: "custom timing in a title's animation",
    video: { Video { TitleSequence("T").transform(.identity, animation: lossyTransform).id("t") } },
    pointer: "/video/clips/0/title/_0/transformAnimation", location: "clip “t”",
    kind: .customTimingFunction
  ),
  LossCase(
    name: "custom timing in a clip inside a track",
    video: { Video { Track { TitleSequence("T").opacity(1, animation: lossyDouble) } } },
    pointer: "/video/clips/0/track/_0/clips/0/title/_0/opacityAnimation",
    location: "clips[0] (track of 1 clip) › clips[0] (title \"T\")", kind: .customTimingFunction),
  LossCase(
    name: "custom timing in an overlay's position animation",
    video: {
      Video { base }.overlay(
        ImageOverlay(photo).position(
          .center, animation: .keyframes([.at(0, value: .center)], timing: custom)
        )
        .id("logo"))
    },
    pointer: "/video/overlays/0/image/_0/positionAnimation", location: "overlay “logo”",
    kind: .customTimingFunction),
  LossCase(
    name: "custom timing in a sticker's size animation",
    video: {
      Video { base }.overlay(
        StickerOverlay(photo).size(
          .pixels(width: 1, height: 1),
          animation: .keyframes([.at(0, value: .pixels(width: 1, height: 1))], timing: custom)))
    },
    pointer: "/video/overlays/0/sticker/_0/sizeAnimation",
    location: "overlays[0] (sticker PNG 1×1)",
    kind: .customTimingFunction),
  LossCase(
    name: "a text animation with no codec",
    video: { Video { base }.overlay(TextOverlay("Hi").animation(Typewriter()).id("hi")) },
    pointer: "/video/overlays/0/text/_0/textAnimation", location: "overlay “hi”",
    kind: .textAnimation),
  LossCase(
    name: "an image with no store", video: { Video { ImageClip(photo).id("p") } },
    pointer: "/video/clips/0/image/_0/imageToken", location: "clip “p”", kind: .image,
    withoutStore: true),
  LossCase(
    name: "a clip of an unregistered type",
    video: {
      Video {
        base
        Chart()
      }
    },
    pointer: "/video/clips/1", location: "clips[1]",
    kind: .unregisteredType(.clip, type: String(reflecting: Chart.self))),
  LossCase(
    name: "an overlay of an unregistered type", video: { Video { base }.overlay(Halo()) },
    pointer: "/video/overlays/0", location: "overlay “halo”",
    kind: .unregisteredType(.overlay, type: String(reflecting: Halo.self))),
  LossCase(
    name: "a filter of an unregistered type",
    video: { Video { base.filter(.custom(Halftone(dot: 2))) } },
    pointer: clip0 + "/filters/0", location: "clips[0] (video a.mov)",
    kind: .unregisteredType(.filter, type: String(reflecting: Halftone.self))),
]

@Suite("Loss: reported, refused by default, left out when allowed")
struct LossTests {
  @Test(arguments: lossCases)
  func lossIsReportedWithItsLocation(_ lossCase: LossCase) throws {
    let losses = KadrCoding.lossyContent(in: lossCase.video(), images: lossCase.images)
    #expect(losses.count == 1, "\(losses)")
    let loss = try #require(losses.first)
    #expect(loss.kind == lossCase.kind)
    #expect(loss.pointer == lossCase.pointer)
    #expect(loss.location == lossCase.location)
  }

  @Test(arguments: lossCases)
  func savingRefusesLossByDefault(_ lossCase: LossCase) throws {
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoding.data(for: lossCase.video(), images: lossCase.images)
    }
    #expect(error.losses.map(\.pointer) == [lossCase.pointer])
    #expect(error.recoverySuggestion?.contains("allowingLoss") == true)
  }

  @Test(arguments: lossCases)
  func allowingLossLeavesTheContentOutAndTheFileOpens(_ lossCase: LossCase) throws {
    let images = lossCase.images
    let document = try KadrCoding.encode(lossCase.video(), allowingLoss: true, images: images)
    #expect(document.lossReport.losses.map(\.pointer) == [lossCase.pointer])
    let data = try document.data()
    let text = String(decoding: data, as: UTF8.self)
    #expect(!text.contains("null") || lossCase.pointer.contains("filterAnimations"))
    // The file opens: a lossy value is never a placeholder that fails on open.
    let reopened = try KadrCoding.video(from: data, images: images)
    #expect(KadrCoding.lossyContent(in: reopened, images: images).isEmpty)
  }
}
