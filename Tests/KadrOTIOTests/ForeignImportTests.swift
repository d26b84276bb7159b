import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

@Suite("OpenTimelineIO import of a foreign file")
struct ForeignImportTests {
  let imported: OTIOImport

  init() throws {
    imported = try OTIOImporter().importTimeline(from: Data(ForeignTimeline.text.utf8))
  }

  typealias Kind = OTIOImportReport.Item.Kind

  /// Every feature of the file with no kadr equivalent, in file order.
  static let expectedReport: [(Kind, String)] = [
    (.unmappedField, "/global_start_time"),
    (.unmappedField, "/metadata"),
    (.unmappedField, "/name"),
    (.unmappedField, "/tracks/children/0/children/0/metadata"),
    (.unmappedField, "/tracks/children/0/children/1/name"),
    (.unknownEffect, "/tracks/children/0/children/2/effects/1"),
    (
      .unsupportedReference,
      "/tracks/children/0/children/4/media_references/DEFAULT_MEDIA/generator_kind"
    ),
    (.missingReference, "/tracks/children/0/children/5/media_references/DEFAULT_MEDIA"),
    (.unmappedMarker, "/tracks/children/0/children/6/markers/0"),
    (.unmappedField, "/tracks/children/0/children/7/name"),
    (.unsupportedTransition, "/tracks/children/0/children/7/transition_type"),
    (.inexactTime, "/tracks/children/0/children/8/source_range/start_time"),
    (.unknownSchema, "/tracks/children/0/children/9"),
    (.disabledItem, "/tracks/children/0/children/10/enabled"),
    (.unsupportedTimeWarp, "/tracks/children/0/children/11/effects/0"),
    (.unmappedField, "/tracks/children/0/name"),
    (.unmappedStack, "/tracks/children/3/children/0"),
    (.audioPlacement, "/tracks/children/4/children/1/source_range"),
    (.unsupportedTrackKind, "/tracks/children/5/kind"),
    (.unmappedStack, "/tracks/children/6"),
    (.unmappedMarker, "/tracks/markers/0"),
  ]

  @Test func reportListsEveryFeatureWithoutAKadrEquivalentWhereItIs() {
    let actual = imported.report.items.map { ($0.kind, $0.pointer) }
    #expect(actual.count == Self.expectedReport.count, "\(imported.report)")
    for (index, expected) in Self.expectedReport.enumerated() where index < actual.count {
      #expect(actual[index].0 == expected.0, "item \(index): \(imported.report.items[index])")
      #expect(actual[index].1 == expected.1, "item \(index): \(imported.report.items[index])")
    }
    #expect(imported.report.items.allSatisfy { !$0.detail.isEmpty && $0.detail.hasSuffix(".") })
  }

