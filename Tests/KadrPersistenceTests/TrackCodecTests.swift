import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Track codec")
struct TrackCodecTests {
  /// The fixture's track, copied from `schema-1-broad.json`. It holds a video clip, whose codec
  /// is not in these tests' registry: it is opened with `preservingUnknown` and written back
  /// verbatim, so the track's own fields are what is checked here.
  static let fixture =
    #"{"track":{"_0":{"clips":[{"video":{"_0":{"clipID":"nested","filterAnimations":[],"filterIDs":[],"filters":[],"isMuted":false,"isReversed":false,"speedRate":1,"trimRange":{"duration":{"timescale":30,"value":60},"start":{"timescale":1,"value":0}},"url":"file:\/\/\/fixtures\/b.mov","volumeLevel":1}}}],"name":"overlayTrack","opacityFactor":0.7,"startTime":{"timescale":30,"value":200}}}}"#

  @Test func resavesTheFixtureTrackByteForByte() throws {
    let registry = try MediaCodecs.registry()
    let options = CodingOptions(preservingUnknown: true)
    let clip = try registry.decodeClip(from: MediaCodecs.read(Self.fixture), options: options)
    let track = try #require(clip as? Track)
    #expect(track.name == "overlayTrack")
    #expect(track.opacityFactor == 0.7)
    #expect(track.startTime == Time(value: 200, timescale: 30))
    #expect(track.clips.count == 1)
    let resaved = try MediaCodecs.write(registry.encode(clip: clip, options: options).json)
    #expect(resaved == Self.fixture)
  }

  @Test func roundTripsTracksNestedThreeDeepByReflection() throws {
    let registry = try MediaCodecs.registry()
    let store = InMemoryImageStore()
    let inner = Track(
      clips: [
        TitleSequence("deepest", duration: Time(value: 30, timescale: 30)),
        Transition.dissolve(duration: Time(value: 5, timescale: 30)),
        ImageClip(MediaCodecs.fixturePixel, duration: Time(value: 1, timescale: 1)),
      ], startTime: Time(value: 3, timescale: 30), name: "three", opacityFactor: 0.3)
    let middle = Track(clips: [inner], name: "two", opacityFactor: 0.6)
    let outer = Track(
      clips: [TitleSequence("top", duration: Time(value: 1, timescale: 1)), middle],
      startTime: Time(value: 200, timescale: 30), name: "one", opacityFactor: 0.9)
    for track in [outer] + TrackCodec().samples().maximal {
      let json = try #require(try registry.encode(clip: track, images: store).json)
      let bytes = try JSONWriter().writeData(json)
      let decoded = try registry.decodeClip(from: JSONReader().read(bytes), images: store)
      #expect(ReflectionDiff.differences(track, decoded).isEmpty)
    }
  }

  @Test func decodesTracksNestedFortyDeep() throws {
    let registry = try MediaCodecs.registry()
    let leaf = #"{"transition":{"_0":{"duration":{"timescale":30,"value":15},"kind":"fade"}}}"#
    var text = leaf
    for level in 0..<40 {
      text =
        #"{"track":{"_0":{"clips":["# + text
        + #"],"opacityFactor":1,"startTime":{"timescale":1,"value":\#(level)}}}}"#
    }
    var clip = try registry.decodeClip(from: MediaCodecs.read(text))
    var depth = 0
    while let track = clip as? Track, let first = track.clips.first {
      depth += 1
      clip = first
    }
    #expect(depth == 40)
    #expect(clip is Transition)
    #expect(try MediaCodecs.resaveClip(text, registry: registry) == text)
  }

  @Test func refusesNestingDeeperThanTheLimitWithoutCrashing() throws {
    let registry = try MediaCodecs.registry()
    var text = #"{"transition":{"_0":{"duration":{"timescale":30,"value":15},"kind":"fade"}}}"#
    for _ in 0..<1_000 {
      text = #"{"track":{"_0":{"clips":["# + text + #"],"opacityFactor":1}}}"#
    }
    let json = try JSONReader(options: JSONReader.Options(maximumDepth: 10_000)).read(text)
    let error = #expect(throws: PersistenceError.self) { try registry.decodeClip(from: json) }
    #expect(error.map { $0.caseName } == "tooDeep")
  }

