import Foundation
import Testing

/// The demo runs once (it is the slowest command); one test checks everything it produced and
/// then removes it.
@Suite("kadr-doc demo")
struct DemoTests {
  /// Where one run of the demo wrote.
  struct Demo {
    let directory: URL
    let run: ToolRun
    var document: URL { directory.appendingPathComponent("showcase.kadr.json") }
    var images: URL { directory.appendingPathComponent("images") }
    var timeline: URL { directory.appendingPathComponent("timeline.svg") }
  }

  @Test func demoBuildsSavesReopensVerifiesAndDrawsAShowcaseProject() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    // A directory that does not exist yet: the demo creates it.
    let directory = scratch.url.appendingPathComponent("out")
    let demo = Demo(
      directory: directory, run: try Tool.run(["demo", "--output", directory.path]))
    try checkOutput(of: demo)
    try checkImages(of: demo)
    try checkProjectPassesCheck(demo)
    try checkTimeline(of: demo)
  }

  private func checkOutput(of demo: Demo) throws {
    #expect(demo.run.status == 0, "stderr: \(demo.run.err)")
    #expect(demo.run.err.isEmpty)
    for line in [
      "reopened   equal to the original by deep reflection", "resaved    byte-identical",
      "timeline   \(demo.timeline.path)", "schema 1",
    ] {
      #expect(demo.run.outLines.contains(line), "missing line: \(line)")
    }
    #expect(demo.run.out.contains("saved      \(demo.document.path)"))
  }

  /// Every image token of the project is a file in the store, and nothing else is.
  private func checkImages(of demo: Demo) throws {
    let stored = try FileManager.default.contentsOfDirectory(atPath: demo.images.path)
    let tokens = try Tool.run(["tokens", demo.document.path])
    #expect(tokens.status == 0)
    #expect(tokens.outLines.count == 3, "the photo, the logo and the sticker")
    for token in tokens.outLines {
      #expect(token.hasPrefix("file:"))
      #expect(stored.contains(String(token.dropFirst("file:".count))), "\(token) not stored")
    }
    #expect(stored.count == tokens.outLines.count, "no orphan images: \(stored)")
  }

  private func checkProjectPassesCheck(_ demo: Demo) throws {
    let run = try Tool.run(["check", "--images", demo.images.path, demo.document.path])
    #expect(run.status == 0, "stderr: \(run.err)")
    #expect(run.err.isEmpty)
  }

  private func checkTimeline(of demo: Demo) throws {
    let census = try SVGDocument.census(try Data(contentsOf: demo.timeline))
    let document = try TimelineTests.DocumentCounts(try Data(contentsOf: demo.document))
    #expect(document.clips["video"] == 4)
    #expect(census.counts["clip"] == document.clipCount)
    #expect(census.counts["overlay"] == document.overlays)
    #expect(census.counts["caption"] == document.captions)
    #expect(census.counts["audio"] == document.audioTracks)
    #expect(census.counts["transition"] == 2)
  }

  @Test func demoIntoAFileFails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write("not a directory", to: "occupied")
    let run = try Tool.run(["demo", "-o", file])
    #expect(run.status == 1)
    #expect(!run.err.isEmpty)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a directory")
  }
}
