import Foundation
import Testing

@Suite("kadr-doc inspect and completeness")
struct InspectTests {
  @Test func inspectSummarisesTheDocument() throws {
    let run = try Tool.run(["inspect", "-"], stdin: Fixtures.broadData)
    #expect(run.status == 0)
    #expect(run.err.isEmpty)
    for line in [
      "schema 1",
      "clip kinds: image ×1, title ×1, track ×1, transition ×1, video ×2",
      "overlay kinds: image ×1, sticker ×1, text ×1",
      "clips: 4 (as in the timeline picture; besides them 1 track and 1 transition)",
      "timeline length: 9.50s (where the last picture ends)",
      "layers: 2",
      "  track “overlayTrack”: 6.67s–8.67s, 1 entry",
      "audio tracks: 1 — music.m4a",
      "  0.00s–1.00s first",
      "image tokens: 1",
      "  file:fixture-pixel.png",
    ] {
      #expect(run.outLines.contains(line), "missing line: \(line)\n\(run.out)")
    }
  }

  @Test func inspectJSONHasTheSummaryFields() throws {
    let run = try Tool.run(["inspect", "--json", "-"], stdin: Fixtures.broadData)
    #expect(run.status == 0)
    let summary = try JSONOutput.object(run.stdout)
    #expect(summary["schema"] as? Int == 1)
    // The four media clips the picture shows; the track and the transition are counted apart.
    #expect(summary["clipCount"] as? Int == 4)
    #expect(summary["transitionCount"] as? Int == 1)
    #expect(summary["durationSeconds"] as? Double == 12.5)
    #expect(summary["timelineSeconds"] as? Double == 9.5)
    #expect(summary["imageTokens"] as? [String] == ["file:fixture-pixel.png"])
    #expect(summary["audioTracks"] as? [String] == ["music.m4a"])
    #expect((summary["overlays"] as? [String])?.count == 3)
    #expect((summary["timelineWarnings"] as? [String])?.isEmpty == true)
    let kinds = try #require(summary["kinds"] as? [String: [String: Int]])
    #expect(kinds["clip"]?["video"] == 2)
    #expect(kinds["filter"] == ["mono": 1, "sepia": 1])
    let layers = try #require(summary["layers"] as? [[String: Any]])
    #expect(layers.map { $0["name"] as? String } == ["main chain", "track “overlayTrack”"])
    #expect(layers.map { $0["depth"] as? Int } == [0, 0])
  }

  @Test func inspectKeepsAndListsKindsItDoesNotKnow() throws {
    let text = Fixtures.broad(
      replacing: #""title":{"_0""#, with: #""com.example.countdown":{"_0""#)
    let run = try Tool.run(["inspect", "--json", "-"], stdin: Data(text.utf8))
    #expect(run.status == 0)
    let summary = try JSONOutput.object(run.stdout)
    let preserved = try #require(summary["preserved"] as? [String])
    #expect(preserved.count == 1)
    #expect(preserved.first?.contains("com.example.countdown") == true)
    let kinds = summary["kinds"] as? [String: [String: Int]]
    #expect(kinds?["clip"]?["com.example.countdown"] == 1)
  }

  @Test func inspectOfAnInvalidDocumentIsInvalidInput() throws {
    let run = try Tool.run(["inspect", "-"], stdin: Data("{\"schema\":1}".utf8))
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    // The document's root (the empty pointer) is not printed as "/".
    #expect(run.err.hasPrefix("<stdin>: The required field 'video' is missing"), "\(run.err)")
  }

  @Test func completenessPassesAndRendersAReport() throws {
    let run = try Tool.run(["completeness"])
    #expect(run.status == 0, "\(run.out)")
    #expect(!run.out.isEmpty)
    #expect(run.err.isEmpty)
  }

  @Test func completenessJSONParsesAndCoversTheBuiltInKinds() throws {
    let run = try Tool.run(["completeness", "--json"])
    #expect(run.status == 0)
    let report = try JSONOutput.object(run.stdout)
    let entries = try #require(report["entries"] as? [[String: Any]])
    let kinds = Set(entries.compactMap { $0["kindID"] as? String })
    for kind in ["video", "image", "title", "transition", "track", "text", "sticker"] {
      #expect(kinds.contains(kind), "no completeness entry for \(kind)")
    }
  }
}
