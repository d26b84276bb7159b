import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import Testing

@Suite("kadr-doc export-fcpxml and import-fcpxml")
struct FCPXMLCommandTests {
  static func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

  /// A cut of two clips with a dissolve and an audio track, as the exporter writes it.
  static var cut: Data {
    get throws {
      let video = Video(
        clips: [
          VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).trimmed(
            to: TimeRange(start: .zero, duration: seconds(4))),
          Transition.dissolve(duration: seconds(1)),
          VideoClip(url: URL(fileURLWithPath: "/media/b.mov")).trimmed(
            to: TimeRange(start: seconds(2), duration: seconds(3))),
        ],
        audioTracks: [
          AudioTrack(url: URL(fileURLWithPath: "/media/m.wav"), explicitDuration: seconds(6))
        ])
      return try FCPXMLExporter(projectName: "Cut").export(video).data
    }
  }

  /// Two projects, the second with a keyword the composition has no place for.
  static let twoProjects = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE fcpxml>
    <fcpxml version="1.12"><resources><format id="r1" frameDuration="1/25s" width="1920" \
    height="1080"/></resources><library><event name="E"><project name="One"><sequence \
    format="r1" duration="1s"><spine><gap name="Gap" offset="0s" duration="1s"/></spine>\
    </sequence></project><project name="Two/../x"><sequence format="r1" duration="2s"><spine>\
    <gap name="Gap" offset="0s" duration="2s"><keyword start="1s" value="todo"/></gap></spine>\
    </sequence></project></event></library></fcpxml>
    """

  @Test func importThenExportGivesTheDocumentBackByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let original = try Self.cut
    let file = directory.path("cut.fcpxml")
    try original.write(to: URL(fileURLWithPath: file))
    let document = directory.path("cut.kadr.json")
    let imported = try Tool.run(["import-fcpxml", file, "-o", document])
    #expect(imported.status == 0)
    #expect(imported.err.isEmpty, "nothing is lost: \(imported.err)")
    let back = directory.path("back.fcpxml")
    let exported = try Tool.run(["export-fcpxml", document, "--project", "Cut", "-o", back])
    #expect(exported.status == 0)
    #expect(exported.err.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == original)
  }

  @Test func importAndExportUseStandardInputAndOutput() throws {
    let original = try Self.cut
    let imported = try Tool.run(["import-fcpxml", "-"], stdin: original)
    #expect(imported.status == 0)
    let exported = try Tool.run(["export-fcpxml", "-", "--project", "Cut"], stdin: imported.stdout)
    #expect(exported.status == 0)
    #expect(exported.stdout == original)
  }

  /// A vertical Reels and Shorts document with an export quality and a trim between frames:
  /// ordinary mobile work, which nothing in Final Cut Pro would show differently.
  static let mobile = #"""
    {"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[{"video":{"_0":{"filterAnimat\#
    ions":[],"filterIDs":[],"filters":[],"isMuted":false,"isReversed":false,"speedRate":1,"tri\#
    mRange":{"duration":{"timescale":600,"value":1001},"start":{"timescale":1,"value":0}},"url\#
    ":"file:\/\/\/media\/a.mov","volumeLevel":1}}}],"overlays":[],"preset":{"kind":"reelsAndSh\#
    orts"},"quality":{"bitrate":4000000,"kind":"bitrate"}}}
    """#

  @Test func exportWritesMobileWorkWithoutAllowingLossAndPrintsNotes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(Self.mobile, to: "reel.kadr.json")
    let output = directory.path("reel.fcpxml")
    let run = try Tool.run(["export-fcpxml", document, "-o", output])
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.err.contains("cannot hold"))
    #expect(run.err.contains("note: Final Cut Pro has no preset named Reels and Shorts"))
    #expect(run.err.contains("note: The export quality is chosen when a film is shared"))
    #expect(run.err.contains("note: Clip 1 (video a.mov) was moved 1.7 ms to the nearest frame."))
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written.contains("width=\"1080\" height=\"1920\""))
  }

  @Test func stillsAreCopiedUnderTheirNamesWithStills() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let images = directory.path("images")
    let still = ImageClip.color(.white, duration: Self.seconds(2)).named("Beach")
    let saved = try KadrCoder().save(
      Video(clips: [still]), images: FileImageStore(directory: URL(fileURLWithPath: images)))
    let document = try directory.write(
      String(decoding: saved.data, as: UTF8.self), to: "stills.kadr.json")
    let output = directory.path("stills.fcpxml")
    let stills = directory.path("Stills")
    // Without the images (or a file to write) there is nothing to copy from, or to point at it.
    let refused = try Tool.run(["export-fcpxml", document, "--stills", stills, "-o", output])
    #expect(refused.status == 2)
    #expect(refused.err.contains("--stills copies the stills' pictures, so it needs the images"))
    #expect(!FileManager.default.fileExists(atPath: stills))

    let run = try Tool.run([
      "export-fcpxml", document, "--images", images, "--stills", stills, "-o", output,
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.contains("stills copied into"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: stills) == ["Beach.png"])
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written.contains("/Stills/Beach.png\""), "\(written)")
    #expect(written.contains("<asset id=\"r2\" name=\"Beach\""))
  }

  @Test func exportRefusesWhatFCPXMLCannotHoldUnlessAllowed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The broad fixture has overlays, filters and a still without an image store.
    let document = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let output = directory.path("broad.fcpxml")
    let refused = try Tool.run(["export-fcpxml", document, "-o", output])
    #expect(refused.status == 1)
    #expect(refused.err.contains("cannot hold: "))
    #expect(refused.err.contains("nothing was written. Use --allowing-loss to write the rest."))
    #expect(!FileManager.default.fileExists(atPath: output))
    let allowed = try Tool.run(["export-fcpxml", document, "-o", output, "--allowing-loss"])
    #expect(allowed.status == 0)
    #expect(allowed.err.contains("left out: "))
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written.contains("<fcpxml version=\"1.10\">"))
  }

  @Test func reportsWhatIsLeftOutAndStrictFailsWritingNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.twoProjects, to: "two.fcpxml")
    let output = directory.path("two.kadr.json")
    let run = try Tool.run(["import-fcpxml", file, "--project", "1", "-o", output])
    #expect(run.status == 0)
    #expect(run.err.contains("markers and keywords left out"))
    // Named as the editor sees it; the element's path is in the JSON (below), not on screen.
    #expect(run.err.contains("(gap “Gap” at 00:00:00:00)"), "\(run.err)")
    #expect(!run.err.contains("keyword[1]"))
    let strictOutput = directory.path("strict.kadr.json")
    let strict = try Tool.run([
      "import-fcpxml", file, "--project", "1", "-o", strictOutput, "--strict",
    ])
    #expect(strict.status == 1)
    #expect(!FileManager.default.fileExists(atPath: strictOutput))
    let json = try Tool.run(["import-fcpxml", file, "--project", "1", "-o", output, "--json"])
    #expect(json.status == 0)
    let report = try JSONDecoder().decode(FCPXMLImportReport.self, from: json.stdout)
    #expect(report.items.map(\.kind) == [.otherProjects, .marker])
    #expect(report.items.last?.path.hasSuffix("gap[1]/keyword[1]") == true)
    #expect(report.items.last?.subject == "gap “Gap” at 00:00:00:00")
  }

  @Test func listsAndImportsEveryProjectIntoADirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Self.twoProjects, to: "two.fcpxml")
    let list = try Tool.run(["import-fcpxml", file, "--list"])
    #expect(list.out == "0\tOne\n1\tTwo/../x\n")
    let all = directory.path("all")
    let run = try Tool.run(["import-fcpxml", file, "--all", "-o", all])
    #expect(run.status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: all).sorted()
    // The project's name cannot leave the directory.
    #expect(names == ["0-One.kadr.json", "1-Two-x.kadr.json"])
    #expect(try Tool.run(["import-fcpxml", file, "--all"]).status == 2)
    #expect(
      try Tool.run(["import-fcpxml", file, "--all", "-o", all, "--project", "0"]).status == 2)
  }

  @Test func projectNamesTheProjectAndLeavesTheEventsName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = directory.path("cut.kadr.json")
    let file = try directory.write(String(decoding: try Self.cut, as: UTF8.self), to: "cut.fcpxml")
    #expect(try Tool.run(["import-fcpxml", file, "-o", document]).status == 0)
    let exported = try Tool.run(["export-fcpxml", document, "--project", "Rough Cut"])
    #expect(exported.status == 0)
    #expect(exported.out.contains("<event name=\"kadr\">"))
    #expect(exported.out.contains("<project name=\"Rough Cut\">"))
  }

  @Test func importsEveryProjectWhateverTheLengthOfItsName() throws {
    // A name of 300 letters is too long for a file name: it is shortened, as import-otio
    // --all shortens a timeline's, and the later projects are imported too.
    let long = String(repeating: "Long", count: 75)
    let document = Self.twoProjects.replacingOccurrences(
      of: "name=\"One\"", with: "name=\"\(long)\"")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(document, to: "two.fcpxml")
    let all = directory.path("all")
    let run = try Tool.run(["import-fcpxml", file, "--all", "-o", all])
    #expect(run.status == 0, "\(run.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: all).sorted()
    #expect(names == ["0-\(long.prefix(48)).kadr.json", "1-Two-x.kadr.json"])
  }

  @Test func refusesHostileXMLSayingWhereAndWhy() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(
      """
      <?xml version="1.0"?>
      <!DOCTYPE fcpxml [<!ENTITY a "aaaaaaaa">]>
      <fcpxml version="1.10"/>
      """, to: "bomb.fcpxml")
    let run = try Tool.run(["import-fcpxml", file, "-o", directory.path("out.kadr.json")])
    #expect(run.status == 1)
    #expect(run.err.contains("bomb.fcpxml:2: Refused a document type declaration"))
    #expect(run.err.contains("How") == false)
  }

  @Test(arguments: ["export-fcpxml", "import-fcpxml"])
  func helpShowsTheUsage(_ command: String) throws {
    let run = try Tool.run(["help", command])
    #expect(run.status == 0)
    #expect(run.out.contains("usage: kadr-doc \(command) FILE"))
  }

  /// The rules both importers share, each refused with the usage status before anything is
  /// read or written, and a missing `--images` directory refused by every interchange command.
  @Test(arguments: [
    ("import-fcpxml", "--project", "project"), ("import-otio", "--timeline", "timeline"),
  ])
  func importersRefuseOptionsThatDoNotFitTogether(command: String, selector: String, unit: String)
    throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("absent.file")
    let out = directory.path("out")
    let cases: [([String], String)] = [
      (["--all"], "--all writes one document per \(unit) into a directory"),
      (["--all", "-o", out, selector, "0"], "--all imports every \(unit); leave out \(selector)"),
      (["--json"], "--json prints the report; give -o OUT"),
    ]
    for (options, message) in cases {
      let run = try Tool.run([command, file] + options)
      #expect(run.status == 2, "\(options)")
      #expect(run.err.contains("kadr-doc \(command): \(message)"), "\(run.err)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }

  @Test(arguments: ["export-fcpxml", "import-fcpxml", "export-otio", "import-otio", "check"])
  func aMissingImagesDirectoryIsRefused(command: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = directory.path("cut.fcpxml")
    try Self.cut.write(to: URL(fileURLWithPath: document))
    let missing = directory.path("no-such-store")
    let run = try Tool.run([command, document, "--images", missing])
    #expect(run.status == 1)
    #expect(run.err.contains("kadr-doc: --images \(missing): no such directory"))
    #expect(!FileManager.default.fileExists(atPath: missing), "the tool never makes it")
  }
}
