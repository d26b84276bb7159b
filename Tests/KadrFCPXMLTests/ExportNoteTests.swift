import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import Testing

/// What changes nothing anyone sees or hears is a note, never a refusal: kadr settings Final
/// Cut Pro has no use for, times moved to the nearest frame, inaudible volume roundings.
@Suite("FCPXML export notes")
struct ExportNoteTests {
  typealias C = Compositions

  static func one(_ clip: VideoClip) -> Video { Video(clips: [clip]) }

  @Test func exportsMobileWorkWithoutAllowingLoss() throws {
    #expect(FCPXMLExporter().losses(in: C.mobile).isEmpty)
    let file = try CheckedExport.export(C.mobile)
    #expect(file.lossReport.isLossless)
    let kinds = file.notes.map(\.kind)
    #expect(kinds.contains(.presetName("Reels and Shorts")))
    #expect(kinds.contains(.exportQuality))
    let xml = String(decoding: file.data, as: UTF8.self)
    // The sequence has the preset's size and rate.
    #expect(xml.contains("frameDuration=\"1/30s\" width=\"1080\" height=\"1920\""))
  }

  @Test(arguments: [
    ("Reels and Shorts", Preset.reelsAndShorts), ("TikTok", Preset.tiktok),
  ])
  func writesAVerticalPresetAtItsSizeAndRateWithANote(name: String, preset: Preset) throws {
    let video = Video(clips: [C.clip("a.mov", from: 0, length: 2)], preset: preset)
    let file = try CheckedExport.export(video)
    #expect(file.notes.map(\.kind) == [.presetName(name)])
    #expect(file.notes.first?.describedForUser.contains("no preset named \(name)") == true)
    #expect(
      String(decoding: file.data, as: UTF8.self).contains(
        "frameDuration=\"1/30s\" width=\"1080\" height=\"1920\""))
  }

  @Test func notesACustomPresetsCodecAndAnExportQuality() throws {
    let video = Video(
      clips: [C.clip("a.mov", from: 0, length: 2)],
      preset: .custom(width: 1920, height: 1080, frameRate: 25, codec: .hevc)
    ).quality(.bitrate(6_000_000))
    let notes = try CheckedExport.export(video).notes
    #expect(notes.map(\.kind) == [.exportQuality, .presetCodec("hevc")])
    #expect(notes.allSatisfy { $0.describedForUser.contains("when you share from Final Cut Pro") })
  }

  @Test func movesATimeBetweenFramesToTheNearestFrameWithANoteSayingByHowMuch() throws {
    let file = try CheckedExport.export(C.offFrame)
    // 1001/600 s is 50.05 frames at 30 fps: 50 frames, 5/3 s, 1.7 ms earlier.
    #expect(String(decoding: file.data, as: UTF8.self).contains("duration=\"5/3s\""))
    #expect(file.notes.map(\.kind) == [.movedToFrame(seconds: 1.0 / 600)])
    #expect(
      file.notes.first?.describedForUser
        == "Clip 1 (video a.mov) was moved 1.7 ms to the nearest frame.")
  }

  @Test func snapsBoundariesSoClipsStillTouch() throws {
    let file = try CheckedExport.export(C.mobile)
    let half = 1.0 / 60
    for note in file.notes {
      if case .movedToFrame(let seconds) = note.kind {
        #expect(seconds > 0 && seconds <= half, "\(note)")
      }
    }
    #expect(
      file.notes.filter { if case .movedToFrame = $0.kind { true } else { false } }.count >= 3)
    // The spine holds the three clips end to end: each starts where the one before ended.
    let xml = String(decoding: file.data, as: UTF8.self)
    let clips = xml.matches(
      of: /<asset-clip ref="r\d+" offset="([^"]+)" name="[abc]\.mov"[^>]* duration="([^"]+)"/)
    #expect(clips.count == 3)
    var end = "0s"
    for clip in clips {
      #expect(String(clip.output.1) == end, "a gap or an overlap before \(clip.output.0)")
      end = Self.sum(String(clip.output.1), String(clip.output.2))
    }
    // The caption ends where it did, to the nearest frame: 4 to 62 frames (its offset counts
    // from a.mov's in-point, 7/600 s).
    #expect(xml.contains("<caption lane=\"1\" offset=\"29/200s\" name=\"hi\" duration=\"29/15s\""))
    // Back through the importer: the same three clips and no gap, within a frame each.
    let imported = try FCPXMLImporter().importProject(from: file.data)
    let lengths = imported.video.clips.map(\.duration.seconds)
    let originals = C.mobile.clips.map(\.duration.seconds)
    #expect(lengths.count == 3)
    for (length, original) in zip(lengths, originals) {
      #expect(abs(length - original) <= 1.0 / 30, "\(length) for \(original)")
    }
  }

  @Test func notesAVolumeRoundedByWhatNobodyHears() throws {
    let video = Self.one(C.clip("a.mov", from: 0, length: 2).volume(0.2))
    #expect(FCPXMLExporter().losses(in: video).isEmpty)
    let file = try CheckedExport.export(video)
    let note = try #require(file.notes.first)
    guard case .roundedVolume(let level, let back) = note.kind else {
      Issue.record("not a volume note: \(note)")
      return
    }
    let difference: Double = Swift.abs(back - level)
    #expect(level == 0.2 && back != 0.2 && difference < 1e-6)
    #expect(note.describedForUser.contains("far below what anyone hears"))
    #expect(String(decoding: file.data, as: UTF8.self).contains("amount=\"-13.9"))
  }

  @Test func aVolumeFCPXMLCannotHoldIsStillALoss() {
    let video = Self.one(C.clip("a.mov", from: 0, length: 2).volume(1e-6))
    #expect(FCPXMLExporter().losses(in: video).count == 1)
    #expect(FCPXMLExporter().notes(in: video).isEmpty)
  }

  @Test func aLossIsStillRefusedWithNotesBesideIt() {
    let video = Video(
      clips: [C.clip("a.mov", from: 0, length: 2).filter(.mono)], preset: .tiktok)
    #expect(throws: PersistenceError.self) { try CheckedExport.export(video) }
    #expect(FCPXMLExporter().notes(in: video).map(\.kind) == [.presetName("TikTok")])
  }

  @Test(.enabled(if: Tools.dtdRuns, "xmllint is not installed (apt-get install libxml2-utils)"))
  func mobileExportsAreValid() throws {
    for video in [
      C.mobile, C.offFrame, Video(clips: [C.clip("a", from: 0, length: 1)], preset: .tiktok),
    ] {
      let problems = Tools.dtdProblems(try CheckedExport.export(video).data)
      #expect(problems == nil, "\(problems ?? "")")
    }
  }

  /// `a + b` for two FCPXML times.
  static func sum(_ a: String, _ b: String) -> String {
    func parts(_ text: String) -> (Int64, Int64) {
      let body = text.dropLast()
      let pieces = body.split(separator: "/").compactMap { Int64($0) }
      return (pieces[0], pieces.count > 1 ? pieces[1] : 1)
    }
    let (an, ad) = parts(a)
    let (bn, bd) = parts(b)
    var numerator = an * bd + bn * ad
    var denominator = ad * bd
    var (x, y) = (abs(numerator), denominator)
    while y != 0 { (x, y) = (y, x % y) }
    if x > 1 {
      numerator /= x
      denominator /= x
    }
    return denominator == 1 ? "\(numerator)s" : "\(numerator)/\(denominator)s"
  }
}
