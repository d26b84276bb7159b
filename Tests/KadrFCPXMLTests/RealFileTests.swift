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
    "50.fcpxml", "60.fcpxml", "fcpx_example.fcpxml", "fcpx_event.fcpxml",
    "Annotations.fcpxml", "BasicMarkers-1.9.fcpxml", "Occlusion.fcpxml",
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
    // 29.97 in drop frame, exactly: no rounding, no report item.
    #expect(
      video.preset == .custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264))
    #expect(imported.report.items(of: .frameRate).isEmpty)
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
    #expect(kinds.isSuperset(of: [.compoundFlattened, .marker, .effect]))
    // Roles, names and markers are the clips' own now.
    #expect(imported.report.items(of: .role).isEmpty)
    let first = try #require(video.clips[0] as? VideoClip)
    #expect(first.role == .dialogue)
    #expect(first.name == "TestVideo")
    #expect(first.markers.map(\.name) == ["Marker 2"])
    #expect(fast.markers.map(\.name) == ["Marker 8", "Marker 9"])
  }

  /// The same cut at 50 and at 60 fps (23.98 and 29.97 fps media conformed, retimed clips,
  /// dissolves, a gap, compound clips, storylines): the timeline is as long as the sequence
  /// says, and the places worked out by hand from the file hold.
  @Test(arguments: [
    ("50.fcpxml", 50, Time(value: 1_264_100, timescale: 5000)),
    ("60.fcpxml", 60, Time(value: 3_158_000, timescale: 12000)),
  ])
  func readsTheSameCutAtFiftyAndSixtyFrames(name: String, rate: Int, length: Time) throws {
    let imported = try Self.load(name)
    let video = imported.video
    #expect(video.preset == .custom(width: 1920, height: 1080, frameRate: rate, codec: .h264))
    #expect(video.layout.mainChain?.end == length)
    #expect(video.layout.duration == length)
    // The fourth clip plays 26 s of its media from 1044043/12000 s (60 fps) at normal speed.
    let clips = video.clips.compactMap { $0 as? VideoClip }
    if rate == 60 {
      #expect(
        clips[2].trimRange
          == TimeRange(start: Self.time(1_044_043, 12000), duration: Self.time(26, 1)))
    }
    // The retimed clip (timeMap 0→0, 65872008/360000 s → 149819760/360000 s) is a constant
    // speed of their ratio; it shows its media from its local start times that speed.
    let speed = 149_819_760.0 / 65_872_008.0
    let retimed = try #require(clips.first { abs($0.speedRate - speed) < 1e-9 })
    let localStart = rate == 60 ? 148_899.0 / 3000 : 248_165.0 / 5000
    let start = try #require(retimed.trimRange?.start.seconds)
    #expect(abs(start - localStart * speed) < 1.0 / Double(rate))
    // The gap on the spine stays a gap, as long as in the file.
    let gap = try #require(video.clips.compactMap { $0 as? OTIOPlaceholder }.first)
    #expect(gap.role == .gap)
    #expect(gap.duration == (rate == 60 ? Self.time(400, 2400) : Self.time(900, 5000)))
    #expect(imported.report.items(of: .compoundFlattened).count == (rate == 60 ? 2 : 1))
    #expect(imported.report.items(of: .conformRate).count == (rate == 60 ? 17 : 15))
  }

  /// FCPXML 1.8 as Final Cut Pro 10.4 wrote it (OpenTimelineIO's adapter test data): the
  /// same project under a library, under an event, and an event of clips with no project.
  @Test func readsFCPXMLOnePointEightUnderALibraryAndUnderAnEvent() throws {
    let library = try Self.load("fcpx_example.fcpxml")
    let event = try Self.load("fcpx_event.fcpxml")
    #expect(library.projectName == "OpenTimeline_Project")
    #expect(event.projectName == "OpenTimeline_Project")
    #expect(library.video.preset.frameRate == 30)
    let places = { (imported: FCPXMLImport) in
      (imported.video.layout.mainChain?.entries ?? []).map { [$0.start, $0.end] }
    }
    #expect(places(library) == places(event))
    #expect(!places(library).isEmpty)
    let others = try #require(library.report.items(of: .otherProjects).first)
    #expect(others.detail.contains("2 projects"))
    #expect(library.report.items(of: .compoundFlattened).count == 3)
    #expect(library.report.items(of: .layerBelowSpine).count == 10)
    // What a compound clip holds outside the part it shows is not placed: the timeline is as
    // long as the project's sequence, and nothing starts after it.
    let length = Self.time(21_602_243, 144000)
    #expect(library.video.layout.duration == length)
    #expect(library.video.layout.layers.allSatisfy { $0.end <= length })
  }

  /// A one-hour timecode start, two captions (the first disabled), keywords, markers and
  /// notes: the enabled caption is kept where it plays, the rest reported.
  @Test func readsTheEnabledCaptionAndReportsTheDisabledOne() throws {
    let imported = try Self.load("Annotations.fcpxml")
    let video = imported.video
    #expect(video.captions.map(\.text) == ["caption2 text"])
    #expect(
      video.captions.first?.timeRange
        == TimeRange(start: Self.time(23500, 2500), duration: Self.time(2, 1)))
    let clip = try #require(video.clips.first as? VideoClip)
    #expect(clip.trimRange == TimeRange(start: .zero, duration: Self.time(35_424_000, 1_200_000)))
    let disabled = imported.report.items(of: .disabledItem)
    #expect(
      disabled.map(\.path) == [
        "/fcpxml/library[1]/event[1]/project[1]/sequence/spine/asset-clip[1]/caption[1]"
      ])
    // The three markers are the clip's; its two keywords and the sequence's are reported.
    #expect(imported.report.items(of: .marker).count == 3)
    #expect(clip.markers.map(\.name) == ["Marker 1", "Marker 2", "Marker 3"])
    #expect(clip.markers.last?.note == "m3 notes")
    // The one-hour start is the timeline's start timecode.
    #expect(video.startTimecode?.description == "01:00:00:00")
    #expect(imported.report.items(of: .metadata).count == 1)
    // The 640×480 clip in the 16:9 sequence has no adjust-conform: Final Cut Pro fits it,
    // kadr fills the frame.
    #expect(
      imported.report.items(of: .effect).contains {
        $0.detail.contains("fits the picture into the frame") && $0.detail.contains("640×480")
      })
  }

  /// Compound clips that show all, the middle, or only the leading gap of their 30 s
  /// contents: each plays exactly the part it shows, and what it hides is not placed.
  @Test func placesOnlyThePartOfACompoundClipThatPlays() throws {
    let imported = try Self.load("Occlusion.fcpxml")
    let video = imported.video
    let entries = try #require(video.layout.mainChain).entries
    let places = entries.map { [$0.start, $0.end] }
    let s = { (value: Int64) in Self.time(value, 1) }
    #expect(
      places == [
        [s(0), s(30)], [s(30), s(40)], [s(40), s(50)], [s(50), s(60)],
        // Clip 1: its whole 30 s title. Clip 2: 10 s of its title, from 10 s in.
        [s(60), s(90)], [s(90), s(100)], [s(100), s(110)], [s(110), s(120)],
        // Clip 3 shows 24100/2400 s of a gap; its title (from 20 s) is hidden.
        [s(120), Self.time(312_100, 2400)],
      ])
    let kinds = video.clips.map { $0 is TitleSequence ? "title" : "gap" }
    #expect(kinds == ["title", "gap", "title", "gap", "title", "gap", "title", "gap", "gap"])
    #expect(video.layout.duration == Self.time(312_100, 2400))
    #expect(imported.report.items(of: .compoundFlattened).count == 3)
  }

  /// FCPXML 1.9 (Final Cut Pro 10.6): a Basic Title with markers and a chapter marker.
  @Test func readsFCPXMLOnePointNine() throws {
    let imported = try Self.load("BasicMarkers-1.9.fcpxml")
    let title = try #require(imported.video.clips.first as? TitleSequence)
    #expect(imported.video.clips.count == 1)
    #expect(title.text == "Title")
    #expect(title.duration == Self.time(1_920_919, 30000))
    // Standard, to-do (open and done) and chapter markers are the title's, with their notes;
    // only the chapter marker's poster frame is reported.
    #expect(
      title.markers.map(\.kind) == [
        .standard, .toDo(completed: false), .toDo(completed: true), .chapter,
      ])
    #expect(title.markers.first?.note == "some notes here")
    #expect(title.markers.allSatisfy { $0.duration == .zero })
    #expect(imported.report.items(of: .marker).count == 1)
    #expect(imported.report.items(of: .marker).first?.detail.contains("poster frame") == true)
  }

  @Test func refusesAnEventOfClipsWithNoProjectSayingWhatToExport() throws {
    #expect {
      try Self.load("fcpx_clips.fcpxml")
    } throws: { error in
      guard let error = error as? FCPXMLError, case .noProject = error.reason else { return false }
      return error.recoverySuggestion?.contains("project") == true
    }
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
    // The markers on the titles are theirs; those on transitions, which kadr keeps none on,
    // are reported.
    #expect(imported.report.items(of: .marker).count == 8)
    #expect(imported.report.items(of: .marker).allSatisfy { $0.path.contains("transition") })
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

