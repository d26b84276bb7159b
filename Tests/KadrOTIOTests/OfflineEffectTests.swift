import Foundation
import KadrOTIO
import KadrPersistence
import Testing

/// What an offline clip's effects become: the placeholder holds none, so each one is reported.
@Suite("Effects of offline OpenTimelineIO clips")
struct OfflineEffectTests {
  /// A timeline of one clip with a `MissingReference`, played at twice its speed and blurred.
  static let timeline = #"""
    {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
      {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
        {"OTIO_SCHEMA": "Clip.2", "name": "offline",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}},
         "effects": [
           {"OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp",
            "time_scalar": 2.0},
           {"OTIO_SCHEMA": "Effect.1", "name": "", "effect_name": "Blur"}],
         "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "MissingReference.1"}},
         "active_media_reference_key": "DEFAULT_MEDIA"}]}]}}
    """#

  static let clip = "/tracks/children/0/children/0"

  @Test func aTimeWarpOnAClipWithMissingMediaIsReported() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    #expect(imported.video.clips.first is OTIOPlaceholder)
    let warps = imported.report.items.filter { $0.kind == .unsupportedTimeWarp }
    // It was in no report before: relinking the media later gave the wrong speed.
    #expect(warps.map(\.pointer) == ["\(Self.clip)/effects/0"])
    #expect(warps.first?.detail.contains("time_scalar 2.0") == true, "\(warps)")
    let others = imported.report.items.filter { $0.kind == .unknownEffect }
    #expect(others.map(\.pointer) == ["\(Self.clip)/effects/1"])
    #expect(others.first?.detail.contains("'Blur'") == true, "\(others)")
  }
}
