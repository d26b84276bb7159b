import Foundation
import Testing

// `@testable` only to change `Video.clips` in place, as code inside the module may.
@testable import KadrModel

/// The labels of a value's stored properties, as `Mirror` shows them.
private func storedLabels(of value: Any) -> [String] {
  Mirror(reflecting: value).children.compactMap(\.label)
}

/// The stored value `Mirror` shows under `label`.
private func stored(_ label: String, of value: Any) -> Any? {
  Mirror(reflecting: value).children.first { $0.label == label }?.value
}

private func still(_ seconds: TimeInterval) -> ImageClip {
  ImageClip.color(.black, duration: seconds)
}

/// kadr's stored properties, as reflection over kadr 1.x's values shows them: `ImageClip` and
/// `TitleSequence` keep their duration in `_duration`, `Video` stores `duration` (since 0.13).
@Suite("Reflection sees kadr's stored properties")
struct ReflectionParityTests {
  @Test func imageClipStoresItsDurationAsUnderscoreDuration() throws {
    let clip = still(2).duration(4.5)
    let labels = storedLabels(of: clip)
    #expect(
      labels == [
        "image", "_duration", "backgroundColor", "audioURL", "clipID", "startTime", "transform",
        "transformAnimation", "opacity", "opacityAnimation",
        // This package's addition, after kadr's own.
        "name",
      ])
    #expect(!labels.contains("duration"))
    #expect(try #require(stored("_duration", of: clip) as? Time) == Time(seconds: 4.5))
    #expect(clip.duration == Time(seconds: 4.5))
  }

  @Test func titleSequenceStoresItsDurationAsUnderscoreDuration() throws {
    let title = TitleSequence("Intro", duration: Time(value: 7, timescale: 30)).id("t")
    let labels = storedLabels(of: title)
    #expect(labels.contains("_duration"))
    #expect(!labels.contains("duration"))
    #expect(
      try #require(stored("_duration", of: title) as? Time) == Time(value: 7, timescale: 30))
    #expect(title.duration == Time(value: 7, timescale: 30))
  }

  @Test func videoStoresItsDuration() throws {
    let video = Video {
      still(5)
      Transition.dissolve(duration: 0.5)
      still(5)
    }
    #expect(storedLabels(of: video).last == "duration")
    #expect(try #require(stored("duration", of: video) as? Time) == Time(seconds: 10.5))
    #expect(stored("duration", of: Video {}) as? Time == .zero)
  }

  @Test func videoKeepsItsStoredDurationThroughModifiers() throws {
    let url = URL(fileURLWithPath: "/music.m4a")
    let video = Video {
      still(2)
      still(3)
    }
    .audio(url: url).backgroundMusic(url: url).preset(.square).quality(.bitrate(4_000_000))
    .overlay(TextOverlay("Hi")).crop(at: .center, size: .normalized(width: 0.5, height: 0.5))
    .captions([])
    .compositor(during: 0...1) { frames, _ in frames[0] }
    .watermark(PlatformImage.solidColor(.white))
    #expect(try #require(stored("duration", of: video) as? Time) == Time(seconds: 5))
  }

  @Test func videoRecomputesItsStoredDurationWhenItsClipsChange() throws {
    var video = Video { still(2) }
    video.clips.append(still(3))
    #expect(try #require(stored("duration", of: video) as? Time) == Time(seconds: 5))
    video.clips[0] = still(10)
    #expect(video.duration == Time(seconds: 13))
    video.clips = []
    #expect(video.duration == .zero)
    video.clips = [ImageClip.color(.black, duration: Time(value: .max, timescale: 1)), still(1)]
    #expect(video.duration == .invalid)
  }

  @Test func theAllFieldsInitialiserComputesTheStoredDuration() throws {
    let video = Video(clips: [still(1), Transition.fade(duration: 0.5), still(1)], preset: .square)
    #expect(try #require(stored("duration", of: video) as? Time) == Time(seconds: 2.5))
  }
}