/// The same files read by OpenTimelineIO's `fcpx_xml` adapter, where it can read them: each
/// clip on its main track is, in the same order, a clip on kadr's main chain as long as kadr
/// reads it (cut in the middle of a dissolve, as Final Cut Pro shows the cut), counted in the
/// adapter's frames. Where they differ, kadr's report says why:
/// - the adapter reads a compound clip as a nested stack; kadr places the part of its contents
///   that plays (`compoundFlattened`), so each stack stands for one of kadr's clips here;
/// - the adapter reads a 29.97 fps timeline at 29 fps (it truncates the rate), and a dissolve
///   as a short gap that pushes what follows later, so places are compared by order only.
///
/// It reads neither titles nor multicam clips, so those files have nothing to compare.
@Suite(
  "Real Final Cut Pro exports read by OpenTimelineIO", .serialized,
  .enabled(if: Tools.otioRuns, "no Python with otio-fcpx-xml-adapter in .build/otio-venv"))
struct RealFileOracleTests {
  @Test(arguments: [
    "29.97d.fcpxml", "SyncClip.fcpxml", "50.fcpxml", "60.fcpxml", "fcpx_example.fcpxml",
  ])
  func mainTrackAgreesWithOpenTimelineIO(name: String) throws {
    let data = try Data(contentsOf: RealFileTests.directory.appendingPathComponent(name))
    let reading = try OTIOOracleTests.read(data)
    let imported = try FCPXMLImporter().importProject(from: data)
    let items = reading.tracks.first { $0.name == "0" }?.items ?? []
    let theirs = items.filter { $0.kind == "clip" }
    let stacks = items.filter { $0.kind == "stack" }.count
    let main = try #require(imported.video.layout.mainChain)
    var ours = OTIOOracleTests.places(of: main, in: imported.video)[...]
    var unmatched = 0
    #expect(!theirs.isEmpty, "\(name)")
    for their in theirs {
      let frames = { (place: (name: String, start: Double, duration: Double)) in
        (place.duration * their.rate).rounded(.down)
      }
      guard
        let index = ours.firstIndex(where: {
          $0.name.hasPrefix(their.name) && abs(their.durationFrames - frames($0)) <= 1
        })
      else {
        Issue.record(
          "\(name): \(their.name) (\(their.durationFrames) frames) is not in kadr's order")
        break
      }
      unmatched += index - ours.startIndex
      ours = ours[(index + 1)...]
    }
    unmatched += ours.count
    #expect(unmatched == stacks, "\(name): every clip of kadr's but the compounds' contents")
    if name == "fcpx_example.fcpxml" {
      #expect(imported.report.items(of: .compoundFlattened).count == stacks + 1)
    }
  }
}