  @Test func reportRendersOneLinePerKindAndEveryItemOnRequest() throws {
    let lines = imported.report.rendered(prefix: "cut.otio: ").split(separator: "\n")
    #expect(lines.count == imported.report.groups.count + 1)
    #expect(lines.count < Self.expectedReport.count)
    #expect(lines.first?.hasPrefix("cut.otio: 21 features of the OpenTimelineIO file") == true)
    #expect(
      lines.dropFirst().first.map(String.init)
        == "cut.otio: fields with no kadr equivalent left out: 7 (at /global_start_time, /metadata, "
        + "/name, …) — first: The timeline's global start time (a timecode offset) has no kadr "
        + "equivalent; left out.")
    let every = imported.report.renderedItems(prefix: "cut.otio: ").split(separator: "\n")
    #expect(every.count == Self.expectedReport.count)
    #expect(
      every.first
        == "cut.otio: /global_start_time: The timeline's global start time (a timecode offset) has no kadr equivalent; left out."
    )
    let decoded = try JSONDecoder().decode(
      OTIOImportReport.self, from: try JSONEncoder().encode(imported.report))
    #expect(decoded == imported.report)
    #expect(OTIOImportReport(items: []).description == "Nothing was left out.")
  }

  @Test func mainChainKeepsTheClipsKadrCanPlayWithTheirDissolveHandles() throws {
    let clips = imported.video.clips
    #expect(clips.count == 15)
    let shot010 = try #require(clips[0] as? VideoClip)
    #expect(shot010.url == URL(string: "file:///shots/010.mov"))
    #expect(shot010.clipID == "shot_010")
    // 48 frames from 86400, plus the 12 frames the dissolve after it reveals.
    #expect(
      shot010.trimRange
        == TimeRange(
          start: Time(value: 86400, timescale: 24), duration: Time(value: 60, timescale: 24)))
    guard case .dissolve(let duration)? = clips[1] as? Transition else {
      Issue.record("expected a dissolve, got \(clips[1])")
      return
    }
    #expect(duration == Time(value: 24, timescale: 24))
    // At speed 2 the 12-frame head handle is 24 frames of source.
    let shot020 = try #require(clips[2] as? VideoClip)
    #expect(shot020.speedRate == 2)
    #expect(shot020.filters.isEmpty)
    #expect(
      shot020.trimRange
        == TimeRange(
          start: Time(value: 76, timescale: 24), duration: Time(value: 168, timescale: 24)))
    // The gap, the generator and the missing media keep their place.
    #expect((clips[3] as? OTIOPlaceholder)?.role == .gap)
    #expect((clips[4] as? OTIOPlaceholder)?.role == .offline)
    #expect((clips[5] as? OTIOPlaceholder)?.name == "offline")
    #expect(
      clips[3...5].map(\.duration) == Array(repeating: Time(value: 24, timescale: 24), count: 3))
    // NTSC frames are exact: 1001 frames at 24000/1001 fps.
    let shot030 = try #require(clips[6] as? VideoClip)
    #expect(shot030.trimRange?.start == Time(value: 1001 * 1001, timescale: 24000))
    #expect(clips[7] is Transition)
    #expect((clips[8] as? VideoClip)?.url == URL(string: "https://cdn.example.com/040.mp4"))
    // The disabled clip plays as a gap, as OpenTimelineIO plays it.
    #expect((clips[9] as? OTIOPlaceholder)?.role == .gap)
    #expect((clips[10] as? VideoClip)?.speedRate == 1)
    #expect(clips[0...10].allSatisfy { $0.startTime == nil })
  }

  @Test func secondaryTracksBecomeTracksAndTimedClips() throws {
    let clips = imported.video.clips
    let v2 = try #require(clips[11] as? Track)
    #expect(v2.name == "V2")
    #expect(v2.startTime == Time(value: 2, timescale: 1))
    #expect((v2.clips.first as? VideoClip)?.clipID == "logo_bug")
    let insert = try #require(clips[12] as? VideoClip)
    #expect(insert.clipID == "insert")
    #expect(insert.startTime == Time(value: 1, timescale: 2))
    #expect(imported.video.layout.layers.count == 5)
  }

  @Test func nestedStackOfTwoTracksKeepsItsFirstTrackAndRaisesTheOther() throws {
    let layers = imported.video.layout.layers
    let sub = try #require(layers.first { $0.kind == .track(name: "Sub") })
    #expect(sub.children.count == 1)
    let raised = try #require(layers.last)
    let pip = try #require(raised.entries.first { $0.clipID == "pip_b" })
    // The stack starts at 0 in "Sub", and so does pip_b on its track.
    #expect(pip.start == .zero)
    #expect(pip.end == Time(value: 1, timescale: 1))
  }

  @Test func audioClipsBecomeAudioTracksWhereTheySit() throws {
    let tracks = imported.video.audioTracks
    #expect(tracks.map(\.url.lastPathComponent) == ["music.wav", "vo.wav"])
    #expect(
      tracks.map(\.startTime) == [Time(value: 1, timescale: 1), Time(value: 11, timescale: 1)])
    #expect(
      tracks.map(\.explicitDuration) == [
        Time(value: 10, timescale: 1), Time(value: 2, timescale: 1),
      ])
  }

  @Test func noCaptionsOverlaysOrImagesComeFromForeignMarkers() {
    #expect(imported.video.captions.isEmpty)
    #expect(imported.video.overlays.isEmpty)
    #expect(imported.unresolvedTokens.isEmpty)
  }

  @Test func importedCompositionSavesAsAKadrDocument() throws {
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)
    let data = try coder.data(for: imported.video, images: imported.imageStore)
    let reopened = try coder.video(from: data)
    #expect(ReflectionDiff.differences(imported.video, reopened).isEmpty)
  }
}
