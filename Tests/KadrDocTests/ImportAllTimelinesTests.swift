import Foundation
import Testing

/// `import-otio --all`: one document per timeline of a collection.
@Suite("kadr-doc import-otio --all")
struct ImportAllTimelinesTests {
  /// A timeline named `name` with one clip of `frames` at 24 fps playing `file`.
  static func timeline(_ name: String, file: String, frames: Int) -> String {
    """
    {"OTIO_SCHEMA": "Timeline.1", "name": "\(name)", "tracks": {"OTIO_SCHEMA": "Stack.1",
     "children": [{"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
      {"OTIO_SCHEMA": "Clip.2", "name": "\(file)",
       "source_range": {"OTIO_SCHEMA": "TimeRange.1",
         "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
         "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": \(frames)}},
       "media_references": {"DEFAULT_MEDIA":
         {"OTIO_SCHEMA": "ExternalReference.1", "target_url": "file:///media/\(file)"}},
       "active_media_reference_key": "DEFAULT_MEDIA"}]}]}}
    """
  }

  /// A collection of three timelines, two of them in a nested collection; the last name is
  /// one no file system should get as it is.
  static let library = """
    {"OTIO_SCHEMA": "SerializableCollection.1", "name": "library", "children": [
      {"OTIO_SCHEMA": "SerializableCollection.1", "name": "event", "children": [
        \(timeline("Cut 1", file: "a.mov", frames: 48)),
        \(timeline("Cut 2", file: "b.mov", frames: 24))]},
      \(timeline("../../tmp/x\\névil", file: "c.mov", frames: 72))]}
    """

  @Test func writesOneDocumentPerTimelineNamedByIndexAndName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.library, to: "library.otio")
    let output = directory.path("cuts")
    let run = try Tool.run(["import-otio", file, "--all", "-o", output])
    #expect(run.status == 0, "stderr: \(run.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
    #expect(names == ["0-Cut-1.kadr.json", "1-Cut-2.kadr.json", "2-tmp-x-vil.kadr.json"])
    // Each document is its timeline: checked by the tool's own reading of it.
    let expected = [("a.mov", 2.0), ("b.mov", 1.0), ("c.mov", 3.0)]
    for (name, (file, seconds)) in zip(names, expected) {
      let inspect = try Tool.run(["inspect", "--json", output + "/" + name])
      #expect(inspect.status == 0)
      let facts = try JSONOutput.object(inspect.stdout)
      #expect(facts["timelineSeconds"] as? Double == seconds, "\(name)")
      let document = try String(contentsOfFile: output + "/" + name, encoding: .utf8)
      #expect(document.contains(file), "\(name)")
    }
    // That the file holds other timelines is no loss when all of them are imported.
    #expect(!run.err.contains("collections of which one timeline"), "\(run.err)")
    #expect(run.errLines.filter { $0.contains(": wrote ") }.count == 3, "\(run.err)")
  }

  @Test func strictWritesNothingWhenOneTimelineLosesSomething() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Timeline names have no kadr equivalent: every timeline here reports one.
    let file = try directory.write(Self.library, to: "library.otio")
    let output = directory.path("cuts")
    let run = try Tool.run(["import-otio", file, "--all", "--strict", "-o", output])
    #expect(run.status == 1)
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).isEmpty)
  }

  @Test func jsonListsEveryTimelineWithItsDocumentAndReport() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.library, to: "library.otio")
    let output = directory.path("cuts")
    let run = try Tool.run(["import-otio", file, "--all", "--json", "-o", output])
    #expect(run.status == 0, "stderr: \(run.err)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]])
    #expect(entries.map { $0["index"] as? Int } == [0, 1, 2])
    #expect(entries.map { $0["name"] as? String } == ["Cut 1", "Cut 2", "../../tmp/x\névil"])
    #expect(entries.allSatisfy { ($0["output"] as? String)?.hasPrefix(output + "/") == true })
    #expect(entries.allSatisfy { $0["report"] is [String: Any] })
  }

  @Test(arguments: [
    ["--all"],  // no directory
    ["--all", "--timeline", "1", "-o", "cuts"],  // both
  ])
  func refusesWithoutADirectoryOrWithATimeline(_ options: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.library, to: "library.otio")
    let run = try Tool.run(["import-otio", file] + options)
    #expect(run.status == 2)
    #expect(run.err.contains("--all writes one document per timeline"), "\(run.err)")
  }

  @Test func refusesAnOutputThatIsAFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.library, to: "library.otio")
    let existing = try directory.write("keep", to: "cuts")
    let run = try Tool.run(["import-otio", file, "--all", "-o", existing])
    #expect(run.status == 1)
    #expect(run.err.contains("is not a directory"), "\(run.err)")
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep")
  }
}
