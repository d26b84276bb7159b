import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import Testing

@Suite("FCPXML export structure")
struct ExportStructureTests {
  typealias C = Compositions

  func text(_ video: Video, allowingLoss: Bool = false) throws -> String {
    String(
      decoding: try FCPXMLExporter(allowingLoss: allowingLoss).export(video).data, as: UTF8.self)
  }

  @Test func writesACutAsAssetClipsWithTrims() throws {
    let xml = try text(C.cut)
    #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE fcpxml>\n"))
    #expect(xml.contains("<fcpxml version=\"1.10\">"))
    #expect(
      xml.contains("<format id=\"r1\" frameDuration=\"1/30s\" width=\"1080\" height=\"1920\"/>"))
    #expect(
      xml.contains(
        "<asset-clip ref=\"r2\" offset=\"0s\" name=\"a.mov\" start=\"2s\" duration=\"5s\">"))
    #expect(
      xml.contains("<asset-clip ref=\"r3\" offset=\"5s\" name=\"second\" duration=\"3s\">"))
    #expect(xml.contains("src=\"file:///media/b%20c.mov\""))
    #expect(xml.contains("<sequence format=\"r1\" duration=\"8s\""))
  }

  @Test func fillsTheFrameWithAVideoClipAsKadrDoes() throws {
    let xml = try text(C.cut)
    #expect(xml.components(separatedBy: "<adjust-conform type=\"fill\"/>").count - 1 == 2)
    // An audio track is not a picture: no conform.
    let broad = try text(C.broad)
    let music = try #require(broad.range(of: "name=\"music.m4a\" duration=\"6s\"/>"))
    #expect(!broad[music.upperBound...].hasPrefix("<adjust-conform"))
  }

  @Test func writesTheSameBytesEveryTime() throws {
    let first = try FCPXMLExporter().export(C.broad).data
    let second = try FCPXMLExporter().export(C.broad).data
    #expect(first == second)
  }

  @Test func cutsADissolveInTheMiddleOfItsOverlap() throws {
    let xml = try text(C.dissolve)
    // a: 0–5 s, b: 4–8 s in kadr; the cut is at 4.5 s and b starts half a second into its trim.
    #expect(xml.contains("<asset-clip ref=\"r2\" offset=\"0s\" name=\"a.mov\" duration=\"9/2s\">"))
    #expect(
      xml.contains(
        "<transition name=\"Cross Dissolve\" offset=\"4s\" duration=\"1s\">"))
    #expect(
      xml.contains(
        "<asset-clip ref=\"r4\" offset=\"9/2s\" name=\"b.mov\" start=\"21/2s\" duration=\"7/2s\">")
    )
    #expect(xml.contains("uid=\"FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265\""))
    #expect(xml.contains("<sequence format=\"r1\" duration=\"8s\""))
  }

  @Test func connectsLayersAudioAndCaptionsToTheSpine() throws {
    let xml = try text(C.broad)
    // The at(time:) clip at 1.2 s hangs from the title (0–2 s, local time from 0).
    #expect(
      xml.contains(
        "<asset-clip ref=\"r5\" lane=\"1\" offset=\"6/5s\" name=\"b.mov\" duration=\"2s\">"))
    // The track at 4 s hangs from a.mov (2–6 s, in-point 1 s): local 1 + (4 − 2) = 3 s.
    #expect(xml.contains("<spine lane=\"2\" offset=\"3s\" name=\"Overlay\">"))
    #expect(
      xml.contains(
        "<asset-clip ref=\"r7\" offset=\"1s\" name=\"d.mov\" start=\"5s\" duration=\"2s\">"))
    // The audio track at 1 s hangs from the title: lane −1.
    #expect(
      xml.contains(
        "<asset-clip ref=\"r8\" lane=\"-1\" offset=\"1s\" name=\"music.m4a\" duration=\"6s\"/>"))
    #expect(xml.contains("<caption lane=\"3\" offset=\"1s\" name=\"Hello &amp; welcome\""))
    #expect(xml.contains("<gap name=\"Gap\" offset=\"6s\" duration=\"1s\"/>"))
  }

  @Test func writesAConstantSpeedAsATimeMap() throws {
    let xml = try text(C.broad)
    // fast.mov: trim 2–6 s at 2× lasts 2 s from 7 s; local time is media time / 2.
    #expect(
      xml.contains(
        "name=\"fast.mov\" start=\"1s\" duration=\"2s\" srcEnable=\"video\">"))
    #expect(xml.contains("<timept time=\"3s\" value=\"6s\" interp=\"linear\"/>"))
  }

  @Test func writesATitleWithItsStyle() throws {
    let xml = try text(C.broad)
    #expect(xml.contains("<title ref=\"r2\" offset=\"0s\" name=\"Basic Title\" duration=\"2s\">"))
    #expect(xml.contains("<text-style ref=\"ts1\">Chapter One</text-style>"))
    #expect(
      xml.contains(
        "<text-style font=\"Helvetica\" fontSize=\"48\" fontColor=\"1 1 1 1\" bold=\"1\" alignment=\"center\"/>"
      ))
  }

  @Test func extendsTheSpineWithAGapForALateClip() throws {
    let xml = try text(C.lateClip)
    #expect(xml.contains("<gap name=\"Gap\" offset=\"2s\" duration=\"6s\">"))
    #expect(
      xml.contains(
        "<asset-clip ref=\"r3\" lane=\"1\" offset=\"3s\" name=\"late.mov\" duration=\"3s\">"))
    #expect(xml.contains("<sequence format=\"r1\" duration=\"8s\""))
  }

  @Test func writesANestedTrackAsACompoundClip() throws {
    let xml = try text(C.nestedTracks)
    // The inner track plays from 3 s to 6 s: 2 s into the storyline, for 3 s.
    #expect(xml.contains("<ref-clip ref=\"r6\" offset=\"2s\" name=\"Inner\" duration=\"3s\"/>"))
    #expect(xml.contains("<media id=\"r6\" name=\"Inner\">"))
    // Inside the compound, its clips count from the sequence's start.
    #expect(
      xml.contains(
        "<asset-clip ref=\"r5\" offset=\"1s\" name=\"e.mov\" start=\"3s\" duration=\"2s\">"))
    #expect(
      xml.contains("<ref-clip ref=\"r8\" offset=\"5s\" name=\"Compound Clip\" duration=\"1s\"/>"))
  }
}
