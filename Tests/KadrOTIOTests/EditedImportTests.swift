import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// A file exported by kadr and then edited in another tool: the edit must win over the kadr
/// metadata, and what the edit did not touch must survive.
@Suite("OpenTimelineIO import of an edited file")
struct EditedImportTests {
  typealias C = Compositions

  static let video = Video {
    VideoClip(url: C.media("a.mov")).trimmed(to: C.range(0, 60, 30))
      .filter(.sepia(intensity: 0.4), id: "s").filter(.mono, id: "m").id("hero").volume(0.5)
    Transition.dissolve(duration: C.time(10, 30))
    TitleSequence("Hello", duration: C.time(60, 30))
    VideoClip(url: C.media("b.mov")).trimmed(to: C.range(0, 30, 30)).at(time: C.time(1, 1))
  }
  .captions([Caption(text: "c", timeRange: C.range(0, 30, 30))])
  .overlay(TextOverlay("w").id("wm"))

  static let main = "/tracks/children/0/children"

  /// Imports the exported file after `edit`.
  func imported(_ edit: (JSONValue) -> JSONValue) throws -> OTIOImport {
    let json = try OTIORoundTrip.export(Self.video)
    return try OTIOImporter().importTimeline(from: try OTIOJSON.data(edit(json)))
  }

  func edit(_ pointer: String, _ value: JSONValue?) -> (JSONValue) -> JSONValue {
    { OTIOJSON.setting(value, at: pointer, in: $0) }
  }

  @Test func relinkedMediaKeepsEveryOtherField() throws {
    let result = try imported(
      edit("\(Self.main)/0/media_references/DEFAULT_MEDIA/target_url", "file:///new/a.mov"))
    let hero = try #require(result.video.clips[0] as? VideoClip)
    #expect(hero.url == URL(string: "file:///new/a.mov"))
    #expect(hero.clipID == "hero")
    #expect(hero.volumeLevel == 0.5)
    #expect(hero.filterIDs == ["s", "m"])
    #expect(result.report.isEmpty)
  }

  @Test func editedSourceRangeBecomesTheTrimWithTheHandleAdded() throws {
    let result = try imported(
      edit("\(Self.main)/0/source_range", OTIOJSON.range(12, 24, 24)))
    let hero = try #require(result.video.clips[0] as? VideoClip)
    // 24 frames at 24 fps plus the dissolve's 5/30 s out handle.
    #expect(hero.trimRange?.start == Time(value: 12, timescale: 24))
    #expect(
      hero.trimRange?.duration == Time(value: 1, timescale: 1) + Time(value: 5, timescale: 30))
  }

  @Test func removedAndReorderedEffectsAreTheFilters() throws {
    let removed = try imported(edit("\(Self.main)/0/effects/0", nil))
    #expect((removed.video.clips[0] as? VideoClip)?.filters == [.mono])
    #expect((removed.video.clips[0] as? VideoClip)?.filterIDs == ["m"])
    let reordered = try imported { json in
      let effects = OTIOJSON.value(at: "\(Self.main)/0/effects", in: json)
      guard case .array(let items)? = effects else { return json }
      return OTIOJSON.setting(.array(items.reversed()), at: "\(Self.main)/0/effects", in: json)
    }
    #expect((reordered.video.clips[0] as? VideoClip)?.filterIDs == ["m", "s"])
  }

  @Test func changedOffsetsAreTheTransitionsDuration() throws {
    let result = try imported { json in
      let longer = OTIOJSON.setting(
        OTIOJSON.time(6, 30), at: "\(Self.main)/1/in_offset", in: json)
      return OTIOJSON.setting(OTIOJSON.time(6, 30), at: "\(Self.main)/1/out_offset", in: longer)
    }
    guard case .dissolve(let duration)? = result.video.clips[1] as? Transition else {
      Issue.record("expected a dissolve")
      return
    }
    #expect(duration == Time(value: 12, timescale: 30))
    // The hero keeps its OpenTimelineIO range (55/30) and gains the new 6/30 handle.
    let hero = try #require(result.video.clips[0] as? VideoClip)
    #expect(hero.trimRange?.duration == Time(value: 61, timescale: 30))
  }

  @Test func renamedClipGetsTheNameAsItsID() throws {
    let result = try imported(edit("\(Self.main)/0/name", "opening"))
    #expect(result.video.clips[0].clipID == "opening")
    let unnamed = try imported(edit("\(Self.main)/2/name", ""))
    #expect(unnamed.video.clips[2].clipID == nil)
  }

  @Test func movedGapMovesTheTimedClip() throws {
    let result = try imported(
      edit("/tracks/children/1/children/0/source_range", OTIOJSON.range(0, 90, 30)))
    #expect(result.video.clips[3].startTime == Time(value: 90, timescale: 30))
    let removed = try imported(edit("/tracks/children/1/children/0", nil))
    #expect(removed.video.clips[3].startTime == .zero)
  }

  @Test func addedTimeWarpIsTheSpeed() throws {
    let warp: JSONValue = [
      "OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp",
      "time_scalar": -2,
    ]
    let result = try imported { json in
      guard case .array(let effects)? = OTIOJSON.value(at: "\(Self.main)/0/effects", in: json)
      else { return json }
      return OTIOJSON.setting(.array([warp] + effects), at: "\(Self.main)/0/effects", in: json)
    }
    let hero = try #require(result.video.clips[0] as? VideoClip)
    #expect(hero.speedRate == 2)
    #expect(hero.isReversed)
    // The timeline length (55/30 + 5/30 s) now shows twice as much source.
    #expect(hero.trimRange?.duration == Time(value: 120, timescale: 30))
  }

  @Test func deletedClipIsGone() throws {
    let result = try imported(edit("\(Self.main)/2", nil))
    #expect(result.video.clips.count == 3)
    #expect(result.video.clips.contains { $0 is TitleSequence } == false)
  }

  @Test func editedGeneratorParametersChangeTheTitle() throws {
    let result = try imported(
      edit("\(Self.main)/2/media_references/DEFAULT_MEDIA/parameters/text", "Goodbye"))
    #expect((result.video.clips[2] as? TitleSequence)?.text == "Goodbye")
    #expect((result.video.clips[2] as? TitleSequence)?.duration == Time(value: 60, timescale: 30))
  }

  @Test func editedMarkersChangeCaptionsAndOverlays() throws {
    let result = try imported { json in
      let moved = OTIOJSON.setting(
        OTIOJSON.range(1, 2, 1), at: "/tracks/markers/0/marked_range", in: json)
      let renamed = OTIOJSON.setting("changed", at: "/tracks/markers/0/name", in: moved)
      return OTIOJSON.setting("logo", at: "/tracks/markers/1/name", in: renamed)
    }
    #expect(
      result.video.captions == [
        Caption(
          text: "changed",
          timeRange: TimeRange(
            start: Time(value: 1, timescale: 1), duration: Time(value: 2, timescale: 1)))
      ])
    #expect(result.video.overlays.first?.layerID == "logo")
    #expect((result.video.overlays.first as? TextOverlay)?.text == "w")
  }
}
