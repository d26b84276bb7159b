import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Offline placeholders keep the media reference kadr cannot play, through a kadr document and
/// back to OpenTimelineIO.
@Suite("OpenTimelineIO placeholders")
struct PlaceholderTests {
  /// A timeline with one clip whose generator kadr has no equivalent; its reference's keys are
  /// out of the canonical order.
  static let timeline = #"""
    {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
      {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
        {"OTIO_SCHEMA": "Clip.2", "name": "slate",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}},
         "media_references": {"DEFAULT_MEDIA": {"parameters": {"z": 1, "a": [{"y": 2, "b": 3}]},
           "OTIO_SCHEMA": "GeneratorReference.1", "generator_kind": "SolidColor"}},
         "active_media_reference_key": "DEFAULT_MEDIA"}]}]}}
    """#

  static let reference = "/tracks/children/0/children/0/media_references/DEFAULT_MEDIA"

  @Test func theRegistryWithThePlaceholderCodecIsComplete() {
    let report = OTIOPlaceholderModule.standardRegistry.completenessReport()
    #expect(report.isComplete, "\(report.rendered())")
  }

  @Test func anOfflineClipSurvivesAKadrDocumentAndIsWrittenBackAsItWas() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    let placeholder = try #require(imported.video.clips.first as? OTIOPlaceholder)
    #expect(placeholder.reference?.hasPrefix(#"{"OTIO_SCHEMA":"GeneratorReference.1""#) == true)
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)
    let reopened = try coder.video(from: try coder.data(for: imported.video))
    #expect(ReflectionDiff.differences(imported.video, reopened).isEmpty)
    let json = try OTIORoundTrip.export(reopened)
    #expect(OTIOJSON.value(at: "\(Self.reference)/generator_kind", in: json) == "SolidColor")
    #expect(OTIOJSON.value(at: "\(Self.reference)/parameters/a/0/y", in: json) == 2)
  }

  /// The default facade has no placeholder codec: saving an import with it is refused, and the
  /// refusal names the one startup line that makes the facade save and open imports.
  @Test func savingAnImportWithTheDefaultFacadeNamesTheRegistrationThatFixesIt() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    let error = try #require(throws: PersistenceError.self) {
      _ = try KadrCoding.data(for: imported.video)
    }
    let message = error.failureReason ?? error.errorDescription ?? ""
    #expect(message.contains("CodecRegistry.bootstrap(try OTIOPlaceholderModule.registry())"))
    #expect(error.losses.first?.detail?.contains("OTIOPlaceholderModule") == true)
  }
}
