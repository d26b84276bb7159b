import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// kadr's transitions as Final Cut Pro's own: a dissolve as Cross Dissolve, a fade through
/// black as Fade To Color, a slide as Slide with its direction; each read back as itself.
@Suite("FCPXML transitions")
struct TransitionExportTests {
  typealias C = Compositions

  @Test func writesAFadeAsFadeToColorAndASlideAsSlideKeepingThePlaces() throws {
    #expect(FCPXMLExporter().losses(in: C.fadeAndSlide).isEmpty)
    let xml = String(decoding: try CheckedExport.export(C.fadeAndSlide).data, as: UTF8.self)
    #expect(
      xml.contains(
        "<effect id=\"r3\" name=\"Fade To Color\" uid=\"FxPlug:F779C565-486D-4633-8035-0374B4DB8F5C\"/>"
      ))
    #expect(
      xml.contains(
        "<effect id=\"r5\" name=\"Slide\" uid=\"FxPlug:6AAB0D54-FCD8-4EBD-A62D-D352A5ED1648\"/>"))
    // a: 0–3, b: 3–6 (a fade does not overlap: its cut is the boundary, half a second either
    // side), c: from 5 (the slide overlaps by 1 s); the slide's cut is at 5.5 s.
    #expect(xml.contains("<transition name=\"Fade To Color\" offset=\"5/2s\" duration=\"1s\">"))
    #expect(xml.contains("<asset-clip ref=\"r4\" offset=\"3s\" name=\"b.mov\" duration=\"5/2s\">"))
    #expect(xml.contains("<transition name=\"Slide\" offset=\"5s\" duration=\"1s\">"))
    // From the left: Final Cut Pro's Right (2).
    #expect(xml.contains("<param name=\"Direction\" key=\"4\" value=\"2\"/>"))
    #expect(xml.contains("<sequence format=\"r1\" duration=\"8s\""))
  }

  @Test(arguments: SlideDirection.allCases)
  func readsEverySlideDirectionBack(direction: SlideDirection) throws {
    let video = Video {
      C.clip("a.mov", from: 0, length: 3)
      Transition.slide(direction: direction, duration: C.seconds(1))
      C.clip("b.mov", from: 1, length: 3)
    }
    let imported = try FCPXMLImporter().importProject(
      from: try CheckedExport.export(video).data)
    #expect(imported.report.isEmpty, "\(imported.report)")
    #expect(
      imported.video.clips[1] as? Transition
        == .slide(direction: direction, duration: C.seconds(1)))
  }

  @Test func readsAFadeToColorBackAsAFadeThroughBlackWithItsClipsMeetingAtItsMiddle() throws {
    let imported = try FCPXMLImporter().importProject(
      from: try CheckedExport.export(C.fadeAndSlide).data)
    #expect(imported.video.clips[1] as? Transition == .fade(duration: C.seconds(1)))
    #expect(imported.video.clips[0].duration == C.seconds(3))
    #expect(imported.video.clips[2].duration == C.seconds(3))
  }

  @Test func readsAnotherTransitionAsADissolveAndSaysSo() throws {
    let xml = String(decoding: try CheckedExport.export(C.dissolve).data, as: UTF8.self)
      .replacingOccurrences(of: "FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265", with: "Wipe.uid")
      .replacingOccurrences(of: "Cross Dissolve", with: "Wipe")
    let imported = try FCPXMLImporter().importProject(from: Data(xml.utf8))
    #expect(imported.video.clips[1] as? Transition == .dissolve(duration: C.seconds(1)))
    #expect(imported.report.items.map(\.kind) == [.transitionKind])
  }

  /// A Fade To Color as DaVinci Resolve writes it (a colour parameter, key 3): black reads as a
  /// fade through black; another colour too, and the report says so.
  @Test(arguments: [("0 0 0 1", 0), ("0 0 1 1", 1)])
  func readsAFadeToColorsColour(colour: String, reportItems: Int) throws {
    let xml = String(decoding: try CheckedExport.export(C.fadeAndSlide).data, as: UTF8.self)
      .replacingOccurrences(
        of: "<filter-video ref=\"r3\" name=\"Fade To Color\"/>",
        with: "<filter-video ref=\"r3\" name=\"Transition\"><param name=\"Color\" key=\"3\" "
          + "value=\"\(colour)\"/></filter-video>")
    #expect(xml.contains("key=\"3\""))
    let imported = try FCPXMLImporter().importProject(from: Data(xml.utf8))
    #expect(imported.video.clips[1] as? Transition == .fade(duration: C.seconds(1)))
    #expect(imported.report.items.count == reportItems, "\(imported.report)")
  }
}
