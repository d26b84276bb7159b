import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import KadrPersistenceCore
import Testing

/// The README's OpenTimelineIO example, line for line, in a scratch directory.
@Suite("README: OpenTimelineIO export")
struct OTIOReadmeExampleTests {
  @Test func theThreeLinesOfTheReadmeExportAndImportBack() throws {
    let project = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-otio-readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: project) }
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    let video = Compositions.broad

    // The README's lines, with its "project/" relative paths under the scratch directory.
    let store = try FileImageStore(directory: project.appendingPathComponent("images"))
    let otio = try OTIOExporter().export(video, images: store)
    try otio.write(to: project.appendingPathComponent("edit.otio"))

    let opened = try OTIOImporter().read(
      from: project.appendingPathComponent("edit.otio"), images: store)
    #expect(opened.report.items.isEmpty, "\(opened.report.items)")
    #expect(ReflectionDiff.differences(video, opened.video).isEmpty)
  }
}
