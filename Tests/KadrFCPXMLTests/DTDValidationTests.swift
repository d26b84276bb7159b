import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// Every export validated by xmllint against kadr's DTD for the FCPXML 1.10 it writes (written
/// from the facts of Apple's DTD, as strict for these elements; see the DTD's header), and
/// every time attribute checked to be an exact `N/Ds` on a frame of the sequence.
@Suite(
  "FCPXML exports against the DTD",
  .enabled(if: Tools.dtdRuns, "xmllint is not installed (apt-get install libxml2-utils)"))
struct DTDValidationTests {
  typealias C = Compositions

  static let cases: [(String, Video)] = [
    ("cut", C.cut), ("dissolve", C.dissolve), ("broad", C.broad), ("late clip", C.lateClip),
    ("storyline dissolve", C.storylineDissolve), ("nested tracks", C.nestedTracks),
    ("60 fps", C.sixty), ("fade and slide", C.fadeAndSlide),
  ]

  @Test(arguments: cases.map(\.0))
  func exportIsValid(name: String) throws {
    let video = try #require(Self.cases.first { $0.0 == name }?.1)
    let data = try FCPXMLExporter().export(video).data
    let problems = Tools.dtdProblems(data)
    #expect(problems == nil, "\(name): \(problems ?? "")")
  }

  @Test(arguments: ["looks", "retimed", "nested opacity"])
  func adjustmentsAndTimeMapsAreValid(name: String) throws {
    let videos = ["looks": C.looks, "retimed": C.retimed, "nested opacity": C.nestedOpacity]
    let data = try FCPXMLExporter().export(try #require(videos[name])).data
    let problems = Tools.dtdProblems(data)
    #expect(problems == nil, "\(name): \(problems ?? "")")
  }

  @Test func lossyExportsAreValidToo() throws {
    for video in [C.lossy, C.offFrame, C.ramped] {
      let data = try FCPXMLExporter(allowingLoss: true).export(video).data
      let problems = Tools.dtdProblems(data)
      #expect(problems == nil, "\(problems ?? "")")
    }
  }

  @Test func theDTDRefusesWhatApplesRefuses() throws {
    // A clip without a duration, and an element Apple's spine does not hold: both invalid.
    let bad = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.10"><resources><format id="r1" frameDuration="1/30s" width="1" height="1"/>\
      <asset id="r2" name="a"><media-rep src="file:///a.mov"/></asset></resources>\
      <library><event><project><sequence format="r1" duration="1s"><spine>\
      <asset-clip ref="r2" offset="0s"/><caption duration="1s"/></spine></sequence></project>\
      </event></library></fcpxml>
      """
    let problems = try #require(Tools.dtdProblems(Data(bad.utf8)))
    #expect(problems.contains("duration"))
    #expect(problems.contains("caption"))
  }

  @Test(arguments: cases.map(\.0))
  func everyTimeIsAnExactFrame(name: String) throws {
    let video = try #require(Self.cases.first { $0.0 == name }?.1)
    let xml = String(decoding: try FCPXMLExporter().export(video).data, as: UTF8.self)
    let rate = Int64(video.preset.frameRate)
    let pattern = /(offset|duration|time)="(-?\d+)(?:\/(\d+))?s"/
    var checked = 0
    for match in xml.matches(of: pattern) {
      let numerator = try #require(Int64(match.output.2))
      let denominator = match.output.3.flatMap { Int64($0) } ?? 1
      #expect((numerator * rate) % denominator == 0, "\(match.output.0) is not on a frame")
      checked += 1
    }
    #expect(checked > 3)
  }
}
