import Foundation
import KadrFCPXML
import KadrModel
import KadrOTIO
import Testing

/// Timelines exported by Final Cut Pro (see Fixtures/fcpxml/real/REAL-FILES.md): each imports
/// without a crash, in bounded time, with its clips where Final Cut Pro plays them (worked out
/// by hand from the file) and a report of what the composition holds differently.
@Suite("FCPXML import of real Final Cut Pro exports", .timeLimit(.minutes(1)))
struct RealFileTests {
  static let directory = Tools.fixtures.appendingPathComponent("fcpxml/real")

  static func load(_ name: String) throws -> FCPXMLImport {
    try FCPXMLImporter().read(from: directory.appendingPathComponent(name))
  }

  static func time(_ value: Int64, _ timescale: Int32) -> Time {
    Time(value: value, timescale: timescale)
  }

  static let files = [
    "29.97d.fcpxml", "SyncClip.fcpxml", "AuditionMarkers.fcpxml", "MulticamMarkers2.fcpxml",
  ]

  @Test(arguments: files)
  func importsWithoutLosingAPlace(name: String) throws {
    let imported = try Self.load(name)
    #expect(!imported.video.clips.isEmpty)
    // Every clip on the main chain has a positive length, and the chain has no gap kadr made.
    for entry in imported.video.layout.mainChain?.entries ?? [] {
      #expect(entry.end > entry.start, "\(name): \(entry.path)")
    }
    #expect(!imported.report.isEmpty, "\(name): FCP's markers and roles are always reported")
  }

  @Test func readsADropFrameTimelineWithACompoundASpeedAndAStoryline() throws {
    let imported = try Self.load("29.97d.fcpxml")
    let video = imported.video
    #expect(video.preset == .custom(width: 1920, height: 1080, frameRate: 30, codec: .h264))
    let main = try #require(video.layout.mainChain).entries
    let places = main.map { [$0.start, $0.end] }
    #expect(
      places == [
        [.zero, Self.time(103103, 30000)],
        [Self.time(103103, 30000), Self.time(209209, 30000)],
        // The compound clip, as its one clip.
        [Self.time(209209, 30000), Self.time(317317, 30000)],
        [Self.time(317317, 30000), Self.time(417417, 30000)],
        [Self.time(417417, 30000), Self.time(554554, 30000)],
        [Self.time(554554, 30000), Self.time(678678, 30000)],
        [Self.time(678678, 30000), Self.time(887887, 30000)],
      ])
    // The compound shows its media from its start: the inner clip's in-point.
    let compound = try #require(video.clips[2] as? VideoClip)
    #expect(compound.trimRange?.start == Self.time(452452, 30000))
    // The retimed clip: 9168210/4436211 of normal speed.
    let fast = try #require(video.clips[3] as? VideoClip)
    #expect(abs(fast.speedRate - 9_168_210.0 / 4_436_211.0) < 1e-12)
    // The storyline hangs from the fifth clip: 417417/30000 + (53053/1200 − 1301300/30000).
    let storyline = try #require(video.clips.compactMap { $0 as? Track }.first)
    #expect(
      storyline.startTime == Self.time(417417, 30000) + Self.time(53053, 1200)
        - Self.time(1_301_300, 30000))
    #expect(storyline.clips.count == 4)
    let kinds = Set(imported.report.items.map(\.kind))
    #expect(kinds.isSuperset(of: [.frameRate, .compoundFlattened, .marker, .effect, .role]))
    let role = try #require(imported.report.items(of: .role).first)
    #expect(role.detail == "The audioRole 'dialogue' is left out: kadr has no roles.")
  }

  @Test func readsASyncClipAsItsVideoAndAudio() throws {
    let imported = try Self.load("SyncClip.fcpxml")
    let clip = try #require(imported.video.clips.first as? VideoClip)
    #expect(imported.video.clips.count == 1)
    #expect(clip.url.lastPathComponent == "TestVideo.m4v")
    #expect(clip.trimRange == TimeRange(start: .zero, duration: Self.time(738000, 25000)))
    let audio = try #require(imported.video.audioTracks.first)
    #expect(audio.url.lastPathComponent == "TestAudio.wav")
    #expect(audio.startTime == nil)
    #expect(audio.explicitDuration == Self.time(3_744_914, 720000))
    #expect(!imported.report.items(of: .containerFlattened).isEmpty)
  }

  @Test func readsAnAuditionAsItsPickedTitle() throws {
    let imported = try Self.load("AuditionMarkers.fcpxml")
    let title = try #require(imported.video.clips.first as? TitleSequence)
    #expect(imported.video.clips.count == 1)
    #expect(title.text == "Title")
    #expect(title.clipID == "Basic Title 1")
    #expect(title.duration == Self.time(1_201_200, 120000))
    #expect(title.style.fontName == "Helvetica")
    #expect(title.style.fontSize == 63)
    #expect(title.style.alignment == .center)
    #expect(imported.report.items(of: .auditionAlternatives).count == 1)
  }

  @Test func readsCrossDissolvesCenteredOnTheirCuts() throws {
    let imported = try Self.load("TransitionMarkers1.fcpxml")
    // Three 10 s titles with a 1 s Cross Dissolve across each cut (from 9.5 s and 19.5 s), and
    // one before the first and after the last, which have a clip on one side only.
    let entries = try #require(imported.video.layout.mainChain).entries
    let places = entries.map { "\($0.start.seconds)-\($0.end.seconds)" }
    #expect(places == ["0.0-10.5", "9.5-10.5", "9.5-20.5", "19.5-20.5", "19.5-30.0"])
    #expect(imported.video.layout.duration == Self.time(30, 1))
    #expect(imported.video.preset == .cinema)
    let leftOut = imported.report.items(of: .transitionKind)
    #expect(leftOut.count == 2)
    #expect(leftOut.allSatisfy { $0.detail.contains("without a clip on each side") })
    // Every marker is reported, those on transitions too.
    #expect(imported.report.items(of: .marker).count == 11)
  }

  @Test func readsAMulticamClipAsItsVideoAngleWithItsAudioAngle() throws {
    let imported = try Self.load("MulticamMarkers2.fcpxml")
    let clip = try #require(imported.video.clips.first as? VideoClip)
    #expect(imported.video.clips.count == 1)
    // Angle B's clip starts 125125/24000 s into the multicam; the mc-clip shows it from
    // 25065040/1920000 s, for 19219200/1920000 s, muted (its audio is the music angle's).
    #expect(clip.url.lastPathComponent == "Cam 2.mp4")
    #expect(clip.isMuted)
    #expect(
      clip.trimRange
        == TimeRange(
          start: Self.time(25_065_040, 1_920_000) - Self.time(125125, 24000),
          duration: Self.time(19_219_200, 1_920_000)))
    let audio = imported.video.audioTracks.map(\.url.lastPathComponent)
    #expect(audio == ["Music Track.wav"])
    #expect(imported.video.audioTracks.first?.trimStart == Self.time(25_065_040, 1_920_000))
    let note = try #require(imported.report.items(of: .multicamAngle).first)
    #expect(note.detail.contains("'B' (its audio comes from the angle 'Music Angle')"))
    // The colour conform set on the video angle's source is reported, not dropped.
    #expect(
      imported.report.items(of: .effect).contains {
        $0.path.hasSuffix("mc-source[2]/adjust-colorConform[1]")
      })
  }
}

