import Foundation
import KadrFCPXML
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// What the exporter meets in a composition from anywhere: names holding characters XML
/// cannot hold, and times past what FCPXML's frames can count. Each is cleaned or left out and
/// reported, so the file written is always XML its own importer reads, and nothing vanishes
/// without a loss that says why.
@Suite("FCPXML export of names and times from anywhere")
struct ExportHostileTests {
  typealias C = Compositions

  /// A composition with `text` in every name the exporter writes: clip ids, a still's id,
  /// media file names, a storyline's name, an audio file's name, a font's name, a gap's name.
  static func named(_ text: String) -> Video {
    Video(
      clips: [
        C.clip("a\(text).mov", from: 0, length: 2).id(ClipID("clip\(text)")),
        ImageClip.color(.white, duration: C.seconds(1)).id(ClipID("still\(text)")),
        TitleSequence("Hello", duration: C.seconds(1), style: TextStyle(fontName: "Font\(text)"))
          .id(ClipID("title\(text)")),
        OTIOPlaceholder(role: .gap, name: "gap\(text)", duration: C.seconds(1)),
        Track(
          clips: [C.clip("c\(text).mov", from: 0, length: 1)], startTime: C.seconds(1),
          name: "storyline\(text)"),
      ],
      audioTracks: [
        AudioTrack(url: C.media("m\(text).wav"), explicitDuration: C.seconds(2))
      ],
      preset: .custom(width: 1920, height: 1080, frameRate: 25, codec: .h264))
  }

  /// XML 1.0 refuses NUL, the C0 controls but tab, line feed and carriage return, U+FFFE and
  /// U+FFFF; it allows U+007F (which only XML 1.1 discourages).
  /// (The arguments are the characters' code points: a NUL in a test's name would cut the
  /// console's line short.)
  @Test(arguments: [0x0, 0x1, 0x1F, 0x7F, 0xFFFE, 0xFFFF] as [UInt32])
  func writesXMLWhateverTheNamesHoldAndReportsWhatItCleans(_ codePoint: UInt32) throws {
    let character = Unicode.Scalar(codePoint).map { String(Character($0)) } ?? ""
    let video = Self.named(character)
    let images = InMemoryImageStore()
    let losses = FCPXMLExporter().losses(in: video, images: images)
    let cleaned = losses.filter { $0.description.contains("characters XML cannot hold") }
    if character == "\u{7F}" {
      #expect(cleaned.isEmpty)
    } else {
      // A clip id, a still's, a title's, two media file names, a gap's, a storyline's, a
      // font's, an audio file's: each said once, at its place.
      // (A file URL cannot hold a NUL: Foundation ends the path there.)
      let files = codePoint == 0 ? [] : ["a media file's name", "an audio file's name"]
      let names =
        [
          "a clip id", "a still's clip id", "a title's clip id", "a gap's name",
          "a storyline's name", "a font's name",
        ] + files
      #expect(cleaned.count == (codePoint == 0 ? 6 : 9), "\(losses.map(\.description))")
      for name in names {
        #expect(cleaned.contains { $0.description.contains("cannot hold in \(name),") }, "\(name)")
      }
      #expect(throws: PersistenceError.self) { try FCPXMLExporter().export(video, images: images) }
    }
    let file = try FCPXMLExporter(allowingLoss: true).export(video, images: images)
    if Tools.dtdRuns {
      #expect(Tools.wellFormednessProblems(file.data) == nil)
    }
    let imported = try FCPXMLImporter().importProject(from: file.data)
    #expect(imported.video.audioTracks.count == 1)
  }

  @Test func leavesOutAClipPastTheFrameCountSayingSo() throws {
    // Int64.max / 2 seconds counts more 30 fps frames than an Int64 holds.
    let huge = Time(value: .max / 2, timescale: 1)
    let video = Video {
      C.clip("a.mov", from: 0, length: 2)
      VideoClip(url: C.media("b.mov")).trimmed(to: TimeRange(start: .zero, duration: huge))
    }
    let losses = FCPXMLExporter().losses(in: video).map(\.description)
    #expect(losses.contains { $0.contains("which FCPXML cannot count in frames") })
    #expect(losses.contains { $0.contains("b.mov") })
    #expect(!losses.contains { $0.contains("moved to the nearest frame") })
    let file = try FCPXMLExporter(allowingLoss: true).export(video)
    let imported = try FCPXMLImporter().importProject(from: file.data)
    #expect(imported.video.clips.count == 1)
  }

  @Test func writesATimeThatOverflowsAsZeroSayingSo() throws {
    // The ramp's time from the clip's local start (1/3 s) overflows: `Time`'s `+` gives an
    // invalid time, which would be written `0/0s`.
    let far = Time(value: .max - 1, timescale: 1)
    let track = AudioTrack(
      url: C.media("m.wav"), explicitDuration: C.seconds(2), trimStart: Time(value: 1, timescale: 3)
    )
    .volumeRamp(start: 1, end: 0.5, during: TimeRange(start: far, duration: C.seconds(1)))
    let video = Video(clips: [C.clip("a.mov", from: 0, length: 2)], audioTracks: [track])
    let losses = FCPXMLExporter().losses(in: video).map(\.description)
    #expect(losses.contains { $0.contains("overflows FCPXML's times, written as 0s") }, "\(losses)")
    let file = try FCPXMLExporter(allowingLoss: true).export(video)
    #expect(!String(decoding: file.data, as: UTF8.self).contains("0/0s"))
    _ = try FCPXMLImporter().importProject(from: file.data)
  }

  @Test func writesTheSizeOfAPresetAsLargeAsAnIntHolds() throws {
    // A size an imported document can carry: Int(_:) of its CGSize trapped.
    let video = Video(
      clips: [C.clip("a.mov", from: 0, length: 2)],
      preset: .custom(width: .max, height: .max, frameRate: 25, codec: .h264))
    let xml = String(decoding: try FCPXMLExporter().export(video).data, as: UTF8.self)
    #expect(xml.contains("width=\"9223372036854775807\" height=\"9223372036854775807\""))
  }
}
