import Foundation
import KadrModel
import Testing

/// A minimal overlay of the test's own.
private struct TaggedOverlay: Overlay {
  var position: Position = .center
  var size: Size?
  var anchor: Anchor = .center
  var opacity: Double = 1
  var layerID: LayerID?
}

/// A multi-input compositor that returns a frame of a known width, to tell compositors apart.
private struct WidthCompositor: MultiInputCompositor {
  var width: Int
  func process(images: [VideoFrame], context: CompositorContext) -> VideoFrame {
    VideoFrame(width: width, height: 1, pixels: [])
  }
}

/// The comparable fields of a video, to check which ones a modifier changed.
struct VideoFields: Equatable {
  var clipSeconds: [Double]
  var audioURLs: [String]
  var preset: Preset
  var overlayIDs: [LayerID?]
  var crop: CropRegion?
  var compositorWidth: Int?
  var window: TimeRange?
  var quality: ExportQuality
  var captions: [Caption]

  init(_ video: Video) {
    clipSeconds = video.clips.map(\.duration.seconds)
    audioURLs = video.audioTracks.map(\.url.lastPathComponent)
    preset = video.preset
    overlayIDs = video.overlays.map(\.layerID)
    crop = video.crop
    compositorWidth =
      video.multiInputCompositor?.process(
        images: [], context: CompositorContext(time: .zero, renderSize: .zero)
      ).width
    window = video.compositorWindow
    quality = video.quality
    captions = video.captions
  }
}

private let caption = Caption(text: "one", timeRange: TimeRange(0...1))
private let window = TimeRange(start: .zero, duration: Time(value: 1, timescale: 1))

/// A video with every field set, so a modifier that drops one is caught.
private let fullVideo = Video {
  ImageClip.color(.black, duration: 2)
}
.audio(url: URL(fileURLWithPath: "/base.m4a"))
.preset(.square)
.overlay(TaggedOverlay(layerID: "base"))
.crop(at: .top, size: .normalized(width: 0.5, height: 0.5))
.compositor(WidthCompositor(width: 1), during: window)
.quality(.bitrate(1_000))
.captions([caption])

@Suite("Video modifiers")
struct VideoModifierTests {
  /// One modifier: what it does, and the fields of `fullVideo` it should change.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var apply: @Sendable (Video) -> Video
    var expected: @Sendable (inout VideoFields) -> Void
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "captions appends",
      apply: { $0.captions([Caption(text: "two", timeRange: TimeRange(1...2))]) },
      expected: { $0.captions.append(Caption(text: "two", timeRange: TimeRange(1...2))) }),
    Case(
      name: "audio block appends",
      apply: { $0.audio { AudioTrack(url: URL(fileURLWithPath: "/x.m4a")) } },
      expected: { $0.audioURLs.append("x.m4a") }),
    Case(name: "empty audio block adds nothing", apply: { $0.audio {} }, expected: { _ in }),
    Case(
      name: "audio url appends",
      apply: { $0.audio(url: URL(fileURLWithPath: "/y.m4a")) },
      expected: { $0.audioURLs.append("y.m4a") }),
    Case(
      name: "background music appends",
      apply: { $0.backgroundMusic(url: URL(fileURLWithPath: "/m.mp3")) },
      expected: { $0.audioURLs.append("m.mp3") }),
    Case(
      name: "preset replaces, quality kept", apply: { $0.preset(.cinema) },
      expected: { $0.preset = .cinema }),
    Case(
      name: "quality replaces", apply: { $0.quality(.fileSize(bytes: 5)) },
      expected: { $0.quality = .fileSize(bytes: 5) }),
    Case(
      name: "overlay appends", apply: { $0.overlay(TaggedOverlay(layerID: "top")) },
      expected: { $0.overlayIDs.append("top") }),
    Case(
      name: "crop replaces",
      apply: { $0.crop(at: .left, size: .pixels(width: 2, height: 2), anchor: .topLeft) },
      expected: {
        $0.crop = CropRegion(position: .left, size: .pixels(width: 2, height: 2), anchor: .topLeft)
      }),
    Case(
      name: "compositor keeps the window", apply: { $0.compositor(WidthCompositor(width: 2)) },
      expected: { $0.compositorWidth = 2 }),
    Case(
      name: "compositor closure keeps the window",
      apply: { $0.compositor { _, _ in VideoFrame(width: 3, height: 1, pixels: []) } },
      expected: { $0.compositorWidth = 3 }),
    Case(
      name: "compositor during a time range sets both, captions kept",
      apply: { $0.compositor(WidthCompositor(width: 4), during: TimeRange(2...3)) },
      expected: {
        $0.compositorWidth = 4
        $0.window = TimeRange(2...3)
      }),
    Case(
      name: "compositor during seconds sets both",
      apply: { $0.compositor(WidthCompositor(width: 5), during: 1.5...2.5) },
      expected: {
        $0.compositorWidth = 5
        $0.window = TimeRange(start: Time(value: 900, timescale: 600), duration: Time(seconds: 1))
      }),
    Case(
      name: "compositor closure during a time range sets both",
      apply: {
        $0.compositor(during: TimeRange(4...5)) { _, _ in
          VideoFrame(width: 6, height: 1, pixels: [])
        }
      },
      expected: {
        $0.compositorWidth = 6
        $0.window = TimeRange(4...5)
      }),
    Case(
      name: "compositor closure during seconds sets both",
      apply: {
        $0.compositor(during: 0...0.5) { _, _ in VideoFrame(width: 7, height: 1, pixels: []) }
      },
      expected: {
        $0.compositorWidth = 7
        $0.window = TimeRange(start: .zero, duration: Time(value: 300, timescale: 600))
      }),
  ]

  @Test(arguments: cases)
  func changesOnlyItsOwnField(_ modifier: Case) {
    var expected = VideoFields(fullVideo)
    modifier.expected(&expected)
    #expect(VideoFields(modifier.apply(fullVideo)) == expected)
  }

  @Test func startingFixtureHasEveryFieldSet() {
    let fields = VideoFields(fullVideo)
    #expect(fields.audioURLs == ["base.m4a"] && fields.overlayIDs == ["base"])
    #expect(fields.crop != nil && fields.compositorWidth == 1 && fields.window == window)
    #expect(fields.preset == .square && fields.quality == .bitrate(1_000))
    #expect(fields.captions == [caption])
  }

  @Test func backgroundMusicConvertsItsSettings() throws {
    let music = BackgroundMusic(url: URL(fileURLWithPath: "/m.mp3"), volume: 0.4, duckingLevel: nil)
    let track = try #require(Video {}.backgroundMusic(music).audioTracks.first)
    #expect(track == AudioTrack(music))
    #expect(track.volumeLevel == 0.4 && track.duckingLevel == nil)
    #expect(track.fadeInDuration == Time(seconds: 0.5) && track.fadeOutDuration == Time(seconds: 1))
  }

  @Test func compositorClosureReceivesTheFrames() {
    let video = Video {}.compositor { images, _ in
      VideoFrame(width: images.count, height: 1, pixels: [])
    }
    let frame = video.multiInputCompositor?.process(
      images: [.solid(.red, width: 1, height: 1), .solid(.blue, width: 1, height: 1)],
      context: CompositorContext(time: .zero, renderSize: .zero))
    #expect(frame?.width == 2)
  }
}
