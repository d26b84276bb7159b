import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import Testing

@Suite("FCPXML export losses")
struct ExportLossTests {
  typealias C = Compositions

  @Test func refusesLossyContentByDefault() throws {
    do {
      _ = try FCPXMLExporter().export(C.lossy)
      Issue.record("exported a lossy composition without allowingLoss")
    } catch let error as PersistenceError {
      guard case .lossyContent(let losses) = error else {
        Issue.record("unexpected reason \(error)")
        return
      }
      let phrases = losses.map(\.description)
      #expect(phrases.contains { $0.contains("a filter (mono)") })
      #expect(phrases.contains { $0.contains("replacement audio") })
      #expect(phrases.contains { $0.contains("an overlay") })
    }
  }

  @Test func writesLossyContentWhenAllowedAndReportsIt() throws {
    let file = try FCPXMLExporter(allowingLoss: true).export(C.lossy)
    #expect(file.lossReport.losses.count == 3)
    #expect(String(decoding: file.data, as: UTF8.self).contains("name=\"a.mov\""))
  }

  @Test func movesATimeBetweenFramesToTheNearestFrameAsALoss() throws {
    #expect(FCPXMLExporter().losses(in: C.offFrame).count == 1)
    let file = try FCPXMLExporter(allowingLoss: true).export(C.offFrame)
    // 1001/600 s is 50.05 frames at 30 fps: 50 frames, 5/3 s.
    #expect(String(decoding: file.data, as: UTF8.self).contains("duration=\"5/3s\""))
  }

  @Test func writesAFadeAsACutAndASlideAsADissolveKeepingThePlaces() throws {
    let losses = FCPXMLExporter().losses(in: C.fadeAndSlide).map(\.description)
    #expect(losses.count == 2)
    #expect(losses[0].contains("a fade through black"))
    #expect(losses[1].contains("a slide"))
    let xml = String(
      decoding: try FCPXMLExporter(allowingLoss: true).export(C.fadeAndSlide).data, as: UTF8.self)
    // a: 0–3, b: 3–6 (a fade does not overlap), c: from 5 (the slide overlaps by 1 s); the
    // slide's cut is at 5.5 s.
    #expect(xml.contains("<asset-clip ref=\"r3\" offset=\"3s\" name=\"b.mov\" duration=\"5/2s\"/>"))
    #expect(xml.contains("<transition name=\"Cross Dissolve\" offset=\"5s\" duration=\"1s\">"))
    #expect(xml.contains("<sequence format=\"r1\" duration=\"8s\""))
  }

  @Test func losesAStillWithoutAnImageStore() throws {
    let video = Video { ImageClip.color(.white, duration: Time(value: 2, timescale: 1)) }
    let losses = FCPXMLExporter().losses(in: video)
    #expect(losses.map(\.kind) == [.image])
  }

  @Test func exportsACompositionWithoutLossesWithAnEmptyReport() throws {
    for video in [C.cut, C.dissolve, C.broad, C.lateClip, C.storylineDissolve, C.nestedTracks] {
      #expect(FCPXMLExporter().losses(in: video).isEmpty)
    }
  }
}
