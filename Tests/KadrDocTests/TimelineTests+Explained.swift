import Foundation
import Testing

@testable import KadrDocCommands

@Suite("kadr-doc timeline and demo explain themselves")
struct TimelineExplainedTests {
  @Test func aClipOfAnUnknownKindIsALabelledPlaceholderWithAWarning() throws {
    let census = try TimelineTests.draw(
      Fixtures.broad(replacing: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#))
    #expect(census.text.contains("com.example.countdown"))
    #expect(census.text.contains("drawn as a placeholder"))
    #expect(!census.text.contains("No timeline issues."))
    let plain = try TimelineTests.draw(Fixtures.broad)
    #expect(plain.text.contains("No timeline issues."))
  }

  /// Labels are cut at a word when a word boundary is not too far back (the tooltip keeps the
  /// whole text).
  @Test(arguments: [
    ("Chapter One of the longest story", 120.0, "Chapter One of the…"),
    ("Supercalifragilistic", 60.0, "Supercalif…"),
    ("short", 200.0, "short"),
  ])
  func labelsAreShortenedAtAWord(_ text: String, width: Double, expected: String) {
    let fitted = SVGText.fitting(text, width: width, size: 12)
    #expect(SVGText.width(of: fitted, size: 12) <= width)
    if expected.hasSuffix("…") && expected.dropLast().contains(" ") {
      #expect(fitted.hasSuffix("…"))
      let kept = fitted.dropLast()
      #expect(text.hasPrefix(kept + " "), "\(fitted) ends mid-word")
    } else {
      #expect(fitted.hasSuffix("…") == expected.hasSuffix("…"))
    }
  }

  @Test func pastMaxClipsOnlyTheFirstClipsAreDrawnAndTheToolSaysSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let input = try directory.write(Fixtures.broad, to: "broad.json")
    let output = directory.path("t.svg")
    let run = try Tool.run(["timeline", input, "-o", output, "--max-clips", "2"])
    #expect(run.status == 0)
    #expect(run.err.contains("warning: the timeline has 5 clips; only the first 2 are drawn"))
    let census = try SVGDocument.census(try Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(census.text.contains("Only the first 2 of 5 clips are drawn."))
    #expect(census.counts["clip"] == 1, "the hero clip; the second is the transition")
    #expect(try Tool.run(["timeline", input, "-o", output, "--max-clips", "0"]).status == 2)
  }

  @Test func inspectCountsClipsAsThePictureDoesAndExplainsTheDurations() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let input = try directory.write(Fixtures.broad, to: "broad.json")
    let run = try Tool.run(["inspect", input])
    let census = try TimelineTests.draw(Fixtures.broad)
    #expect(run.out.contains("clips: \(census.counts["clip"] ?? -1) (as in the timeline picture"))
    #expect(run.out.contains("every clip's length added up"))
    let json = try JSONOutput.object(try Tool.run(["inspect", "--json", input]).stdout)
    #expect(json["clipCount"] as? Int == census.counts["clip"])
    #expect(json["trackCount"] as? Int == 1)
  }

  @Test func theDemoEndsWithWhatToTryNextInPathsRelativeToWhereItRan() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let run = try Tool.run(["demo"], in: scratch.url)
    #expect(run.status == 0, "stderr: \(run.err)")
    #expect(
      run.outLines.contains(
        "saved      kadr-demo/showcase.kadr.json (\(try Data(contentsOf: scratch.url.appendingPathComponent("kadr-demo/showcase.kadr.json")).count) bytes)"
      ))
    #expect(run.out.contains("next: open kadr-demo/timeline.svg"))
    #expect(
      run.out.contains("kadr-doc check --images kadr-demo/images kadr-demo/showcase.kadr.json"))
    #expect(!run.out.contains(scratch.url.path))
  }
}
