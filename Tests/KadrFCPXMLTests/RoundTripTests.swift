import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import KadrPersistenceTesting
import Testing

/// Export → import → export: documents without losses come back as the same composition
/// (compared by reflection) with an empty report, and the second export is byte-identical.
@Suite("FCPXML round trips")
struct RoundTripTests {
  typealias C = Compositions

  static let cases: [(String, Video)] = [
    ("cut", C.cut), ("dissolve", C.dissolve), ("broad", C.broad), ("late clip", C.lateClip),
    ("storyline dissolve", C.storylineDissolve), ("nested tracks", C.nestedTracks),
    ("60 fps", C.sixty), ("fade and slide", C.fadeAndSlide),
  ]

  @Test(arguments: cases.map(\.0))
  func resaveIsByteIdentical(name: String) throws {
    let video = try #require(Self.cases.first { $0.0 == name }?.1)
    let first = try FCPXMLExporter().export(video).data
    let imported = try FCPXMLImporter().importProject(from: first)
    #expect(imported.report.isEmpty, "\(imported.report)")
    let second = try FCPXMLExporter().export(imported.video).data
    #expect(
      String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self))
  }

  @Test(arguments: cases.map(\.0))
  func importGivesTheSameComposition(name: String) throws {
    let video = try #require(Self.cases.first { $0.0 == name }?.1)
    let imported = try FCPXMLImporter().importProject(
      from: try FCPXMLExporter().export(video).data)
    // The importer gives every clip an id of its own, and a speed read from a time map its
    // exact ratio; both are checked in their own tests.
    let differences = PersistenceTestKit.differences(
      video, imported.video, ignoring: ["clipID", "speedRatio"])
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
  }

  @Test func importsTheProjectName() throws {
    let data = try FCPXMLExporter(projectName: "Cut 3").export(C.cut).data
    let imported = try FCPXMLImporter().importProject(from: data)
    #expect(imported.projectName == "Cut 3")
    #expect(imported.projectIndex == 0)
  }

  @Test func stillsComeBackThroughTheirImageStore() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try FileImageStore(directory: directory)
    let video = Video { ImageClip.color(.white, duration: Time(value: 2, timescale: 1)) }
    let first = try FCPXMLExporter().export(video, images: store).data
    #expect(String(decoding: first, as: UTF8.self).contains("<video ref=\"r2\" offset=\"0s\""))
    let imported = try FCPXMLImporter().importProject(from: first, images: store)
    #expect(imported.report.isEmpty, "\(imported.report)")
    #expect(imported.video.clips.first is ImageClip)
    #expect(try FCPXMLExporter().export(imported.video, images: store).data == first)
    // Without the store the still keeps its place, offline, and the report says so.
    let offline = try FCPXMLImporter().importProject(from: first)
    #expect(offline.report.items.map(\.kind) == [.unresolvedStill])
    #expect(offline.video.clips.first?.duration == Time(value: 2, timescale: 1))
  }
}
