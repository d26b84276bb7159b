import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

@Suite("OpenTimelineIO round trip")
struct RoundTripTests {
  typealias C = Compositions

  @Test func broadCompositionRoundTripsWithImageTokens() throws {
    try OTIORoundTrip.check(C.broad, images: InMemoryImageStore())
  }

  @Test func broadCompositionRoundTripsWithImageFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try OTIORoundTrip.check(C.broad, images: FileImageStore(directory: directory))
  }

  /// Compositions at the edges of the mapping, one line each with why.
  static let edges: [(String, Video)] = [
    ("an empty composition", Video {}),
    ("tracks and no main chain", Video { Track(at: 1.0) { TitleSequence("t", duration: 1.0) } }),
    (
      "an untrimmed clip next to a dissolve (the layout rejects it: zero offsets)",
      Video {
        VideoClip(url: C.media("whole.mov"))
        Transition.dissolve(duration: 0.5)
        TitleSequence("after", duration: 2.0)
      }
    ),
    (
      "a chain that begins with a transition and has two adjacent ones",
      Video {
        Transition.fade(duration: 1.0)
        TitleSequence("a", duration: 2.0)
        Transition.dissolve(duration: 0.5)
        Transition.slide(direction: .fromLeft, duration: 0.5)
        TitleSequence("b", duration: 2.0)
      }
    ),
    (
      "a transition longer than its neighbour",
      Video {
        TitleSequence("short", duration: C.time(1, 30))
        Transition.dissolve(duration: C.time(1, 1))
        TitleSequence("long", duration: C.time(5, 1))
      }
    ),
    (
      "at(time:) clips at zero (kept as 0/600), before zero and far out",
      Video {
        TitleSequence("zero", duration: 1.0).at(time: C.time(0, 600))
        ImageClip(C.photo, duration: 1.0).at(time: C.time(-3, 1))
        VideoClip(url: C.media("x.mov")).trimmed(to: 0...1).at(time: C.time(7_200_001, 600))
      }
    ),
    (
      "a track starting at zero, a nested track with its own stored start, an inner at(time:)",
      Video {
        Track(name: "outer") {
          TitleSequence("in", duration: 1.0).at(time: 5.0)
          Track(clips: [TitleSequence("deep", duration: 1.0)], startTime: C.time(3, 1), name: nil)
          Track(clips: [])
        }
      }
    ),
    (
      "speeds that round (a third of 1001/30000) and a reversed slow clip",
      Video {
        VideoClip(url: C.media("s.mov")).trimmed(to: C.range(7, 1001, 30000)).speed(.flat(3))
        Transition.dissolve(duration: C.time(1, 600))
        VideoClip(url: C.media("r.mov")).trimmed(to: C.range(0, 10, 1)).speed(.flat(0.25))
          .reversed()
      }
    ),
    (
      "times beyond 2^53, which a double cannot hold (the metadata restores them)",
      Video {
        VideoClip(url: C.media("big.mov"))
          .trimmed(
            to: TimeRange(
              start: Time(value: 9_007_199_254_740_993, timescale: 1_000_000),
              duration: C.time(2, 1)))
      }
    ),
    (
      "audio with an explicit length at half speed, one starting at 0/600, one past the end",
      Video { TitleSequence("t", duration: 2.0) }
        .audio {
          AudioTrack(url: C.media("a.m4a")).duration(C.time(3, 1)).speed(0.5)
          AudioTrack(url: C.media("b.m4a")).at(time: C.time(0, 600))
          AudioTrack(url: C.media("c.m4a")).at(time: 10.0)
        }
    ),
    (
      "text with a backslash before a slash, quotes, a line break and non-ASCII",
      Video { TitleSequence("a\\/b \"c\"\n→ é", duration: 1.0).id("x\\/y") }
    ),
    (
      "overlays over an empty composition and captions of any range",
      Video {}
        .overlay(TextOverlay("hi"))
        .captions([Caption(text: "", timeRange: C.range(-1, 0, 7))])
    ),
  ]

  @Test(arguments: edges)
  func edgeCompositionRoundTrips(_ name: String, _ video: Video) throws {
    try OTIORoundTrip.check(video, images: InMemoryImageStore())
  }

  @Test func videoClipFieldsOTIOHasNoPlaceForRoundTrip() throws {
    let clip = VideoClip(url: C.media("v.mov")).trimmed(to: 0...2).muted().volume(0.3)
      .withAudio(C.media("dub.m4a")).transform(.identity, animation: C.move)
      .opacity(0.5)
    try OTIORoundTrip.check(Video { clip })
  }

  @Test func codeIsRefusedUnlessLossIsAllowed() throws {
    let video = Video {
      VideoClip(url: C.media("v.mov")).trimmed(to: 0...2).compositor { frame, _ in frame }
    }
    #expect {
      try OTIOExporter().export(video)
    } throws: { error in
      (error as? PersistenceError)?.losses.count == 1
    }
    let file = try OTIOExporter(allowingLoss: true).export(video)
    #expect(file.lossReport.losses.count == 1)
    let imported = try OTIOImporter().importTimeline(from: file.data)
    #expect(imported.report.isEmpty)
    let differences = ReflectionDiff.differences(video, imported.video)
    #expect(differences.count == 1 && differences[0].hasPrefix(".clips[0].compositors"))
  }

  @Test func imagesWithoutAStoreAreRefusedAsLoss() throws {
    let video = Video { ImageClip(C.photo, duration: 1.0) }
    #expect(throws: PersistenceError.self) { try OTIOExporter().export(video) }
  }

  @Test func tracksNestedToTheLimitRoundTripAndDeeperOnesAreRefused() throws {
    func nested(_ depth: Int) -> Video {
      var track = Track(clips: [TitleSequence("core", duration: 1.0)])
      for _ in 1..<depth { track = Track(clips: [track]) }
      return Video(clips: [track])
    }
    try OTIORoundTrip.check(nested(64))
    #expect {
      try OTIOExporter().export(nested(65))
    } throws: { error in
      guard let error = error as? PersistenceError, case .tooDeep(64) = error.reason else {
        return false
      }
      return error.pointer?.description.hasPrefix("/video/clips/0/track/_0/clips/0") == true
    }
  }

  @Test func deepTimelinesAreRefusedWithoutExhaustingTheStack() throws {
    var track = Track(clips: [TitleSequence("core", duration: 1.0)])
    for _ in 1..<1000 { track = Track(clips: [track]) }
    let video = Video(clips: [track])
    #expect(throws: PersistenceError.self) { try OTIOExporter().export(video) }
    // A tree built in memory, deeper than any file the reader would accept.
    var stack: JSONValue = ["OTIO_SCHEMA": "Stack.1", "children": []]
    for _ in 0..<1000 {
      let track: JSONValue = ["OTIO_SCHEMA": "Track.1", "children": [stack]]
      stack = ["OTIO_SCHEMA": "Stack.1", "children": [track]]
    }
    let timeline: JSONValue = [
      "OTIO_SCHEMA": "Timeline.1",
      "tracks": [
        "OTIO_SCHEMA": "Stack.1", "children": [["OTIO_SCHEMA": "Track.1", "children": [stack]]],
      ],
    ]
    #expect {
      try OTIOImporter().importTimeline(from: timeline)
    } throws: { error in
      guard let error = error as? PersistenceError, case .tooDeep(128) = error.reason else {
        return false
      }
      return true
    }
  }

  @Test func importedCompositionSavesAsADocumentAndReopensEqual() throws {
    let store = InMemoryImageStore()
    let file = try OTIOExporter().export(C.broad, images: store)
    let imported = try OTIOImporter().importTimeline(from: file.data, images: store)
    let document = try KadrCoding.data(for: imported.video, images: imported.imageStore)
    let reopened = try KadrCoding.video(from: document, images: store)
    #expect(ReflectionDiff.differences(C.broad, reopened).isEmpty)
  }
}
