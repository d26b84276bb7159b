import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Timelines an older kadr wrote (mapping format 1, whose metadata left out what
/// OpenTimelineIO's objects carry) import as that version imported them.
@Suite("OpenTimelineIO: timelines of mapping format 1")
struct LegacyFormatTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Legacy")

  @Test(arguments: ["showcase", "broad"])
  func importsAsTheVersionThatWroteItDid(name: String) throws {
    let timeline = try Data(
      contentsOf: Self.directory.appendingPathComponent("\(name)-format1.otio"))
    let expected = try Data(
      contentsOf: Self.directory.appendingPathComponent("\(name)-from-format1.kadr.json"))
    #expect(String(decoding: timeline, as: UTF8.self).contains(#""format": 1"#))
    let imported = try OTIOImporter().importTimeline(from: timeline)
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)
    let document = try coder.data(for: imported.video, images: imported.imageStore)
    #expect(String(decoding: document, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    // And by reflection: the composition is the one the expected document holds.
    let reopened = try coder.video(from: expected, images: imported.imageStore)
    #expect(ReflectionDiff.differences(reopened, imported.video).isEmpty)
  }

  @Test func exportingItAgainWritesTheCurrentFormat() throws {
    let timeline = try Data(
      contentsOf: Self.directory.appendingPathComponent("showcase-format1.otio"))
    let imported = try OTIOImporter().importTimeline(from: timeline)
    let exported = try OTIOExporter().export(imported.video, images: imported.imageStore)
    let text = String(decoding: exported.data, as: UTF8.self)
    #expect(text.contains(#""format": 2"#))
    let again = try OTIOImporter().importTimeline(from: exported.data)
    #expect(ReflectionDiff.differences(imported.video, again.video).isEmpty)
  }
}
