import Foundation
import KadrInterchange
import KadrOTIO
import KadrPersistence
import Testing

/// The `KadrInterchange` landing page's sample: what an importer made saves with the floor's
/// registry alone, and its placeholders open again as they were.
@Suite("KadrInterchange landing page")
struct InterchangeArticleTests {
  /// A timeline of a gap and a clip whose media is missing: both become placeholders.
  static let timeline = #"""
    {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
      {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
        {"OTIO_SCHEMA": "Gap.1", "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}}},
        {"OTIO_SCHEMA": "Clip.2", "name": "offline",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}},
         "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "MissingReference.1"}},
         "active_media_reference_key": "DEFAULT_MEDIA"}]}]}}
    """#

  @Test func whatAnImporterMadeSavesWithTheFloorsRegistryAlone() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
    let bytes = try coder.data(for: imported.video)

    let reopened = try coder.video(from: bytes).clips.compactMap {
      $0 as? InterchangePlaceholder
    }
    #expect(reopened.map(\.role) == [.gap, .offline])
    #expect(reopened.last?.name == "offline")
    // The standard registry alone cannot open it, and says which module can.
    #expect(throws: PersistenceError.self) {
      _ = try KadrCoder(registry: .standard).video(from: bytes)
    }
  }
}