/// The same files read by OpenTimelineIO's `fcpx_xml` adapter, where it can read them: its
/// main track has the same clips in the same order, each as long as kadr reads it, counted in
/// the adapter's frames. The adapter reads a 29.97 fps timeline at 29 fps (it truncates the
/// rate) and places items with frame counts at both rates, so places are compared by order
/// only; it reads neither titles nor multicam clips, so those files have nothing to compare.
@Suite(
  "Real Final Cut Pro exports read by OpenTimelineIO", .serialized,
  .enabled(if: Tools.otioRuns, "no Python with otio-fcpx-xml-adapter in .build/otio-venv"))
struct RealFileOracleTests {
  @Test(arguments: ["29.97d.fcpxml", "SyncClip.fcpxml"])
  func mainTrackAgreesWithOpenTimelineIO(name: String) throws {
    let data = try Data(contentsOf: RealFileTests.directory.appendingPathComponent(name))
    let reading = try OTIOOracleTests.read(data)
    let imported = try FCPXMLImporter().importProject(from: data)
    let theirs = reading.tracks.first { $0.name == "0" }?.items.filter { $0.kind != "gap" } ?? []
    let ours = (imported.video.layout.mainChain?.entries ?? []).filter {
      !(imported.video.clips[$0.path[0]] is OTIOPlaceholder)
    }
    #expect(theirs.count == ours.count, "\(name)")
    for (their, entry) in zip(theirs, ours) {
      let frames = ((entry.end - entry.start).seconds * their.rate).rounded(.down)
      #expect(abs(their.durationFrames - frames) <= 1, "\(name): \(their.name)")
    }
  }
}
