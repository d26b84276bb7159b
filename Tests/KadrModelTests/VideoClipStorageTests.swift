import Foundation
import Testing

// `@testable` to see where a clip keeps its fields in memory.
@testable import KadrModel

/// A `VideoClip` keeps its URL as text and the fields most clips leave alone in a shared box;
/// what it shows (its properties and `Mirror`) is what kadr's `VideoClip` shows.
@Suite("VideoClip's storage")
struct VideoClipStorageTests {
  static let kadrLabels = [
    "url", "trimRange", "isReversed", "isMuted", "volumeLevel", "replacementAudioURL",
    "speedRate", "speedRatio", "speedCurve", "filters", "filterIDs", "filterAnimations",
    "compositors", "clipID", "startTime", "transform", "transformAnimation", "opacity",
    "opacityAnimation", "name", "role", "markers",
  ]

  @Test func reflectionShowsKadrsStoredPropertiesInOrder() throws {
    let clip = VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
      .trimmed(to: TimeRange(start: Time(seconds: 1), duration: Time(seconds: 2)))
      .named("Interview").withAudio(URL(fileURLWithPath: "/media/voice.m4a"))
    let mirror = Mirror(reflecting: clip)
    #expect(mirror.displayStyle == .struct)
    #expect(mirror.children.compactMap(\.label) == Self.kadrLabels)
    let values = Dictionary(
      uniqueKeysWithValues: mirror.children.map { ($0.label ?? "", $0.value) })
    #expect(values["url"] as? URL == URL(fileURLWithPath: "/media/a.mov"))
    #expect(
      values["trimRange"] as? TimeRange?
        == TimeRange(start: Time(seconds: 1), duration: Time(seconds: 2)))
    #expect(values["name"] as? String? == "Interview")
    #expect(values["replacementAudioURL"] as? URL? == URL(fileURLWithPath: "/media/voice.m4a"))
    #expect(values["isMuted"] as? Bool == true)
    #expect((values["markers"] as? [Marker])?.isEmpty == true)
  }

  @Test func aURLWithoutABaseIsKeptAsTextAndReadsBackEqual() throws {
    let addresses = [
      URL(fileURLWithPath: "/media/clip 1 ü#?.mov"),
      URL(fileURLWithPath: "/media/folder", isDirectory: true),
      try #require(URL(string: "https://example.com/a%20b.mov?x=1#frag")),
      try #require(URL(string: "custom:opaque-part")),
    ]
    for address in addresses {
      let clip = VideoClip(url: address)
      #expect(clip.extras == nil, "\(address) is kept as a URL")
      #expect(clip.url == address)
      #expect(clip.url.path == address.path)
      #expect(clip.urlString == address.absoluteString)
    }
  }

  @Test func aURLWithABaseIsKeptWhole() throws {
    let base = try #require(URL(string: "file:///projects/one/"))
    let relative = try #require(URL(string: "media/a.mov", relativeTo: base))
    let clip = VideoClip(url: relative)
    #expect(clip.url == relative)
    #expect(clip.url.baseURL == base)
    #expect(clip.url.relativeString == "media/a.mov")
    #expect(clip.urlString == "file:///projects/one/media/a.mov")
    #expect(clip.extras?.fields.relativeURL == relative)
    var moved = clip
    moved.url = URL(fileURLWithPath: "/elsewhere.mov")
    #expect(moved.extras == nil, "a URL with no base leaves nothing in the box")
    #expect(moved.url == URL(fileURLWithPath: "/elsewhere.mov"))
  }

  @Test func fieldsLeftAtTheirDefaultsTakeNoBox() {
    let plain = VideoClip(url: URL(fileURLWithPath: "/a.mov")).id("a").opacity(0.5).volume(0.2)
    #expect(plain.extras == nil)
    let named = plain.named("A")
    #expect(named.extras != nil)
    #expect(named.name == "A" && plain.name == nil, "the change made a copy")
    var cleared = named
    cleared.name = nil
    #expect(cleared.extras == nil, "back at the defaults, the box goes")
    let moved = plain.transform(Transform(rotation: 0.5))
    let copy = moved
    #expect(copy.extras === moved.extras, "copies share the box")
    #expect(moved.transform == Transform(rotation: 0.5))
  }

  @Test func theClipIsSmallerThanItsFields() {
    // Figure: 416 bytes before, which `[any Clip]` boxes whole; with the fields most clips
    // leave alone kept out of line, 144 (Linux, x86-64).
    #expect(MemoryLayout<VideoClip>.size <= 160)
  }
}
