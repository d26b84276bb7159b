import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import KadrPluginExample
import Testing

/// A plugin's kinds travel through OpenTimelineIO like the built-in ones: its clip kind as a
/// generator carrying the kind's fields, its filter as an effect, its overlay as a marker.
@Suite("OpenTimelineIO with a plugin's kinds")
struct PluginRoundTripTests {
  static let video = Video {
    VideoClip(url: Compositions.media("a.mov")).trimmed(to: 0...2)
      .filter(.custom(Halftone(dotSize: 4, angle: 0.5)), id: "halftone")
    Transition.dissolve(duration: 0.5)
    Countdown(from: 3, face: .ring, color: .black).id("count")
  }
  .overlay(ProgressBar(thickness: 4, layerID: "progress"))
  .overlay(TextOverlay("typed").animation(Typewriter(charactersPerSecond: 12)))

  @Test func pluginKindsRoundTripWithTheirPayloadVersions() throws {
    let registry = try ExamplePlugin.registry()
    let timeline = try OTIOExporter(registry: registry).timeline(for: Self.video).json
    let countdown = OTIOJSON.value(
      at: "/tracks/children/0/children/2/media_references/DEFAULT_MEDIA", in: timeline)
    #expect(
      countdown.flatMap { OTIOJSON.value(at: "/generator_kind", in: $0) }
        == "kadr.com.example.countdown")
    #expect(
      OTIOJSON.value(at: "/metadata/kadr/payloadVersions/com.example.countdown", in: timeline) == 2)
    let file = try OTIOExporter(registry: registry).export(Self.video)
    let imported = try OTIOImporter(registry: registry).importTimeline(from: file.data)
    #expect(imported.report.isEmpty, "\(imported.report)")
    let differences = ReflectionDiff.differences(Self.video, imported.video)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
  }

  @Test func pluginKindsWithoutTheirCodecsAreRefusedWithAPointer() throws {
    let file = try OTIOExporter(registry: try ExamplePlugin.registry()).export(Self.video)
    #expect {
      try OTIOImporter().importTimeline(from: file.data)
    } throws: { error in
      guard let error = error as? PersistenceError, case .unknownKind = error.reason else {
        return false
      }
      return error.pointer?.description.hasPrefix("/tracks/children/0/children/0/effects/0") == true
    }
  }
}
