import Foundation
import KadrFCPXML
import KadrModel
import KadrOTIO
import Testing

/// A hand-written document with one of each feature Final Cut Pro writes, and where each
/// clip lands (worked out by hand in the comments).
@Suite("FCPXML import of Final Cut Pro's features")
struct FeatureImportTests {
  static let file = Tools.fixtures.appendingPathComponent("fcpxml/features-1.11.fcpxml")

  static func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

  /// Each main-chain clip's place, and its media range and name for a video clip.
  static func places(_ video: Video) -> [String] {
    let entries = video.layout.mainChain?.entries ?? []
    return entries.map { entry in
      let clip = video.clips[entry.path[0]]
      var line = "\(entry.start.seconds)-\(entry.end.seconds)"
      if let clip = clip as? VideoClip, let trim = clip.trimRange {
        line += " \(clip.url.lastPathComponent) \(trim.start.seconds)+\(trim.duration.seconds)"
        if let name = clip.name { line += " “\(name)”" }
      } else if let placeholder = clip as? OTIOPlaceholder {
        line += " \(placeholder.role.rawValue)"
      }
      return line
    }
  }

  @Test func placesEveryClipWhereFinalCutProPlaysIt() throws {
    let imported = try FCPXMLImporter().read(from: Self.file)
    #expect(
      Self.places(imported.video) == [
        // The sequence starts at 3600 s: a.mov from 3605 s (its asset starts at 3600 s).
        "0.0-5.0 a.mov 5.0+5.0 “Interview”",
        // The compound shows 2–6 s of its media: the end of b (from 12 s), the start of a.
        "5.0-7.0 b.mov 12.0+2.0 “b”",
        "7.0-9.0 a.mov 10.0+2.0 “a”",
        // The multicam plays its video angle B.
        "9.0-12.0 b.mov 0.0+3.0 “b”",
        // The audition's picked take.
        "12.0-14.0 b.mov 20.0+2.0 “Take 1”",
        // The sync clip's video; its audio is an audio track.
        "14.0-16.0 b.mov 30.0+2.0 “b”",
        // The disabled clip keeps its place as a gap.
        "16.0-18.0 gap",
        "18.0-21.0 a.mov 50.0+3.0 “a”",
        // The asset without media is an offline placeholder.
        "21.0-22.0 offline",
      ])
    #expect(
      imported.video.preset == .custom(width: 1920, height: 1080, frameRate: 25, codec: .h264))
  }

  @Test func makesConnectedAudioIntoAudioTracks() throws {
    let imported = try FCPXMLImporter().read(from: Self.file)
    let tracks = imported.video.audioTracks.map {
      "\($0.url.lastPathComponent) at \(($0.startTime ?? .zero).seconds) for "
        + "\(($0.explicitDuration ?? .zero).seconds) from \(($0.trimStart ?? .zero).seconds)"
    }
    #expect(
      tracks == [
        "music.wav at 1.0 for 3.0 from 0.0", "music.wav at 14.0 for 2.0 from 60.0",
        // The multicam clip's audio angle A (its video angle B plays muted).
        "a.mov at 9.0 for 3.0 from 0.0",
      ])
    let multicamVideo = try #require(imported.video.clips[3] as? VideoClip)
    #expect(multicamVideo.isMuted)
  }

  @Test func reportsWhatItPlacesDifferentlyOrLeavesOut() throws {
    let imported = try FCPXMLImporter().read(from: Self.file)
    let kinds = Set(imported.report.items.map(\.kind))
    #expect(
      kinds == [
        .otherProjects, .conformRate, .marker, .compoundFlattened, .multicamAngle,
        .auditionAlternatives, .containerFlattened, .disabledItem, .metadata, .missingMedia,
      ])
    let multicam = try #require(imported.report.items(of: .multicamAngle).first)
    #expect(multicam.detail.contains("'Cam B'"))
    #expect(multicam.detail.contains("its audio comes from the angle 'Cam A'"))
    // The marker is the clip's now; the keyword is reported.
    #expect(imported.report.items(of: .marker).count == 1)
    #expect(
      imported.report.items(of: .marker)[0].path
        == "/fcpxml/library[1]/event[1]/project[1]/sequence/spine/asset-clip[1]/keyword[1]")
    let clip = try #require(imported.video.clips.first as? VideoClip)
    #expect(clip.markers.map(\.name) == ["check"])
    // At 3606 s of the clip's media, one second after its 3605 s in-point; a point marker.
    #expect(clip.markers.first?.start == Self.seconds(1))
    #expect(clip.markers.first?.duration == .zero)
  }

  @Test func choosesAProjectByNameOrIndexOrTakesAll() throws {
    let data = try Data(contentsOf: Self.file)
    #expect(try FCPXMLImporter().projects(in: data).map(\.name) == ["Features", "Second"])
    let second = try FCPXMLImporter(project: .named("Second")).importProject(from: data)
    #expect(second.projectIndex == 1)
    #expect(second.video.clips.count == 1)
    let byIndex = try FCPXMLImporter(project: .index(1)).importProject(from: data)
    #expect(byIndex.projectName == "Second")
    let all = try FCPXMLImporter(project: .all).importProjects(from: data)
    #expect(all.map(\.projectName) == ["Features", "Second"])
    #expect(all[0].report.items(of: .otherProjects).isEmpty)
    #expect(throws: FCPXMLError.self) {
      try FCPXMLImporter(project: .named("Missing")).importProject(from: data)
    }
  }

  @Test func readsABundlesInfoFile() throws {
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-\(UUID().uuidString).fcpxmld")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: bundle) }
    try FileManager.default.copyItem(
      at: Self.file, to: bundle.appendingPathComponent("Info.fcpxml"))
    let imported = try FCPXMLImporter().read(from: bundle)
    #expect(imported.projectName == "Features")
  }

  @Test func refusesVersionsItDoesNotRead() {
    let data = Data("<fcpxml version=\"1.5\"><library/></fcpxml>".utf8)
    #expect {
      try FCPXMLImporter().importProject(from: data)
    } throws: { error in
      guard let error = error as? FCPXMLError, case .unsupportedVersion("1.5") = error.reason else {
        return false
      }
      return true
    }
  }
}
