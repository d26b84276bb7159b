import Foundation
import KadrFCPXML
import KadrModel
import KadrOTIO
import KadrPersistenceTesting
import Testing

/// What professional editors check after an FCPXML trip (#58): NTSC rates with drop frame, the
/// start timecode, markers, names, roles and exact speeds come back as they were.
@Suite("FCPXML professional timeline round trips")
struct ProfessionalRoundTripTests {
  /// `count` frames at 29.97, in lowest terms (as the importer reduces times).
  static func frames(_ count: Int64) -> Time {
    var (a, b) = (UInt64(count * 1001), UInt64(30000))
    while b != 0 { (a, b) = (b, a % b) }
    return Time(value: count * 1001 / Int64(a), timescale: Int32(30000 / Int64(a)))
  }

  static let url = URL(fileURLWithPath: "/media/interview.mov")

  /// A 29.97 drop-frame cut starting at 01:00:00;00: a named clip with a role and three kinds
  /// of markers, a clip at exactly 2.5×, a gap carrying a timeline marker, a named title with
  /// its role and a to-do, and music with its role.
  static func ntscCut() throws -> Video {
    let start = try SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame)
    let interview = VideoClip(
      url: url, trimRange: TimeRange(start: frames(30), duration: frames(90))
    )
    .named("Interview").role("dialogue.Boom")
    .marker(Marker("Laugh", at: frames(10)))
    .marker(Marker("Act two", at: frames(20), kind: .chapter))
    .marker(
      Marker("Fix colour", at: frames(40), duration: frames(15), kind: .toDo(completed: false))
        .note("too warm"))
    let fast = VideoClip(url: url, trimRange: TimeRange(start: frames(300), duration: frames(250)))
      .speed(numerator: 5, denominator: 2).named("B-roll")
    let title = TitleSequence(text: "The end", duration: frames(60)).named("Credits").role("titles")
      .marker(Marker("Check spelling", at: frames(5), kind: .toDo(completed: true)))
    return Video(
      clips: [
        interview, fast,
        OTIOPlaceholder(role: .gap, duration: frames(45)), title,
      ],
      audioTracks: [
        AudioTrack(url: URL(fileURLWithPath: "/media/music.wav"), explicitDuration: frames(200))
          .role(.music)
      ],
      preset: .custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264)
    )
    .startTimecode(start)
    .marker(Marker("Breath", at: frames(195)))
  }

  @Test func aDropFrameCutWithATimecodeMarkersAndARetimeComesBack() throws {
    let video = try Self.ntscCut()
    let file = try FCPXMLExporter().export(video)
    #expect(file.lossReport.losses.isEmpty, "\(file.lossReport)")
    #expect(file.notes.isEmpty, "\(file.notes)")
    let xml = String(decoding: file.data, as: UTF8.self)
    #expect(xml.contains(#"frameDuration="1001/30000s""#))
    #expect(xml.contains(#"tcFormat="DF""#))
    // 01:00:00;00 is frame 107892: 107892 × 1001/30000 s.
    #expect(xml.contains(#"tcStart="8999991/2500s""#))
    #expect(xml.contains(#"<marker start=""#) && xml.contains(#"<chapter-marker start=""#))
    #expect(xml.contains(#"completed="0" note="too warm""#))
    #expect(xml.contains(#"audioRole="dialogue.Boom""#))
    // The exact speed: 2.5× as the fraction 5/2, never a decimal.
    #expect(xml.contains(#"<timept time="0s" value="0s""#))
    if Tools.xmllint != nil {
      let problems = Tools.dtdProblems(file.data)
      #expect(problems == nil, "\(problems ?? "")")
    }
    // Every time the sequence counts is on the 29.97 grid.
    for match in xml.matches(of: /(offset|duration)="(-?\d+)(?:\/(\d+))?s"/) {
      let numerator = try #require(Int64(match.output.2))
      let denominator = match.output.3.flatMap { Int64($0) } ?? 1
      #expect((numerator * 30000) % (denominator * 1001) == 0, "\(match.output.0) is off the grid")
    }
    let imported = try FCPXMLImporter().importProject(from: file.data)
    #expect(imported.report.isEmpty, "\(imported.report)")
    // The importer gives every clip an id of its own; everything else is as it was.
    let differences = PersistenceTestKit.differences(video, imported.video, ignoring: ["clipID"])
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    #expect(
      String(reflecting: imported.video.startTimecode) == String(reflecting: video.startTimecode))
    #expect(imported.video.startTimecode?.description == "01:00:00;00")
    #expect(imported.video.preset.rate == .ntsc30DropFrame)
    let fast = try #require(imported.video.clips[1] as? VideoClip)
    #expect(fast.speedRatio == SpeedRatio(numerator: 5, denominator: 2))
    #expect(fast.duration == Self.frames(100))
    // And a second export is the same document.
    let second = try FCPXMLExporter().export(imported.video).data
    #expect(String(decoding: second, as: UTF8.self) == xml)
  }

  @Test(arguments: [
    ("1001/24000s", "NDF", FrameRate.ntsc24), ("1001/30000s", "NDF", .ntsc30),
    ("1001/30000s", "DF", .ntsc30DropFrame), ("1001/60000s", "NDF", .ntsc60),
    ("1001/60000s", "DF", .ntsc60DropFrame), ("2002/60000s", "DF", .ntsc30DropFrame),
  ])
  func readsNTSCRatesExactly(frameDuration: String, tcFormat: String, rate: FrameRate) throws {
    let imported = try FCPXMLImporter().importProject(
      from: Data(Self.document(frameDuration: frameDuration, tcFormat: tcFormat).utf8))
    #expect(imported.video.preset.rate == rate)
    #expect(imported.report.items(of: .frameRate).isEmpty, "\(imported.report)")
    let again = try FCPXMLImporter().importProject(
      from: try FCPXMLExporter().export(imported.video).data)
    #expect(again.video.preset.rate == rate)
  }

  @Test func dropFrameAtARateWithoutItIsReported() throws {
    let imported = try FCPXMLImporter().importProject(
      from: Data(Self.document(frameDuration: "1/25s", tcFormat: "DF").utf8))
    #expect(imported.video.preset.rate.isDropFrame == false)
    let item = try #require(imported.report.items(of: .frameRate).first)
    #expect(item.detail.contains("drop frame at 25 fps"))
    #expect(item.path.hasSuffix("/sequence"))
  }

  @Test func aStartBetweenFramesIsMovedToItsFrameAndReported() throws {
    let imported = try FCPXMLImporter().importProject(
      from: Data(Self.document(frameDuration: "1/25s", tcFormat: "NDF", tcStart: "3601/1000s").utf8)
    )
    #expect(imported.video.startTimecode?.description == "00:00:03:15")
    #expect(imported.report.items(of: .startTimecode).count == 1)
  }

  @Test(arguments: [
    (#"<marker duration="1s" value="a"/>"#, "start"),
    (#"<marker start="1s" duration="-1s" value="a"/>"#, "duration"),
    (#"<marker start="1s" value="a" completed="2"/>"#, "completed"),
    (#"<marker start="99999999999999999999s" value="a"/>"#, "start"),
  ])
  func aDamagedMarkerIsRefusedWithItsPlace(marker: String, attribute: String) throws {
    let data = Data(
      Self.document(frameDuration: "1/25s", tcFormat: "NDF", clipChildren: marker).utf8)
    #expect {
      try FCPXMLImporter().importProject(from: data)
    } throws: { error in
      guard let error = error as? FCPXMLError,
        case .invalidValue(let name, _) = error.reason
      else { return false }
      return name == attribute && error.path.hasSuffix("asset-clip[1]/marker[1]")
    }
  }

  @Test func whatIsLeftOutIsNamedByItsClipAndTimecode() throws {
    // Music under a gap, from 01:00:05:00, with a marker kadr keeps no place for.
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.10"><resources>\
      <format id="r1" frameDuration="1/25s" width="1920" height="1080"/>\
      <asset id="r3" name="m" start="0s" duration="100s" hasAudio="1">\
      <media-rep src="file:///media/m.wav"/></asset></resources>\
      <library><event><project name="p"><sequence format="r1" duration="15s" tcStart="3600s">\
      <spine><gap name="Gap" offset="3600s" duration="15s">\
      <asset-clip ref="r3" lane="-1" offset="5s" name="Music" duration="10s">\
      <marker start="1s" value="Drop"/></asset-clip></gap>\
      </spine></sequence></project></event></library></fcpxml>
      """
    let imported = try FCPXMLImporter().importProject(from: Data(document.utf8))
    let item = try #require(imported.report.items(of: .marker).first)
    #expect(item.detail.contains("on an audio clip “Music” at 01:00:05:00"), "\(item.detail)")
    #expect(item.detail.contains("“Drop”"))
    // An item read inside a story element is named by it and its timecode, in its subject; the
    // sentence says what it is in the inspector's words, not the element's.
    let annotations = try RealFileTests.load("Annotations.fcpxml").report
    let note = try #require(annotations.items(of: .metadata).first)
    #expect(note.detail == "The note “c1 notes” is left out.")
    #expect(note.subject == "clip “TestVideo Clip” at 01:00:00:00")
    #expect(note.path.hasSuffix("asset-clip[1]/note[1]"))
    let conform = try #require(annotations.items(of: .effect).last)
    #expect(conform.detail == "The colour conform (HDR tone mapping) is left out.")
  }

  /// The report a person reads names every place by a clip (or the timeline) and a timecode,
  /// in every real file, items made after reading included; element paths stay in the items.
  @Test func theReportForPeopleHasNoElementPaths() throws {
    for name in RealFileTests.files {
      let report = try RealFileTests.load(name).report
      for item in report.items {
        #expect(!item.subject.isEmpty, "\(name): \(item)")
        #expect(item.path.hasPrefix("/fcpxml"), "\(name): \(item)")
        for jargon in ["adjust-", "filter-", "asset-clip", "ref-clip", "spine", "sequence"] {
          #expect(!item.detail.contains(jargon), "\(name): \(item.detail)")
        }
      }
      let rendered = report.rendered(prefix: "")
      #expect(!rendered.contains("/fcpxml"), "\(name): \(rendered)")
    }
    let example = try RealFileTests.load("fcpx_example.fcpxml").report
    // Made when the pieces are laid out, after the reading: still named by its timecode.
    let transition = try #require(
      example.items(of: .transitionKind).first { $0.detail.contains("each side") })
    #expect(transition.subject == "transition at 00:00:50:00")
    #expect(example.rendered().contains("(the document) — The document holds 2 projects"))
  }

  /// A one-clip document.
  static func document(
    frameDuration: String, tcFormat: String, tcStart: String = "0s", clipChildren: String = ""
  ) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE fcpxml>
    <fcpxml version="1.10"><resources>\
    <format id="r1" frameDuration="\(frameDuration)" width="1920" height="1080"/>\
    <asset id="r2" name="a" start="0s" duration="100s" hasVideo="1">\
    <media-rep src="file:///media/a.mov"/></asset></resources>\
    <library><event><project name="p"><sequence format="r1" duration="4004/1000s" \
    tcStart="\(tcStart)" tcFormat="\(tcFormat)"><spine>\
    <asset-clip ref="r2" offset="\(tcStart)" name="a" duration="4004/1000s">\(clipChildren)</asset-clip>\
    </spine></sequence></project></event></library></fcpxml>
    """
  }
}
