import Foundation
import KadrModel
import Testing

/// A minimal overlay of the test's own, to check that `overlay(_:)` appends in order.
private struct MarkerOverlay: Overlay {
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

/// A clip of `seconds` seconds (timescale 600).
private func still(_ seconds: TimeInterval) -> ImageClip {
  ImageClip.color(.black, duration: seconds)
}

/// Which compositor a video holds, told apart by the width of the frame it returns.
private func compositorWidth(_ video: Video) -> Int? {
  video.multiInputCompositor?.process(
    images: [], context: CompositorContext(time: .zero, renderSize: .zero)
  ).width
}

@Suite("Video builder")
struct VideoBuilderTests {
  @Test func acceptsAnEmptyBlock() {
    let video = Video {}
    #expect(video.clips.isEmpty)
    #expect(video.duration == .zero)
  }

  @Test(arguments: [true, false])
  func buildsIfElseAndOptional(flag: Bool) {
    let video = Video {
      still(1)
      if flag {
        still(2)
      } else {
        still(3)
        still(4)
      }
      if flag {
        still(5)
      }
    }
    let expected: [Double] = flag ? [1, 2, 5] : [1, 3, 4]
    #expect(video.clips.map(\.duration.seconds) == expected)
  }

  @Test(arguments: [0, 1, 2])
  func buildsSwitch(choice: Int) {
    let video = Video {
      switch choice {
      case 0: still(1)
      case 1: Transition.fade(duration: 0.5)
      default: Track { still(2) }
      }
    }
    #expect(video.clips.count == 1)
    #expect(video.clips.first?.duration.seconds == [1.0, 0.5, 2.0][choice])
  }

  @Test func buildsForLoopsAndArrays() {
    let extra: [any Clip] = [still(7), still(8)]
    let video = Video {
      for seconds in [1.0, 2.0, 3.0] {
        still(seconds)
      }
      extra
    }
    #expect(video.clips.map(\.duration.seconds) == [1, 2, 3, 7, 8])
  }

  @Test func fullInitialiserKeepsEveryField() {
    let video = Video(
      clips: [still(1)], audioTracks: [AudioTrack(url: URL(fileURLWithPath: "/a.m4a"))],
      preset: .cinema, overlays: [MarkerOverlay()],
      crop: CropRegion(position: .top, size: .pixels(width: 1, height: 1)),
      multiInputCompositor: WidthCompositor(width: 3), compositorWindow: TimeRange(0...1),
      quality: .bitrate(9), captions: [Caption(text: "hi", timeRange: TimeRange(0...1))])
    #expect(video.clips.count == 1 && video.audioTracks.count == 1 && video.overlays.count == 1)
    #expect(video.preset == .cinema && video.quality == .bitrate(9))
    #expect(video.crop?.position == .top && video.crop?.anchor == .center)
    #expect(compositorWidth(video) == 3 && video.compositorWindow == TimeRange(0...1))
    #expect(video.captions.map(\.text) == ["hi"])
    let defaults = Video(clips: [])
    #expect(defaults.preset == .auto && defaults.quality == .automatic && defaults.crop == nil)
    #expect(defaults.multiInputCompositor == nil && defaults.compositorWindow == nil)
    #expect(defaults.audioTracks.isEmpty && defaults.overlays.isEmpty && defaults.captions.isEmpty)
  }
}

@Suite("Video duration")
struct VideoDurationTests {
  @Test func sumsADissolveChainNaively() {
    let video = Video {
      still(5)
      Transition.dissolve(duration: 0.5)
      still(5)
    }
    // The engine renders 9.5 s; kadr's duration is the plain sum.
    #expect(video.duration == Time(value: 6_300, timescale: 600))
  }

  @Test func sumsAFadeChainNaively() {
    let video = Video {
      still(5)
      Transition.fade(duration: 0.5)
      still(5)
    }
    #expect(video.duration == Time(seconds: 10.5))
  }

  @Test func addsTracksAndTimedClipsIgnoringStartTimes() {
    let video = Video {
      still(10)
      Track(at: 2) { still(3) }
      still(1).at(time: 4)
    }
    #expect(video.duration == Time(seconds: 14))
  }

  @Test func keepsExactTimescales() {
    let video = Video {
      ImageClip.color(.black, duration: Time(value: 1, timescale: 30))
      ImageClip.color(.black, duration: Time(value: 1, timescale: 24))
    }
    #expect(video.duration == Time(value: 9, timescale: 120))
  }

  @Test func givesInvalidOnOverflowInsteadOfTrapping() {
    let huge = ImageClip.color(.black, duration: Time(value: .max, timescale: 1))
    #expect(
      Video {
        huge
        huge
      }.duration == .invalid)
    let coprime = Video {
      ImageClip.color(.black, duration: Time(value: 1, timescale: .max))
      ImageClip.color(.black, duration: Time(value: 1, timescale: .max - 1))
    }
    #expect(coprime.duration == .invalid)
  }

  @Test func givesInvalidWhenAClipDurationIsInvalid() {
    #expect(
      Video {
        still(1)
        still(.nan)
      }.duration == .invalid)
  }
}