  @Test func readsAnAbsentStartTimeAsZero() throws {
    let registry = try MediaCodecs.registry()
    let clip = try registry.decodeClip(
      from: MediaCodecs.read(#"{"track":{"_0":{"clips":[],"opacityFactor":0.5}}}"#))
    let track = try #require(clip as? Track)
    #expect(track.startTime == .zero)
    #expect(track.name == nil)
    #expect(track.clips.isEmpty)
  }

  @Test func reportsALossInsideANestedTrackWithItsPointer() throws {
    let registry = try MediaCodecs.registry()
    let track = Track(
      clips: [
        Track(
          clips: [
            TitleSequence("kept", duration: Time(value: 1, timescale: 1)),
            ImageClip(MediaCodecs.fixturePixel, duration: Time(value: 1, timescale: 1)),
          ], name: "inner")
      ], name: "outer")
    let error = #expect(throws: PersistenceError.self) { try registry.encode(clip: track) }
    #expect(
      error?.losses.map(\.pointer) == ["/0/track/_0/clips/0/track/_0/clips/1/image/_0/imageToken"])
    let allowed = try registry.encode(clip: track, options: CodingOptions(allowingLoss: true))
    let text = try MediaCodecs.write(allowed.json)
    #expect(!text.contains("\"image\""), "\(text)")
    let json = try #require(allowed.json)
    let decoded = try #require(try registry.decodeClip(from: json) as? Track)
    #expect((decoded.clips.first as? Track)?.clips.count == 1)
  }

  @Test func labelsATrackByItsNameOrItsClipCount() {
    #expect(TrackCodec().label(for: Track(clips: [], name: "b-roll")) == "track \"b-roll\"")
    #expect(
      TrackCodec().label(for: Track(clips: [Transition.fade(duration: 1)])) == "track of 1 clip")
  }

  static let refusals: [Refusal] = [
    Refusal(
      #"{"track":{"_0":{"clips":{},"opacityFactor":1}}}"#, "wrongType", at: "/0/track/_0/clips",
      "clips are an array"),
    Refusal(
      #"{"track":{"_0":{"opacityFactor":1}}}"#, "missingField", at: "/0/track/_0",
      "the clip list is required"),
    Refusal(
      #"{"track":{"_0":{"clips":[]}}}"#, "missingField", at: "/0/track/_0",
      "the opacity factor is required"),
    Refusal(
      #"{"track":{"_0":{"clips":[],"name":3,"opacityFactor":1}}}"#, "wrongType",
      at: "/0/track/_0/name", "a name is a string"),
    Refusal(
      #"{"track":{"_0":{"clips":[{"com.example.countdown":{"_0":{}}}],"opacityFactor":1}}}"#,
      "unknownKind", at: "/0/track/_0/clips/0", "an unknown kind inside a track"),
    Refusal(
      #"{"track":{"_0":{"clips":[{"track":{"_0":{"clips":[{"transition":{"_0":{"duration":{"timescale":30,"value":1},"kind":"cut"}}}],"opacityFactor":1}}}],"opacityFactor":1}}}"#,
      "unknownEnumValue", at: "/0/track/_0/clips/0/track/_0/clips/0/transition/_0/kind",
      "an error two tracks down names its full pointer"),
    Refusal(
      #"{"track":{"_0":{"clips":[],"opacityFactor":1,"startTime":{"timescale":-30,"value":1}}}}"#,
      "integerOutOfRange", at: "/0/track/_0/startTime/timescale", "a timescale must be positive"),
  ]

  @Test(arguments: refusals)
  func refuses(_ refusal: Refusal) throws {
    let registry = try MediaCodecs.registry()
    let json = try MediaCodecs.read(refusal.json)
    MediaCodecs.expectRefusal(refusal.reason, at: refusal.pointer) {
      _ = try registry.decodeClip(from: json)
    }
  }

  @Test func isCompleteInTheCompletenessReport() throws {
    MediaCodecs.expectComplete(["track"], at: .clip, in: try MediaCodecs.registry())
  }
}
