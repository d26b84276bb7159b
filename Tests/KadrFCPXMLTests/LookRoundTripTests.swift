import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistenceTesting
import Testing

/// Transforms, opacity, volume and speed written as FCPXML adjustments and time maps, and read
/// back: exactly (by reflection and byte for byte) where FCPXML holds them exactly.
@Suite("FCPXML looks, volume and speed")
struct LookRoundTripTests {
  typealias C = Compositions

  static func xml(_ video: Video, allowingLoss: Bool = false) throws -> String {
    String(
      decoding: try FCPXMLExporter(allowingLoss: allowingLoss).export(video).data, as: UTF8.self)
  }

  static let cases: [String: Video] = [
    "looks": C.looks, "retimed": C.retimed, "nested opacity": C.nestedOpacity,
  ]

  @Test(arguments: ["looks", "retimed", "nested opacity"])
  func exportsWithoutLossAndReadsBackTheSameComposition(name: String) throws {
    let video = try #require(Self.cases[name])
    #expect(FCPXMLExporter().losses(in: video).isEmpty, "\(FCPXMLExporter().losses(in: video))")
    let first = try FCPXMLExporter().export(video).data
    let imported = try FCPXMLImporter().importProject(from: first)
    #expect(imported.report.isEmpty, "\(imported.report)")
    // The importer gives every clip an id of its own, and a speed read from a time map its
    // exact ratio; both are checked in their own tests.
    let differences = PersistenceTestKit.differences(
      video, imported.video, ignoring: ["clipID", "speedRatio"])
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    let second = try FCPXMLExporter().export(imported.video).data
    #expect(String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self))
  }

