import Foundation
import KadrFCPXML
import KadrPersistence
import Testing

/// The samples of KadrFCPXML's landing page and of "Sending a cut to Final Cut Pro".
@Suite("Article: Sending a cut to Final Cut Pro")
struct SendingACutArticleTests {
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-article-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static let video = Video {
    VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).trimmed(to: 0...4)
    VideoClip(url: URL(fileURLWithPath: "/media/b.mov")).trimmed(to: 2...5).filter(.mono)
  }

  @Test func landingPage() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let video = Video { VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).trimmed(to: 0...4) }

    let fcpxml = try FCPXMLExporter(projectName: "Rough Cut").export(video)
    try fcpxml.write(to: folder.appendingPathComponent("Rough Cut.fcpxml"))

    let imported = try FCPXMLImporter().read(
      from: folder.appendingPathComponent("Rough Cut.fcpxml"))
    print(imported.report)

    #expect(imported.report.description == "Nothing was left out.")
  }

  @Test func looksVolumeAndSpeed() throws {
    let inset = VideoClip(url: URL(fileURLWithPath: "/media/inset.mov")).trimmed(to: 0...4)
      .transform(Transform(center: .normalized(x: 0.75, y: 0.25), scale: 0.4))
      .opacity(0.9)
      .volume(0.5)
    let music = AudioTrack(url: URL(fileURLWithPath: "/media/music.m4a"))
      .volume(0.8).fadeIn(1).fadeOut(2)

    let video = Video(
      clips: [inset], audioTracks: [music],
      preset: .custom(width: 1920, height: 1080, frameRate: 25, codec: .h264))
    #expect(FCPXMLExporter().losses(in: video).isEmpty)
    let xml = String(decoding: try FCPXMLExporter().export(video).data, as: UTF8.self)
    #expect(xml.contains("position=\"44.44444444444444 25\""))
    #expect(xml.contains("<adjust-volume amount=\"-6.020599913279624dB\"/>"))
    #expect(xml.contains("<fadeIn type=\"linear\" duration=\"1s\"/>"))
  }

  @Test func professionalTimelines() throws {
    let start = try SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame)
    let frame = Time(value: 1001, timescale: 30000)
    let interview = VideoClip(url: URL(fileURLWithPath: "/media/interview.mov"))
      .trimmed(to: TimeRange(start: .zero, duration: try frame.multiplied(by: 90)))
      .named("Interview").role("dialogue.Boom")
      .marker(Marker("Act two", at: try frame.multiplied(by: 20), kind: .chapter))
      .marker(Marker("Fix colour", at: try frame.multiplied(by: 40), kind: .toDo(completed: false)))
    let broll = VideoClip(url: URL(fileURLWithPath: "/media/broll.mov"))
      .trimmed(to: TimeRange(start: .zero, duration: try frame.multiplied(by: 250)))
      .speed(numerator: 5, denominator: 2)
    let cut = Video(
      clips: [interview, broll],
      preset: .custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264)
    ).startTimecode(start)

    let fcpxml = try FCPXMLExporter(projectName: "Interview").export(cut)
    let back = try FCPXMLImporter().importProject(from: fcpxml.data)
    print(back.video.startTimecode!)  // 01:00:00;00

    #expect(back.video.startTimecode?.description == "01:00:00;00")
    #expect(back.video.preset.rate == .ntsc30DropFrame)
    let clips = back.video.clips.compactMap { $0 as? VideoClip }
    #expect(clips.first?.name == "Interview")
    #expect(clips.first?.role == "dialogue.Boom")
    #expect(clips.first?.markers.map(\.kind) == [.chapter, .toDo(completed: false)])
    #expect(clips.last?.speedRatio == SpeedRatio(numerator: 5, denominator: 2))
    #expect(back.report.isEmpty, "\(back.report)")
  }

  @Test func notesAreNotLosses() throws {
    let reel = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
        .trimmed(to: TimeRange(start: .zero, duration: Time(value: 1001, timescale: 600)))
    }
    .preset(.reelsAndShorts)
    let file = try FCPXMLExporter(projectName: "Reel").export(reel)
    for note in file.notes {
      print(note.describedForUser)
    }
    #expect(
      file.notes.map(\.describedForUser).contains(
        "Clip 1 (video a.mov) was moved 1.7 ms to the nearest frame."))
    #expect(file.lossReport.isLossless)
  }

  @Test func sendingACut() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try FileImageStore(directory: folder.appendingPathComponent("images"))
    let video = Self.video

    let exporter = FCPXMLExporter(projectName: "Rough Cut")
    let losses = exporter.losses(in: video, images: store)
    for loss in losses {
      print(loss.describedForUser)
    }
    #expect(losses.count == 1)
    #expect(losses[0].describedForUser.contains("a filter (mono)"))

    let fcpxml = try FCPXMLExporter(allowingLoss: true, projectName: "Rough Cut")
      .export(video, images: store)
    try fcpxml.write(to: folder.appendingPathComponent("Rough Cut.fcpxml"))
    #expect(fcpxml.lossReport.losses == losses)

    let fileURL = folder.appendingPathComponent("Rough Cut.fcpxml")
    let importer = FCPXMLImporter(project: .named("Rough Cut"))
    let imported = try importer.read(from: fileURL, images: store)
    for item in imported.report.items {
      print(item.kind, item.path, item.detail)
    }
    let edited = imported.video
    #expect(edited.clips.count == 2)

    var guarded = FCPXMLImporter()
    guarded.limits = FCPXMLReadingLimits(maximumBytes: 32 << 20, maximumDepth: 64)
    do {
      _ = try guarded.read(from: fileURL)
    } catch let error as FCPXMLError {
      print(error.localizedDescription)
    }
    #expect(try guarded.read(from: fileURL).video.clips.count == 2)
    let deep = folder.appendingPathComponent("deep.fcpxml")
    try Data((String(repeating: "<spine>", count: 100) + "</spine>").utf8).write(to: deep)
    #expect(throws: FCPXMLError.self) { try guarded.read(from: deep) }
  }
}
