import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// What real timelines do that round 3 of the importer fixes, each with a small file written
/// for it (none is a copy of another tool's file).
@Suite("OpenTimelineIO: what real timelines still got wrong")
struct RealTimelineTests {
  /// A clip of `seconds` at 24 fps playing `file` from `start` seconds in.
  static func clip(_ name: String, _ file: String, seconds: Int, start: Int = 0) -> String {
    """
    {"OTIO_SCHEMA": "Clip.2", "name": "\(name)",
     "source_range": {"OTIO_SCHEMA": "TimeRange.1",
       "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": \(start * 24)},
       "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": \(seconds * 24)}},
     "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "ExternalReference.1",
       "target_url": "file:///media/\(file)"}},
     "active_media_reference_key": "DEFAULT_MEDIA"}
    """
  }

  /// A timeline whose one video track holds `children`.
  static func timeline(_ children: [String]) -> Data {
    Data(
      """
      {"OTIO_SCHEMA": "Timeline.1", "name": "cut", "tracks": {"OTIO_SCHEMA": "Stack.1",
       "children": [{"OTIO_SCHEMA": "Track.1", "kind": "Video",
         "children": [\(children.joined(separator: ","))]}]}}
      """.utf8)
  }

  /// Every media URL of the composition's video clips, at any depth of tracks.
  static func mediaFiles(_ clips: [any Clip]) -> [String] {
    clips.flatMap { clip -> [String] in
      if let track = clip as? Track { return mediaFiles(track.clips) }
      if let video = clip as? VideoClip { return [video.url.lastPathComponent] }
      return []
    }
  }

  @Test func clipsPlacedDirectlyInANestedStackAreKept() throws {
    let stack = """
      {"OTIO_SCHEMA": "Stack.1", "name": "compound",
       "children": [\(Self.clip("b", "b.mov", seconds: 3)), \(Self.clip("c", "c.mov", seconds: 2))]}
      """
    let imported = try OTIOImporter().importTimeline(
      from: Self.timeline([
        Self.clip("a", "a.mov", seconds: 2), stack, Self.clip("d", "d.mov", seconds: 1),
      ]))
    let files = Self.mediaFiles(imported.video.clips)
    #expect(Set(files) == ["a.mov", "b.mov", "c.mov", "d.mov"], "\(files)")
    // Both are reported where they are in the file, and the composition keeps its length.
    let reported = imported.report.items.map(\.pointer)
    #expect(reported.contains("/tracks/children/0/children/1/children/1"), "\(reported)")
    #expect(reported.contains("/tracks/children/0/children/1/children/0"), "\(reported)")
    #expect(imported.video.layout.duration == Time(seconds: 6))
  }

  /// `clip` with a linear time warp of `scalar`.
  static func warped(_ clip: String, scalar: Double) -> String {
    String(clip.dropLast())
      + """
      , "effects": [{"OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp",
        "time_scalar": \(scalar)}]}
      """
  }

  @Test func aSpeedChangeKeepsItsMediaRangeExactly() throws {
    // 12 frames at 0.05×: 0.6 frames of media, which rounding to whole frames made 1 (20 frames).
    let slow = Self.warped(
      Self.clip("slow", "s.mov", seconds: 0).replacingOccurrences(
        of: "\"value\": 0}}", with: "\"value\": 12}}"), scalar: 0.05)
    let imported = try OTIOImporter().importTimeline(
      from: Self.timeline([slow, Self.clip("after", "a.mov", seconds: 1)]))
    let clip = try #require(imported.video.clips.first as? VideoClip)
    #expect(clip.duration == Time(value: 12, timescale: 24), "\(clip.duration)")
    #expect(clip.trimRange?.duration == Time(value: 1, timescale: 40), "0.6 frames of 24 fps")
    #expect(imported.video.layout.duration == Time(value: 36, timescale: 24), "nothing drifts")
    #expect(!imported.report.items.contains { $0.kind == .lengthChanged })
  }

  @Test func aSpeedKadrCannotHoldExactlyIsReportedInSeconds() throws {
    let odd = Self.warped(Self.clip("odd", "o.mov", seconds: 1), scalar: 1 / Double.pi)
    let imported = try OTIOImporter().importTimeline(from: Self.timeline([odd]))
    let clip = try #require(imported.video.clips.first as? VideoClip)
    // 1/π is no fraction of small terms: 24 frames hold 7.64 frames of media, rounded to 8,
    // which play for 25.13 frames, rounded to 25.
    #expect(clip.duration == Time(value: 25, timescale: 24))
    let item = try #require(imported.report.items.first { $0.kind == .lengthChanged })
    #expect(item.pointer == "/tracks/children/0/children/0/source_range")
    #expect(item.detail.contains("instead of the file's 1 s"), "\(item.detail)")
  }

  @Test func aTrimmedNestedStackStatesItsLengthChange() throws {
    let stack = """
      {"OTIO_SCHEMA": "Stack.1", "name": "compound",
       "source_range": {"OTIO_SCHEMA": "TimeRange.1",
         "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
         "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 72}},
       "children": [{"OTIO_SCHEMA": "Track.1", "kind": "Video",
         "children": [\(Self.clip("b", "b.mov", seconds: 5))]}]}
      """
    let imported = try OTIOImporter().importTimeline(
      from: Self.timeline([
        Self.clip("a", "a.mov", seconds: 2), stack, Self.clip("c", "c.mov", seconds: 1),
      ]))
    let item = try #require(imported.report.items.first { $0.kind == .lengthChanged })
    #expect(item.pointer == "/tracks/children/0/children/1/source_range")
    #expect(item.detail.contains("lasts 5 s instead of the file's 3 s (+2 s)"), "\(item.detail)")
    // In the main chain the stack is a top-level track over a gap of its slot (3 s): it runs
    // 2 s past its slot, over the last clip, and the composition ends 1 s later than the file.
    #expect(imported.video.layout.duration == Time(seconds: 7))
  }
}
