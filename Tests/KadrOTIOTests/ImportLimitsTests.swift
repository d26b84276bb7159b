import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Timelines whose speeds or size would make an import lose a clip silently or cost without
/// bound.
@Suite("OpenTimelineIO import: speeds and limits")
struct ImportLimitsTests {
  typealias Foreign = ForeignTimeline

  /// A timeline whose one video track holds `clips`.
  static func timeline(_ clips: [String]) -> Data {
    Data(
      #"""
      {"OTIO_SCHEMA": "Timeline.1", "name": "t", "tracks": {"OTIO_SCHEMA": "Stack.1",
       "children": [{"OTIO_SCHEMA": "Track.1", "kind": "Video",
       "children": [\#(clips.joined(separator: ","))]}]}}
      """#.utf8)
  }

  static func warped(_ scalar: String) -> String {
    Foreign.clip(
      "warped", Foreign.file("file:///shots/w.mov"), Foreign.range(0, 48),
      effects: #"""
        {"OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp",
         "time_scalar": \#(scalar)}
        """#)
  }

  @Test(arguments: [
    ("1e-300", "vanish"),  // the 2 s trim would become 0
    ("-1e-300", "vanish"),  // reversed, and vanishing too
    ("1e300", "explode"),  // the trim would pass any time
    ("0.0001", "vanish"),  // just past the slowest speed kept
  ])
  func aTimeWarpThatWouldMakeAClipVanishOrExplodeIsReported(scalar: String, effect: String)
    throws
  {
    let imported = try OTIOImporter().importTimeline(from: Self.timeline([Self.warped(scalar)]))
    let item = imported.report.items.first { $0.kind == .unsupportedTimeWarp }
    #expect(item?.pointer == "/tracks/children/0/children/0/effects/0/time_scalar")
    #expect(item?.detail.contains("would make the clip's trim \(effect)") == true)
    let clip = try #require(imported.video.clips.first as? VideoClip)
    #expect(clip.speedRate == 1)
    #expect(clip.trimRange?.duration == Time(seconds: 2))
  }

  @Test func speedsWithinTheRangeAreImportedAsTheyAre() throws {
    let imported = try OTIOImporter().importTimeline(from: Self.timeline([Self.warped("0.001")]))
    #expect(!imported.report.items.contains { $0.kind == .unsupportedTimeWarp })
    #expect((imported.video.clips.first as? VideoClip)?.speedRate == 0.001)
  }

  @Test func aTimelineWithMoreClipsThanTheLimitIsRefusedAtTheFirstClipTooMany() throws {
    let clip = Foreign.clip("c", Foreign.file("file:///c.mov"), Foreign.range(0, 24))
    var importer = OTIOImporter()
    importer.maximumClipCount = 3
    #expect(
      try importer.importTimeline(from: Self.timeline(Array(repeating: clip, count: 3)))
        .video.clips.count == 3)
    let error = #expect(throws: PersistenceError.self) {
      try importer.importTimeline(from: Self.timeline(Array(repeating: clip, count: 4)))
    }
    guard case .limitExceeded(let what)? = error?.reason else {
      Issue.record("expected limitExceeded, got \(String(describing: error))")
      return
    }
    #expect(what.contains("more than 3 clips"))
    #expect(error?.pointer?.description == "/tracks/children/0/children/3")
  }

  @Test func theDefaultClipLimitIsAHundredThousand() {
    #expect(OTIOImporter().maximumClipCount == 100_000)
  }

  @Test func aFileWithFarMoreValuesThanItsClipsCouldHoldIsRefusedWhileItIsRead() throws {
    var importer = OTIOImporter()
    importer.maximumClipCount = 1
    let allowed = OTIOImporter.valuesPerClip + 100_000
    // One array of zeros in a metadata field: not a clip in sight, values past the bound.
    let padding = Array(repeating: "0", count: allowed + 1).joined(separator: ",")
    let data = Data(
      (#"{"OTIO_SCHEMA": "Timeline.1", "metadata": {"pad": ["# + padding + "]}}").utf8)
    let error = #expect(throws: PersistenceError.self) { try importer.importTimeline(from: data) }
    guard case .limitExceeded(let what)? = error?.reason else {
      Issue.record("expected limitExceeded, got \(String(describing: error))")
      return
    }
    #expect(what.contains("more than \(allowed) JSON values"))
  }
}
