import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// kadr plays nothing past a composition's last picture; FCPXML's timelines follow that rule
/// both ways (#58): an export ends where kadr's composition ends, and an import keeps Final Cut
/// Pro's length.
@Suite("FCPXML length rule")
struct LengthRuleTests {
  static func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

  @Test func audioPastTheLastPictureEndsWithItAndANoteSaysSo() throws {
    // A 9 s picture and 23 s of music: kadr's composition lasts 9 s.
    let video = Video(
      clips: [
        VideoClip(
          url: URL(fileURLWithPath: "/media/a.mov"),
          trimRange: TimeRange(start: .zero, duration: Self.seconds(9)))
      ],
      audioTracks: [
        AudioTrack(url: URL(fileURLWithPath: "/media/m.wav"), explicitDuration: Self.seconds(23))
      ],
      preset: .custom(width: 1920, height: 1080, frameRate: 25, codec: .h264),
      captions: [
        Caption(
          text: "late", timeRange: TimeRange(start: Self.seconds(8), duration: Self.seconds(4)))
      ])
    let file = try FCPXMLExporter().export(video)
    let xml = String(decoding: file.data, as: UTF8.self)
    #expect(xml.contains(#"<sequence format="r1" duration="9s""#))
    #expect(!xml.contains("<gap"))
    #expect(xml.contains(#"name="m.wav" duration="9s""#))
    let notes = file.notes.filter {
      if case .endsWithLastPicture = $0.kind { return true }
      return false
    }
    #expect(notes.map(\.location) == ["audioTracks[0] (m.wav)", "captions[0]"])
    #expect(
      notes.first?.describedForUser.contains("ends with the last picture, 14 s earlier") == true)
    let back = try FCPXMLImporter().importProject(from: file.data)
    #expect(back.video.layout.duration == Self.seconds(9))
  }

  @Test func aTrailingGapCarryingAudioKeepsFinalCutProsLength() throws {
    // 5 s of picture, then a 10 s gap under which music plays on: Final Cut Pro's timeline is
    // 15 s long, and so is kadr's.
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.10"><resources>\
      <format id="r1" frameDuration="1/25s" width="1920" height="1080"/>\
      <asset id="r2" name="a" start="0s" duration="100s" hasVideo="1">\
      <media-rep src="file:///media/a.mov"/></asset>\
      <asset id="r3" name="m" start="0s" duration="100s" hasAudio="1">\
      <media-rep src="file:///media/m.wav"/></asset></resources>\
      <library><event><project name="p"><sequence format="r1" duration="15s"><spine>\
      <asset-clip ref="r2" offset="0s" name="a" duration="5s"/>\
      <gap name="Gap" offset="5s" duration="10s">\
      <asset-clip ref="r3" lane="-1" offset="0s" name="m" duration="10s"/></gap>\
      </spine></sequence></project></event></library></fcpxml>
      """
    let imported = try FCPXMLImporter().importProject(from: Data(document.utf8))
    #expect(imported.video.layout.duration == Self.seconds(15))
    #expect(imported.video.audioTracks.first?.startTime == Self.seconds(5))
    #expect(imported.video.audioTracks.first?.explicitDuration == Self.seconds(10))
  }
}
