import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Stills (titles, images) of a file exported by kadr and then edited in another tool.
@Suite("OpenTimelineIO import of edited stills")
struct EditedStillImportTests {
  typealias C = Compositions

  static let first = "/tracks/children/0/children/0"

  @Test func aTitleWhoseMetadataAnotherToolDroppedKeepsItsFields() throws {
    let title = TitleSequence("Hello", duration: C.time(60, 30)).id("opening")
    let json = try OTIORoundTrip.export(Video { title })
    let edited = OTIOJSON.setting(nil, at: "\(Self.first)/metadata", in: json)
    let imported = try OTIOImporter().importTimeline(from: try OTIOJSON.data(edited))
    // The generator's parameters hold the title's own fields; its id is the clip's name.
    #expect(imported.report.isEmpty, "\(imported.report)")
    #expect(ReflectionDiff.differences(Video { title }, imported.video).isEmpty)
  }

  @Test func aRelinkedImageIsTheImageItsFileHolds() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try FileImageStore(directory: directory)
    let video = Video { ImageClip(C.photo, duration: 1.0).id("still") }
    let json = try OTIORoundTrip.export(video, images: store)
    let other = try #require(store.url(for: try store.token(for: C.logo)))
    let edited = OTIOJSON.setting(
      .string(other.absoluteString),
      at: "\(Self.first)/media_references/DEFAULT_MEDIA/target_url", in: json)
    let imported = try OTIOImporter().importTimeline(
      from: try OTIOJSON.data(edited), images: store)
    let still = try #require(imported.video.clips.first as? ImageClip)
    #expect(still.image.data == C.logo.data)
    #expect(still.clipID == "still")
    #expect(imported.report.isEmpty, "\(imported.report)")
  }

  @Test func aRelinkedImageThatIsNotThereIsRefusedAtItsReference() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try FileImageStore(directory: directory)
    let video = Video { ImageClip(C.photo, duration: 1.0) }
    let json = try OTIORoundTrip.export(video, images: store)
    let photo = try #require(store.url(for: try store.token(for: C.photo)))
    let missing = photo.deletingLastPathComponent().appendingPathComponent(
      String(repeating: "0", count: 64) + ".png")
    let pointer = "\(Self.first)/media_references/DEFAULT_MEDIA/target_url"
    let edited = OTIOJSON.setting(.string(missing.absoluteString), at: pointer, in: json)
    #expect {
      try OTIOImporter().importTimeline(from: try OTIOJSON.data(edited), images: store)
    } throws: { error in
      (error as? PersistenceError)?.pointer?.description == pointer
    }
  }
}
