import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// Rates, start timecodes, markers and names from a hostile document: every number is checked,
/// nothing traps, and what is wrong is an error or a report item with its place.
@Suite("FCPXML hostile rates, timecodes, markers and names")
struct HostileTimelineFactsTests {
  @Test(arguments: [
    // Rates at the edges of what a frame duration can say.
    ("1/2147483647s", "NDF", "0s"), ("2147483647/1s", "NDF", "0s"),
    ("9223372036854775807/2147483647s", "DF", "0s"), ("1001/30000s", "DF", "1/3s"),
    // Start timecodes far past any frame count, negative, or between frames.
    ("1001/30000s", "DF", "9223372036854775807s"), ("1/25s", "NDF", "-3600s"),
    ("1001/60000s", "DF", "9223372036854775807/2147483647s"),
  ])
  func neverTraps(frameDuration: String, tcFormat: String, tcStart: String) {
    let data = Data(
      ProfessionalRoundTripTests.document(
        frameDuration: frameDuration, tcFormat: tcFormat, tcStart: tcStart,
        clipChildren: #"<marker start="9223372036854775807/1s" value="far"/>"#
          + #"<chapter-marker start="0s" value="c" posterOffset="-9223372036854775807s"/>"#
      ).utf8)
    do {
      let imported = try FCPXMLImporter().importProject(from: data)
      // Whatever was read exports again without trapping.
      _ = try? FCPXMLExporter(allowingLoss: true).export(imported.video)
      _ = imported.report.description
    } catch let error as FCPXMLError {
      #expect(!error.path.isEmpty || error.localizedDescription.contains("project"))
    } catch {
      Issue.record("an error that is not an FCPXMLError: \(error)")
    }
  }

  @Test func aStartTimecodeNoFrameCountHoldsIsReported() throws {
    let data = Data(
      ProfessionalRoundTripTests.document(
        frameDuration: "1/25s", tcFormat: "NDF", tcStart: "-3600s"
      ).utf8)
    let imported = try FCPXMLImporter().importProject(from: data)
    #expect(imported.video.startTimecode == nil)
    let item = try #require(imported.report.items(of: .startTimecode).first)
    #expect(item.path.hasSuffix("/sequence"))
  }

  @Test func tenThousandClipsOfOneNameGetTenThousandIds() throws {
    let clips = (0..<10_000).map { index in
      #"<asset-clip ref="r2" offset="\#(index)s" name="a" duration="1s"/>"#
    }.joined()
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.10"><resources>\
      <format id="r1" frameDuration="1/25s" width="1920" height="1080"/>\
      <asset id="r2" name="a" start="0s" duration="100s" hasVideo="1">\
      <media-rep src="file:///media/a.mov"/></asset></resources>\
      <library><event><project name="p"><sequence format="r1" duration="10000s"><spine>\
      \(clips)</spine></sequence></project></event></library></fcpxml>
      """
    let imported = try FCPXMLImporter().importProject(from: Data(document.utf8))
    let ids = imported.video.clips.compactMap { $0.clipID?.rawValue }
    #expect(ids.count == 10_000)
    #expect(Set(ids).count == 10_000)
    #expect(ids.last == "a (10000)")
  }
}
