import Foundation
import KadrOTIO
import KadrPersistence
import Testing

/// The `OTIOImporter` documentation's sample, compiled and run on a file with a gap and missing
/// media; and the default facade's refusal to open placeholders, which names the fix.
@Suite("OTIOImporter's sample and the default facade")
struct ImporterSampleTests {
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

  /// The sample's lines, as the doc comment of `OTIOImporter` has them.
  static let sample = [
    "let imported = try OTIOImporter().importTimeline(from: data)",
    "print(imported.report)  // what was left out, with JSON pointers into the file",
    "let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)  // for placeholders",
    "let document = try coder.data(for: imported.video, images: imported.imageStore)",
  ]

  @Test func theDocumentationSampleSavesAFileWithAGapAndMissingMedia() throws {
    let data = Data(Self.timeline.utf8)
    // The sample, line for line (it used KadrCoding.data, which throws for this file).
    let imported = try OTIOImporter().importTimeline(from: data)
    print(imported.report)  // what was left out, with JSON pointers into the file
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)  // for placeholders
    let document = try coder.data(for: imported.video, images: imported.imageStore)

    #expect(imported.video.clips.count == 2)
    #expect(try coder.video(from: document).clips.count == 2)
    // The doc comment says what this test runs.
    let source = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/KadrOTIO/OTIOImporter.swift").standardizedFileURL,
      encoding: .utf8)
    let documented = source.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for line in Self.sample {
      #expect(documented.contains("/// " + line), "the doc comment no longer has: \(line)")
    }
  }

  @Test func openingPlaceholdersWithTheDefaultFacadeNamesTheModuleThatOpensThem() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    let document = try KadrCoder(registry: OTIOPlaceholderModule.standardRegistry).data(
      for: imported.video, images: imported.imageStore)
    let error = try #require(throws: PersistenceError.self) {
      _ = try KadrCoding.video(from: document)
    }
    // The save's refusal named the registration; the open's said only "an add-on".
    guard case .failure(let failure) = error else {
      Issue.record("not a failure: \(error)")
      return
    }
    #expect(failure.codecRegistration == OTIOPlaceholder.codecRegistration)
    #expect(
      error.recoverySuggestion?.contains("CodecRegistry.bootstrap(try OTIOPlaceholderModule")
        == true, "\(error.recoverySuggestion ?? "")")
    #expect(error.debugDescription.contains("OTIOPlaceholderModule"), "\(error.debugDescription)")
  }

  @Test func aKindWithNoNoteKeepsTheGeneralFix() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    let document = try KadrCoder(registry: OTIOPlaceholderModule.standardRegistry).data(
      for: imported.video, images: imported.imageStore)
    let other = String(decoding: document, as: UTF8.self).replacingOccurrences(
      of: OTIOPlaceholderCodec.kindID.rawValue, with: "com.example.countdown")
    let error = try #require(throws: PersistenceError.self) {
      _ = try KadrCoding.video(from: Data(other.utf8))
    }
    #expect(error.code == "unknownKind")
    #expect(error.recoverySuggestion?.contains("plugin that wrote it") == true)
    #expect(CodecRegistry.standard.registration(forKind: "com.example.countdown") == nil)
  }

  /// Saving a placeholder with the default facade: the person's sentence names the clip once,
  /// counting as the developer's index does not ("A clip on clip 2" before).
  @Test func thePlaceholdersSentenceNamesTheClipOnceAsAnOrdinal() throws {
    let imported = try OTIOImporter().importTimeline(from: Data(Self.timeline.utf8))
    let error = try #require(throws: PersistenceError.self) {
      _ = try KadrCoding.data(for: imported.video, images: imported.imageStore)
    }
    let loss = try #require(error.losses.first { $0.location == "clips[0]" })
    #expect(
      loss.describedForUser
        == "The 1st clip cannot be saved: this app has no way to write its kind.",
      "\(loss.describedForUser)")
  }
}
