import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// "Names that clash with SwiftUI" (KadrModel's landing page): a file that imports both
/// disambiguates through a namespace of its own.
enum Kadr {
  typealias Transition = KadrModel.Transition
  typealias Video = KadrModel.Video
}

/// The samples of the libraries' landing pages.
@Suite("Article: the landing pages")
struct LandingPageArticleTests {
  @Test func kadrModel() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
        .trimmed(to: 1...6)
        .filter(.sepia(intensity: 0.4))
      Transition.dissolve(duration: 0.5)
      TitleSequence("Chapter One", duration: 3)
    }
    .preset(.reelsAndShorts)
    .overlay(TextOverlay("Hello").position(.center))
    #expect(video.clips.count == 3)
    #expect(video.overlays.count == 1)
  }

  @Test func namesThatClashWithSwiftUI() {
    let fade = Kadr.Transition.fade(duration: 0.5)
    #expect(String(reflecting: fade).contains("fade"))
  }

  @Test func kadrPersistence() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
        .trimmed(to: 1...6)
      TitleSequence("Chapter One", duration: 3)
    }

    let data = try KadrCoding.data(for: video)
    let reopened = try KadrCoding.video(from: data)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  @Test func kadrPersistenceCore() throws {
    let clip = Countdown(from: 3)

    var registry = CodecRegistry.empty
    try registry.register(clip: CountdownCodec())  // a plugin's ClipCodec
    let encoded = try registry.encode(clip: clip)  // the clip's JSON and what it lost
    #expect(encoded.lossReport.losses.isEmpty)
    #expect(encoded.json != nil)
  }

  @Test func kadrOTIO() throws {
    let projectURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: projectURL, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: projectURL) }
    let video = Video { TitleSequence("Chapter One", duration: 3) }
    let editedURL = projectURL.appendingPathComponent("edit.otio")

    let store = try FileImageStore(directory: projectURL.appendingPathComponent("images"))
    let otio = try OTIOExporter().export(video, images: store)
    try otio.write(to: projectURL.appendingPathComponent("edit.otio"))

    let imported = try OTIOImporter().read(from: editedURL, images: store)
    print(imported.report)  // every feature left out, with its JSON pointer in the file
    #expect(imported.video.clips.count == 1)
  }

  /// The README's "OpenTimelineIO" sample.
  @Test func readmeOpenTimelineIO() throws {
    let projectURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: projectURL, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: projectURL) }
    let video = Video { TitleSequence("Chapter One", duration: 3) }

    let store = try FileImageStore(directory: projectURL.appendingPathComponent("images"))
    let otio = try OTIOExporter().export(video, images: store)  // import KadrOTIO
    try otio.write(to: projectURL.appendingPathComponent("edit.otio"))

    let imported = try OTIOImporter().read(
      from: projectURL.appendingPathComponent("edit.otio"), images: store)
    #expect(imported.video.clips.count == 1)
  }
}
