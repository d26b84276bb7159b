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
    #expect(run.err.contains("kadr-doc import-otio: --all "), "\(run.err)")
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

/// `import-otio --all` on bundles and large collections: a refusal leaves nothing, media are
/// extracted once, the file is parsed once.
@Suite("kadr-doc import-otio --all, hardened", .serialized)
struct ImportAllTimelinesHardeningTests {
  /// A collection of `count` timelines (`Cut 0`, `Cut 1`, …), each one clip of `media/a.mov`.
  static func collection(_ count: Int, names: [String]? = nil) -> String {
    let timelines = (0..<count).map { index in
      ImportAllTimelinesTests.timeline(
        names?[index] ?? "Cut \(index)", file: "a.mov", frames: 24 + index
      ).replacingOccurrences(of: "file:///media/a.mov", with: "media/a.mov")
    }
    return """
      {"OTIO_SCHEMA": "SerializableCollection.1", "name": "reel", "children": [
      \(timelines.joined(separator: ",\n"))]}
      """
  }

  /// Writes an `.otioz` bundle (with Python's zipfile) of `content` and `media/a.mov`.
  static func bundle(at path: String, content: String) throws {
    let script = """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
          z.writestr("content.otio", sys.argv[2])
          z.writestr("media/a.mov", b"movie bytes")
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path, content]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 could not write the bundle")
  }

  /// Every regular file under `path`, relative to it, sorted.
  static func files(under path: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: path)
    var result: [String] = []
    while let name = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
      if !isDirectory.boolValue { result.append(name) }
    }
    return result.sorted()
  }

  @Test func strictOnALossyBundleWritesNoDocumentAndNoMedia() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.path("reel.otioz")
    // Timeline names have no kadr equivalent: every timeline reports one.
    try Self.bundle(at: bundle, content: Self.collection(3))
    let output = directory.path("cuts")
    let run = try Tool.run(["import-otio", bundle, "--all", "--strict", "-o", output])
    #expect(run.status == 1, "stderr: \(run.err)")
    // Each timeline's media folder was left behind before.
    #expect(Self.files(under: output) == [])
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []) == [])
  }

  @Test func aBundlesMediaAreExtractedOnceForEveryTimeline() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.path("reel.otioz")
    try Self.bundle(at: bundle, content: Self.collection(3))
    let output = directory.path("cuts")
    let run = try Tool.run(["import-otio", bundle, "--all", "-o", output])
    #expect(run.status == 0, "stderr: \(run.err)")
    // One copy of the picture (there were three, one per timeline), which every document uses.
    #expect(
      Self.files(under: output) == [
        "0-Cut-0.kadr.json", "1-Cut-1.kadr.json", "2-Cut-2.kadr.json", "reel.media/media/a.mov",
      ])
    // The document's JSON writes each `/` of the URL as `\/`.
    let media = URL(fileURLWithPath: output + "/reel.media/media/a.mov").standardizedFileURL
      .absoluteString.replacingOccurrences(of: "/", with: "\\/")
    for index in 0..<3 {
      let document = try String(
        contentsOfFile: output + "/\(index)-Cut-\(index).kadr.json", encoding: .utf8)
      #expect(document.contains(media), "\(index): \(document)")
    }
  }

  @Test func namesStayDistinctOnACaseInsensitiveNormalisingFileSystem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let names = ["Cut", "cut", "Caf\u{E9}", "Cafe\u{301}"]
    let file = try directory.write(Self.collection(4, names: names), to: "reel.otio")
    let output = directory.path("cuts")
    let run = try Tool.run(["import-otio", file, "--all", "-o", output])
    #expect(run.status == 0, "stderr: \(run.err)")
    let written = try FileManager.default.contentsOfDirectory(atPath: output)
    #expect(written.count == 4)
    // What APFS would compare: canonical composition, case folded.
    let folded = Set(written.map { $0.precomposedStringWithCanonicalMapping.lowercased() })
    #expect(folded.count == 4, "\(written)")
  }

  @Test func timeGrowsLinearlyWithTheNumberOfTimelines() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The faster of two runs, so that a busy moment of the machine does not count.
    func seconds(_ count: Int) throws -> Double {
      let file = try directory.write(Self.collection(count), to: "reel-\(count).otio")
      var best = Double.infinity
      for attempt in 0..<2 {
        let output = directory.path("out-\(count)-\(attempt)")
        let started = Date()
        let run = try Tool.run(["import-otio", file, "--all", "-o", output])
        #expect(run.status == 0, "stderr: \(run.err)")
        best = min(best, Date().timeIntervalSince(started))
      }
      return best
    }
    let small = try seconds(150)
    let large = try seconds(900)
    // Six times the timelines: about six times as long when the file is parsed once, 36 when
    // every timeline parses it again (25× was measured before). Generous for a busy machine.
    #expect(large / small < 15, "150 timelines: \(small) s, 900: \(large) s")
  }

  @Test func allWithoutADirectoryDoesNotMentionATimelineNobodyGave() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.collection(2), to: "reel.otio")
    let run = try Tool.run(["import-otio", file, "--all"])
    #expect(run.status == 2)
    #expect(run.err.contains("-o DIR"), "\(run.err)")
    #expect(!run.err.contains("--timeline"), "\(run.err)")
  }
}

/// `import-otio BUNDLE -o OUT --strict` (one timeline): the same rule as `--all`.
@Suite("kadr-doc import-otio --strict on a bundle")
struct ImportStrictBundleTests {
  @Test func strictOnALossyBundleLeavesNoMediaFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.path("reel.otioz")
    try ImportAllTimelinesHardeningTests.bundle(
      at: bundle, content: ImportAllTimelinesHardeningTests.collection(1))
    let output = directory.path("out.kadr.json")
    let run = try Tool.run(["import-otio", bundle, "--strict", "-o", output])
    #expect(run.status == 1, "stderr: \(run.err)")
    // OUT.media was extracted before the refusal.
    #expect(!FileManager.default.fileExists(atPath: output + ".media"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func withoutStrictTheMediaAreExtractedBesideTheDocument() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.path("reel.otioz")
    try ImportAllTimelinesHardeningTests.bundle(
      at: bundle, content: ImportAllTimelinesHardeningTests.collection(1))
    let output = directory.path("out.kadr.json")
    let run = try Tool.run(["import-otio", bundle, "-o", output])
    #expect(run.status == 0, "stderr: \(run.err)")
    #expect(FileManager.default.fileExists(atPath: output + ".media/media/a.mov"))
    let document = try String(contentsOfFile: output, encoding: .utf8)
    #expect(document.contains("out.kadr.json.media"), "\(document)")
  }
}
