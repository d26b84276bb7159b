import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import KadrPersistenceCore
import Testing

/// What already held in round 3 and must keep holding: image sequences come back from
/// `export-otio` as they were, and every timeline of a collection (nested collections too)
/// imports. Small files written for the case.
@Suite("OpenTimelineIO: image sequences and collections kept")
struct KeptInterchangeTests {
  /// An image sequence of 48 frames from frame 1001, with every field OpenTimelineIO writes.
  static let sequence = """
    {"OTIO_SCHEMA": "ImageSequenceReference.1", "name": "", "metadata": {"studio": {"shot": 10}},
     "target_url_base": "file:///renders/shot_010/", "name_prefix": "shot_010.",
     "name_suffix": ".exr", "start_frame": 1001, "frame_step": 2, "rate": 24,
     "frame_zero_padding": 4, "missing_frame_policy": "hold",
     "available_range": {"OTIO_SCHEMA": "TimeRange.1",
       "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
       "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 96}},
     "available_image_bounds": null}
    """

  /// A 24 fps clip named `name` of `frames`, from frame `start` of `reference`.
  static func clip(_ name: String, reference: String, start: Int = 0, frames: Int = 48) -> String {
    """
    {"OTIO_SCHEMA": "Clip.2", "name": "\(name)", "enabled": true,
     "source_range": {"OTIO_SCHEMA": "TimeRange.1",
       "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": \(start)},
       "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": \(frames)}},
     "media_references": {"DEFAULT_MEDIA": \(reference)},
     "active_media_reference_key": "DEFAULT_MEDIA"}
    """
  }

  /// A timeline named `name` with one video track of `children`.
  static func timeline(_ name: String, _ children: [String]) -> String {
    """
    {"OTIO_SCHEMA": "Timeline.1", "name": "\(name)", "tracks": {"OTIO_SCHEMA": "Stack.1",
     "children": [{"OTIO_SCHEMA": "Track.1", "kind": "Video",
       "children": [\(children.joined(separator: ","))]}]}}
    """
  }

  static func file(_ name: String) -> String {
    #"{"OTIO_SCHEMA": "ExternalReference.1", "target_url": "file:///media/\#(name)"}"#
  }

  /// The parsed media reference of the clip at `index` of the first track.
  static func reference(ofClip index: Int, in json: JSONValue) -> JSONValue? {
    OTIOJSON.value(
      at: "/tracks/children/0/children/\(index)/media_references/DEFAULT_MEDIA", in: json)
  }

  @Test func anImageSequenceComesBackFromExportAsItWas() throws {
    let text = Self.timeline(
      "renders",
      [
        Self.clip("before", reference: Self.file("a.mov"), frames: 24),
        Self.clip("frames", reference: Self.sequence, start: 12, frames: 36),
      ])
    let imported = try OTIOImporter().importTimeline(from: Data(text.utf8))
    #expect(
      imported.report.items.contains { $0.kind == .unsupportedReference },
      "an image sequence is an offline placeholder kadr cannot play, and is reported")
    let exported = try JSONReader().read(try OTIOExporter().export(imported.video).data)
    let original = try JSONReader().read(Data(text.utf8))
    let back = try #require(Self.reference(ofClip: 1, in: exported))
    #expect(back == Self.reference(ofClip: 1, in: original))
    #expect(
      OTIOJSON.value(at: "/tracks/children/0/children/1/source_range", in: exported)
        == OTIOJSON.value(at: "/tracks/children/0/children/1/source_range", in: original))
  }

  @Test func everyTimelineOfNestedCollectionsImportsByIndexAndName() throws {
    // An FCP X library's shape: a collection of events, each a collection of projects.
    let text = """
      {"OTIO_SCHEMA": "SerializableCollection.1", "name": "library", "children": [
        {"OTIO_SCHEMA": "SerializableCollection.1", "name": "event 1", "children": [
          \(Self.timeline("first", [Self.clip("a", reference: Self.file("a.mov"))])),
          \(Self.timeline("second", [Self.clip("b", reference: Self.file("b.mov"), frames: 24)]))]},
        \(Self.timeline("third", [Self.clip("c", reference: Self.file("c.mov"), frames: 72)]))]}
      """
    let data = Data(text.utf8)
    let timelines = try OTIOImporter().timelines(in: data)
    #expect(timelines.map(\.name) == ["first", "second", "third"])
    #expect(timelines.map(\.index) == [0, 1, 2])
    for (timeline, (file, frames)) in zip(timelines, [("a.mov", 48), ("b.mov", 24), ("c.mov", 72)])
    {
      for selection in [OTIOTimelineSelection.index(timeline.index), .named(timeline.name)] {
        let imported = try OTIOImporter(timeline: selection).importTimeline(from: data)
        let clip = try #require(imported.video.clips.first as? VideoClip)
        #expect(clip.url.lastPathComponent == file)
        #expect(imported.video.layout.duration == Time(value: Int64(frames), timescale: 24))
      }
    }
  }
}
