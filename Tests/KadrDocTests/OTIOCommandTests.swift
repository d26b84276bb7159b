import Foundation
import Testing

@Suite("kadr-doc export-otio and import-otio")
struct OTIOCommandTests {
  /// A foreign timeline: one clip, then a gap and a clip with a foreign effect.
  static let foreign = #"""
    {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
      {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
        {"OTIO_SCHEMA": "Clip.2", "name": "a.mov",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 48}},
         "effects": [{"OTIO_SCHEMA": "Effect.1", "effect_name": "Glow"}],
         "media_references": {"DEFAULT_MEDIA":
           {"OTIO_SCHEMA": "ExternalReference.1", "target_url": "file:///a.mov"}},
         "active_media_reference_key": "DEFAULT_MEDIA"},
        {"OTIO_SCHEMA": "Gap.1", "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}}}
      ]}]}}
    """#

  @Test func exportThenImportGivesTheDocumentBackByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let otio = directory.path("broad.otio")
    let exported = try Tool.run(["export-otio", file, "-o", otio])
    #expect(exported.status == 0)
    #expect(exported.out.isEmpty)
    #expect(exported.err.isEmpty)
    let text = try String(contentsOfFile: otio, encoding: .utf8)
    #expect(text.hasPrefix("{\n    \"OTIO_SCHEMA\": \"Timeline.1\""))
    // Without --images the image is referenced by its token.
    #expect(text.contains(#""imageToken": "file:fixture-pixel.png""#))

    let back = directory.path("back.kadr.json")
    let imported = try Tool.run(["import-otio", otio, "-o", back])
    #expect(imported.status == 0)
    #expect(imported.err.isEmpty, "nothing is lost: \(imported.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Fixtures.broadData)
  }

  @Test func exportAndImportUseStandardInputAndOutput() throws {
    let exported = try Tool.run(["export-otio", "-"], stdin: Fixtures.broadData)
    #expect(exported.status == 0)
    let imported = try Tool.run(["import-otio", "-"], stdin: exported.stdout)
    #expect(imported.status == 0)
    #expect(imported.stdout == Fixtures.broadData)
  }

  @Test func importPrintsWhatHasNoKadrEquivalentOnStandardError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.foreign, to: "cut.otio")
    let output = directory.path("cut.kadr.json")
    let run = try Tool.run(["import-otio", file, "-o", output])
    #expect(run.status == 0)
    // The gap keeps its place (a placeholder), so only the effect is reported.
    #expect(
      run.errLines == [
        "\(file): 1 feature of the OpenTimelineIO file has no kadr equivalent:",
        "\(file): effects with no kadr equivalent left out: 1 (at "
          + "/tracks/children/0/children/0/effects/0) — The effect 'Glow' has no kadr "
          + "equivalent; left out.",
      ])
    let document = try String(contentsOfFile: output, encoding: .utf8)
    #expect(document.contains(#""url":"file:\/\/\/a.mov""#))
    let check = try Tool.run(["check", output])
    #expect(check.status == 0)
  }

  @Test func strictImportFailsAndWritesNothingWhenSomethingIsLost() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.foreign, to: "cut.otio")
    let output = directory.path("cut.kadr.json")
    let run = try Tool.run(["import-otio", "--strict", file, "-o", output])
    #expect(run.status == 1)
    #expect(run.errLines.count == 2)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func jsonReportHasEveryItemAndCollectionsAreListed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.foreign, to: "cut.otio")
    let output = directory.path("cut.kadr.json")
    let run = try Tool.run(["import-otio", "--json", file, "-o", output])
    #expect(run.status == 0)
    #expect(run.stdout.contains(Data(#""kind":"unknownEffect""#.utf8)))
    #expect(run.errLines.isEmpty)
    let collection = try directory.write(
      #"{"OTIO_SCHEMA": "SerializableCollection.1", "name": "reels", "children": [\#(Self.foreign),"#
        + #" {"OTIO_SCHEMA": "Timeline.1", "name": "B", "tracks": {"OTIO_SCHEMA": "Stack.1"}}]}"#,
      to: "reels.otio")
    let list = try Tool.run(["import-otio", "--list", collection])
    #expect(list.status == 0)
    #expect(list.out.hasSuffix("1\tB\n"), "\(list.out)")
    let second = try Tool.run(["import-otio", "--timeline", "B", collection, "-o", output])
    #expect(second.status == 0, "\(second.err)")
  }

  @Test func malformedTimelineIsRefusedWithItsPointerAndLeavesTheOutputUntouched() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let broken = Self.foreign.replacingOccurrences(
      of: #""rate": 24, "value": 48"#, with: #""rate": -1, "value": 48"#)
    let file = try directory.write(broken, to: "broken.otio")
    let output = try directory.write("previous", to: "out.kadr.json")
    let run = try Tool.run(["import-otio", file, "-o", output])
    #expect(run.status == 1)
    #expect(
      run.err.hasPrefix(
        "\(file): /tracks/children/0/children/0/source_range/duration/rate: A time's rate must "
          + "be positive"), "stderr: \(run.err)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous")

    let notJSON = try directory.write("{\"OTIO_SCHEMA\": ", to: "cut.otio")
    let malformed = try Tool.run(["import-otio", notJSON])
    #expect(malformed.status == 1)
    #expect(malformed.err.hasPrefix("\(notJSON):1:"), "stderr: \(malformed.err)")
  }

  @Test func exportOfAnInvalidDocumentNamesItsPointer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(
      Fixtures.broad(
        replacing: #""speedRate":1,"transform""#, with: #""speedRate":"fast","transform""#),
      to: "bad.kadr.json")
    let output = directory.path("bad.otio")
    let run = try Tool.run(["export-otio", file, "-o", output])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("\(file): /video/clips/0/video/_0/speedRate: "), "stderr: \(run.err)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test(arguments: ["export-otio", "import-otio"])
  func helpShowsTheUsage(_ command: String) throws {
    let run = try Tool.run([command, "--help"])
    #expect(run.status == 0)
    #expect(run.out.hasPrefix("usage: kadr-doc \(command) FILE"))
    let missing = try Tool.run([command])
    #expect(missing.status == 2)
    #expect(missing.err.contains("missing argument"))
    let unknown = try Tool.run([command, "a", "--frames"])
    #expect(unknown.status == 2)
  }

  @Test func overviewListsBothCommands() throws {
    let run = try Tool.run(["--help"])
    #expect(run.out.contains("\n  export-otio "))
    #expect(run.out.contains("\n  import-otio "))
  }
}
