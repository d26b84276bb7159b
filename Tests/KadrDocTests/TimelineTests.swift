import Foundation
import Testing

@Suite("kadr-doc timeline")
struct TimelineTests {
  /// What a document holds, counted from its JSON: the media clips at any depth (neither
  /// transitions nor tracks) by kind, the overlays, captions and audio tracks.
  struct DocumentCounts {
    var clips: [String: Int] = [:]
    var overlays = 0
    var captions = 0
    var audioTracks = 0

    init(_ data: Data) throws {
      let document = try JSONOutput.object(data)
      let video = try #require(document["video"] as? [String: Any])
      overlays = (video["overlays"] as? [Any])?.count ?? 0
      captions = (video["captions"] as? [Any])?.count ?? 0
      audioTracks = (video["audioTracks"] as? [Any])?.count ?? 0
      var pending = (video["clips"] as? [[String: Any]]) ?? []
      while let clip = pending.popLast() {
        guard let kind = clip.keys.first else { continue }
        switch kind {
        case "transition": break
        case "track":
          let payload = (clip[kind] as? [String: Any])?["_0"] as? [String: Any]
          pending += (payload?["clips"] as? [[String: Any]]) ?? []
        case "video", "image", "title": clips[kind, default: 0] += 1
        default: clips["other", default: 0] += 1
        }
      }
    }

    var clipCount: Int { clips.values.reduce(0, +) }
  }

  /// Draws `text`'s timeline with the tool and reads it back as XML.
  static func draw(_ text: String) throws -> SVGDocument.Census {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let output = directory.path("timeline.svg")
    let run = try Tool.run(["timeline", "-", "-o", output], stdin: Data(text.utf8))
    #expect(run.status == 0, "stderr: \(run.err)")
    #expect(run.stdout.isEmpty)
    return try SVGDocument.census(try Data(contentsOf: URL(fileURLWithPath: output)))
  }

  @Test func theTimelineHasOneElementPerClipOverlayCaptionAndAudioTrack() throws {
    let census = try Self.draw(Fixtures.broad)
    let document = try DocumentCounts(Fixtures.broadData)
    #expect(document.clipCount == 4)
    #expect(census.counts["clip"] == document.clipCount)
    #expect(census.counts["overlay"] == document.overlays)
    #expect(census.counts["caption"] == document.captions)
    #expect(census.counts["audio"] == document.audioTracks)
    #expect(census.counts["transition"] == 1)
    for (kind, count) in document.clips {
      #expect(census.clipClasses.count(where: { $0 == "clip \(kind)" }) == count, "\(kind)")
    }
    for label in ["hero", "photo", "title", "nested", "overlayTrack", "slide ↑ 0.5s", "music.m4a"] {
      #expect(census.text.contains(label), "no text \(label)")
    }
  }

  /// Documents that stress the picture; each must still give well-formed SVG with one element
  /// per item.
  @Test(arguments: [
    ("text that must be escaped", #""text":"Chapter One""#, #""text":"<b>&amp; \"x\" 'y' \u0001""#),
    ("a plugin clip kept unread", #""title":{"_0""#, #""com.example.countdown":{"_0""#),
    (
      "a duration that overflows", #""duration":{"timescale":30,"value":60},"imageToken""#,
      #""duration":{"timescale":1,"value":9000000000000000000},"imageToken""#
    ),
    (
      "a negative duration", #""duration":{"timescale":30,"value":60},"imageToken""#,
      #""duration":{"timescale":30,"value":-60},"imageToken""#
    ),
    (
      "a fade instead of a slide",
      #""direction":"fromBottom","duration":{"timescale":30,"value":15},"kind":"slide""#,
      #""duration":{"timescale":30,"value":15},"kind":"fade""#
    ),
    (
      "a transition longer than its neighbours", #""value":15},"kind":"slide""#,
      #""value":9000},"kind":"slide""#
    ),
  ])
  func unusualDocumentsStillGiveAWellFormedPicture(
    _ why: String, old: String, new: String
  ) throws {
    let text = Fixtures.broad(replacing: old, with: new)
    #expect(text != Fixtures.broad, "the fixture no longer contains \(old)")
    let census = try Self.draw(text)
    let document = try DocumentCounts(Data(text.utf8))
    #expect(census.counts["clip"] == document.clipCount, "\(why)")
    #expect(census.counts["overlay"] == document.overlays)
    #expect(census.counts["caption"] == document.captions)
    #expect(census.counts["audio"] == document.audioTracks)
  }

  @Test func escapedTextComesBackAsWritten() throws {
    let census = try Self.draw(
      Fixtures.broad(replacing: #""text":"first""#, with: #""text":"<i>a & b</i>""#))
    #expect(census.text.contains("<i>a & b</i>"))
  }

  @Test func layoutIssuesAreListedUnderThePicture() throws {
    let census = try Self.draw(
      Fixtures.broad(
        replacing: #""value":15},"kind":"slide""#, with: #""value":9000},"kind":"slide""#))
    // Longer than the clip before it and than the clip after it.
    #expect(census.text.contains("TIMELINE ISSUES (2)"))
    #expect(census.text.contains("longer than the clip after it"))
  }

  @Test func anEmptyCompositionGivesAnEmptyTimeline() throws {
    let empty = #"""
      {"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[],"overlays":[],\#
      "preset":{"codec":"hevc","frameRate":30,"height":1920,"kind":"custom","width":1080},\#
      "quality":{"bitrate":6000000,"kind":"bitrate"}}}
      """#
    let census = try Self.draw(empty)
    #expect(census.counts["clip"] == nil)
    #expect(census.counts["overlay"] == nil)
    #expect(census.text.contains("Main chain"))
    #expect(census.text.contains("No timeline issues."))
  }

  @Test func anInvalidDocumentDrawsNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let output = directory.path("timeline.svg")
    let run = try Tool.run(["timeline", "-", "-o", output], stdin: Data("{\"schema\":1,".utf8))
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("<stdin>:1:"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
