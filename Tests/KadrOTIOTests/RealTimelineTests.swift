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
}
