import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// `.otioz` and `.otiod` bundles written with their media, read back here and (when it can be
/// had) by the real OpenTimelineIO library.
@Suite("OTIO bundles on export")
struct BundleExportTests {
  /// A scratch folder with two media files named alike in two folders, and an image store.
  struct Project: Sendable {
    let root: URL
    let video: Video
    let images: FileImageStore

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kadr-bundle-\(UUID().uuidString)")
      for folder in ["a", "b"] {
        try FileManager.default.createDirectory(
          at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        try Data("movie \(folder)".utf8).write(
          to: root.appendingPathComponent("\(folder)/take.mov"))
      }
      images = try FileImageStore(directory: root.appendingPathComponent("images"))
      let a = root.appendingPathComponent("a/take.mov")
      let b = root.appendingPathComponent("b/take.mov")
      video = Video {
        VideoClip(url: a).trimmed(to: Compositions.range(0, 2, 1)).id("first")
        VideoClip(url: b).trimmed(to: Compositions.range(1, 2, 1)).id("second")
        ImageClip(PlatformImage.solidColor(.white, width: 2, height: 2), duration: 1).id("still")
        VideoClip(url: a).trimmed(to: Compositions.range(2, 1, 1)).id("again")
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  @Test(arguments: ["otioz", "otiod"])
  func aBundleHoldsTheTimelineAndEveryFileOnce(_ kind: String) throws {
    let project = try Project()
    defer { project.remove() }
    let bundle = project.root.appendingPathComponent("edit.\(kind)")
    let report = try OTIOExporter().writeBundle(project.video, to: bundle, images: project.images)
    #expect(report.losses.isEmpty)

    var importer = OTIOImporter()
    importer.bundleMediaDirectory = project.root.appendingPathComponent("extracted")
    let imported = try importer.read(from: bundle, images: project.images)
    // The one line: the bundle's relative paths, resolved against the bundle.
    #expect(imported.report.items.count == 1, "\(imported.report)")
    #expect("\(imported.report)".contains("relative paths resolved against"))
    let urls = imported.video.clips.compactMap { ($0 as? VideoClip)?.url }
    #expect(urls.map(\.lastPathComponent) == ["take.mov", "take-2.mov", "take.mov"])
    #expect(
      try urls.map { try String(contentsOf: $0, encoding: .utf8) } == [
        "movie a", "movie b", "movie a",
      ])
    #expect(imported.video.clips.count == 4)
    #expect(imported.video.clips[2] is ImageClip)

    if kind == "otiod" {
      let media = try FileManager.default.contentsOfDirectory(
        atPath: bundle.appendingPathComponent("media").path)
      #expect(media.count == 3, "two takes and the still: \(media)")
      #expect(
        try String(contentsOf: bundle.appendingPathComponent("version.txt"), encoding: .utf8)
          == "1.0.0")
      #expect(throws: PersistenceError.self) {
        try OTIOExporter().writeBundle(project.video, to: bundle, images: project.images)
      }
    }
  }

  @Test func aMissingMediaFileIsRefusedOrLeftOutAsLoss() throws {
    let project = try Project()
    defer { project.remove() }
    let video = Video { VideoClip(url: project.root.appendingPathComponent("gone.mov")) }
    let bundle = project.root.appendingPathComponent("edit.otioz")
    #expect(throws: PersistenceError.self) {
      try OTIOExporter().writeBundle(video, to: bundle, images: project.images)
    }
    #expect(!FileManager.default.fileExists(atPath: bundle.path), "nothing written")
    let report = try OTIOExporter(allowingLoss: true).writeBundle(
      video, to: bundle, images: project.images)
    #expect(report.losses.map(\.describedForUser).contains { $0.contains("gone.mov") })
  }

  @Test(
    .enabled(
      if: OTIOPython.validationRuns,
      "OpenTimelineIO (Python) could not be had; set KADR_REQUIRE_OTIO=1 to fail instead"))
  func openTimelineIOReadsTheBundles() throws {
    let python = try OTIOPython.interpreter.get()
    let project = try Project()
    defer { project.remove() }
    for kind in ["otioz", "otiod"] {
      let bundle = project.root.appendingPathComponent("edit.\(kind)")
      try OTIOExporter().writeBundle(project.video, to: bundle, images: project.images)
      let script = """
        import sys, opentimelineio as otio
        t = otio.adapters.read_from_file(sys.argv[1], extract_to_directory=sys.argv[2]) \\
          if sys.argv[1].endswith("otioz") else otio.adapters.read_from_file(sys.argv[1])
        for clip in t.find_clips():
          print(clip.name, clip.media_reference.target_url.split("/")[-1])
        """
      let extracted = project.root.appendingPathComponent("extracted-\(kind)").path
      try FileManager.default.createDirectory(
        atPath: extracted, withIntermediateDirectories: true)
      let run = Subprocess.run(python.path, ["-c", script, bundle.path, extracted])
      #expect(run.status == 0, "\(run.output)")
      let lines = run.output.split(separator: "\n").map(String.init)
      #expect(lines.first == "first take.mov", "\(run.output)")
      #expect(lines.contains("second take-2.mov"), "\(run.output)")
      #expect(lines.count == 4, "\(run.output)")
    }
  }
}