  @Test func writesFCPXMLsUnitsRelativeToTheFrameHeight() throws {
    // On a square frame: the centre (¾, ¼) is 25 % of the height right and up from the middle,
    // the top-left anchor half a height left and up; 0.5 rad is 28.6…°.
    let video = Video(
      clips: [
        C.clip("a.mov", from: 0, length: 2).transform(
          Transform(
            center: .normalized(x: 0.75, y: 0.25), rotation: .pi / 2, scale: 0.5,
            anchor: .topLeft)
        ).opacity(0.8).volume(0.5)
      ], preset: .square)
    let xml = try Self.xml(video)
    #expect(
      xml.contains(
        "<adjust-transform position=\"25 25\" scale=\"0.5 0.5\" rotation=\"90\" anchor=\"-50 50\"/>"
      ), "\(xml)")
    #expect(xml.contains("<adjust-blend amount=\"0.8\"/>"))
    #expect(xml.contains("<adjust-volume amount=\"-6.020599913279624dB\"/>"), "\(xml)")
  }

  @Test func writesANestedTracksOpacityOnItsCompoundClip() throws {
    let xml = try Self.xml(C.nestedOpacity)
    #expect(xml.contains("name=\"Faded\" duration=\"2s\">\n"), "\(xml)")
    #expect(xml.contains("<adjust-blend amount=\"0.5\"/>"))
  }

  @Test func writesSilenceAtTheFloorAndFadesAndRampsAsAmountParameters() throws {
    let xml = try Self.xml(C.looks)
    #expect(xml.contains("<adjust-volume amount=\"-96dB\"/>"))
    // The track starts at its in-point 0: keyframe times are the ramps' own.
    #expect(xml.contains("<fadeIn type=\"linear\" duration=\"1s\"/>"))
    #expect(xml.contains("<fadeOut type=\"linear\" duration=\"3/2s\"/>"))
    #expect(xml.contains("<keyframe time=\"2s\" value=\"-6.020599913279624dB\" curve=\"linear\"/>"))
    #expect(xml.contains("<keyframe time=\"7/2s\" value=\"0dB\" curve=\"linear\"/>"))
    // Two ramps sharing a point: three keyframes.
    #expect(xml.components(separatedBy: "dB\" curve=\"linear\"/>").count - 1 == 3)
  }

  @Test func animatesFromTheClipsFirstFrameEvenWhenADissolveMovesItsStart() throws {
    // b starts at 3 s in kadr (a's 4 s less the 1 s dissolve); the cut is on the frame at
    // 3.48 s (12 of the dissolve's 25 frames), so b's element starts 12/25 s into b, at local
    // time 62/25 s (its trim starts at 2 s): kadr's time 0 is local 2 s.
    let xml = try Self.xml(C.looks)
    #expect(xml.contains("name=\"b.mov\" start=\"62/25s\""), "\(xml)")
    // Positions name no curve (Final Cut Pro ignores a position param whose keyframes do).
    #expect(xml.contains("<keyframe time=\"2s\" value=\"0 0\"/>"))
    #expect(xml.contains("<keyframe time=\"3s\" value=\"44.44444444444444 25\"/>"))
    #expect(xml.contains("<keyframe time=\"7/2s\" value=\"0.25\" curve=\"linear\"/>"))
  }

  @Test func writesAReverseAsADecreasingTimeMap() throws {
    let xml = try Self.xml(C.retimed)
    #expect(xml.contains("<timept time=\"0s\" value=\"5s\" interp=\"linear\"/>"))
    #expect(xml.contains("<timept time=\"3s\" value=\"2s\" interp=\"linear\"/>"))
    // At double speed: four seconds of source in two.
    #expect(xml.contains("<timept time=\"0s\" value=\"4s\" interp=\"linear\"/>"))
    #expect(xml.contains("<timept time=\"2s\" value=\"0s\" interp=\"linear\"/>"))
  }

  @Test func writesAnAudioTracksSpeedAsATimeMapKeepingOrNotItsPitch() throws {
    let xml = try Self.xml(C.retimed)
    // Four seconds of source at 2× last two; from 3 s at ½× the in-point is local 6 s.
    #expect(xml.contains("name=\"fast.m4a\" duration=\"2s\">"), "\(xml)")
    #expect(xml.contains("<timept time=\"2s\" value=\"4s\" interp=\"linear\"/>"))
    #expect(xml.contains("name=\"slow.m4a\" start=\"6s\" duration=\"4s\">"))
    #expect(xml.contains("<timeMap preservesPitch=\"0\">"))
    #expect(xml.contains("<timept time=\"10s\" value=\"5s\" interp=\"linear\"/>"))
  }

  @Test func writesAStepCurveAsItsCorners() throws {
    let xml = try Self.xml(C.retimed)
    let curve = try #require(xml.ranges(of: "name=\"curve.mov\"").last)
    let map = xml[curve.upperBound...].prefix(400)
    // 1× for two seconds of source (1–3 s), then 2× for two more (3–5 s) in one second.
    #expect(map.contains("<timept time=\"0s\" value=\"1s\" interp=\"linear\"/>"))
    #expect(map.contains("<timept time=\"2s\" value=\"3s\" interp=\"linear\"/>"))
    #expect(map.contains("<timept time=\"3s\" value=\"5s\" interp=\"linear\"/>"))
    #expect(map.components(separatedBy: "<timept").count - 1 == 3)
  }

  @Test func samplesARampedCurveWithinAQuarterFrameOfKadrsIntegral() throws {
    let video = C.ramped
    let xml = try Self.xml(video, allowingLoss: true)
    let clip = try #require(video.clips[1] as? VideoClip)
    let curve = try #require(clip.speedCurve)
    let points = xml.matches(of: /<timept time="(-?\d+)(?:\/(\d+))?s" value="(-?\d+)(?:\/(\d+))?s"/)
      .map { match in
        (
          Double(match.output.1)! / Double(match.output.2.map { Double($0)! } ?? 1),
          Double(match.output.3)! / Double(match.output.4.map { Double($0)! } ?? 1)
        )
      }
    #expect(points.count > 3)
    let frame = 1.0 / Double(video.preset.frameRate)
    // At every frame, the media FCPXML interpolates plays at kadr's time for it (kadr's
    // length of the clip cut at that media time), within a quarter frame and kadr's 1/600 s.
    var checked = 0
    for (a, b) in zip(points, points.dropFirst()) {
      var t = (a.0 / frame).rounded(.up) * frame
      while t < b.0 {
        let media = a.1 + (b.1 - a.1) * (t - a.0) / (b.0 - a.0)
        let kadr = VideoClip(url: clip.url).trimmed(
          to: TimeRange(start: .zero, duration: Time(seconds: media, preferredTimescale: 60000))
        ).speed(.curved(curve)).duration.seconds
        #expect(abs(kadr - t) <= frame / 4 + 1.0 / 600, "at \(t) s")
        checked += 1
        t += frame
      }
    }
    #expect(checked > 20)
    #expect(points.last.map { abs($0.0 - clip.duration.seconds) < 1e-9 } == true)
  }

  @Test func readsARampedCurveBackAsStepsThatResaveTheSame() throws {
    // The first export samples kadr's ramp; importing gives one constant speed between each
    // two points (as FCPXML plays them), which the second export writes as the same points:
    // the second and third exports are compared, not the first.
    let exporter = FCPXMLExporter(allowingLoss: true)
    let first = try exporter.export(C.ramped).data
    let imported = try FCPXMLImporter().importProject(from: first)
    let curve = try #require((imported.video.clips[1] as? VideoClip)?.speedCurve)
    #expect(curve.keyframes.count > 4)
    let second = try exporter.export(imported.video).data
    let third = try exporter.export(try FCPXMLImporter().importProject(from: second).video).data
    #expect(String(decoding: third, as: UTF8.self) == String(decoding: second, as: UTF8.self))
    #expect(
      abs(
        (imported.video.clips[1] as? VideoClip)!.duration.seconds
          - C.ramped.clips[1].duration.seconds)
        <= 1.0 / 25)
  }

  @Test func readsFinalCutProsOwnAdjustments() throws {
    // As Final Cut Pro writes them: smooth keyframes, a non-uniform scale, a blend mode.
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.11"><resources>\
      <format id="r1" frameDuration="1/25s" width="1920" height="1080"/>\
      <asset id="r2" name="a" start="0s" duration="10s" hasVideo="1" format="r1">\
      <media-rep kind="original-media" src="file:///media/a.mov"/></asset></resources>\
      <library><event><project name="p"><sequence format="r1" duration="4s"><spine>\
      <asset-clip ref="r2" offset="0s" name="a" duration="4s">\
      <adjust-transform position="10 -20" scale="1.5 1.25" rotation="30">\
      <param name="rotation"><keyframeAnimation><keyframe time="0s" value="0"/>\
      <keyframe time="2s" value="90"/></keyframeAnimation></param></adjust-transform>\
      <adjust-blend amount="0.5" mode="2"/><adjust-volume amount="-inf dB"/>\
      </asset-clip></spine></sequence></project></event></library></fcpxml>
      """
    let imported = try FCPXMLImporter().importProject(from: Data(xml.utf8))
    let clip = try #require(imported.video.clips.first as? VideoClip)
    let transform = try #require(clip.transform)
    guard case .normalized(let x, let y) = transform.center else {
      Issue.record("not normalised")
      return
    }
    #expect(abs(x - (0.5 + 10.0 / 100 * 1080 / 1920)) < 1e-12)
    #expect(abs(y - 0.7) < 1e-12)
    #expect(transform.scale == 1.5)
    #expect(abs(transform.rotation - .pi / 6) < 1e-12)
    #expect(clip.transformAnimation?.keyframes.map(\.value.rotation).last == .pi / 2)
    #expect(clip.opacity == 0.5)
    #expect(clip.volumeLevel == 0)
    let details = imported.report.items.map(\.detail)
    #expect(details.contains { $0.contains("not uniform") })
    #expect(details.contains { $0.contains("blend mode '2'") })
    #expect(details.contains { $0.contains("eased") })
    #expect(!details.contains { $0.contains("adjust-transform is left out") })
  }
}
