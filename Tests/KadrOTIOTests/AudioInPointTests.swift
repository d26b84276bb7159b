import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import KadrPersistenceCore
import Testing

/// An audio clip that starts inside its file keeps its in-point (`AudioTrack.trimStart`), and
/// `export-otio` writes it back: small files written for the case, no corpus copies.
@Suite("OpenTimelineIO: audio in-points")
struct AudioInPointTests {
  /// An audio clip of `frames` at 48 kHz playing `file` from `start` samples in, with an
  /// optional linear time warp.
  static func audioClip(
    _ name: String, start: Int, duration: Int, scalar: Double? = nil
  ) -> String {
    let effects =
      scalar.map {
        #", "effects": [{"OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp", "time_scalar": \#($0)}]"#
      } ?? ""
    return """
      {"OTIO_SCHEMA": "Clip.2", "name": "\(name)",
       "source_range": {"OTIO_SCHEMA": "TimeRange.1",
         "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 48000, "value": \(start)},
         "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 48000, "value": \(duration)}},
       "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "ExternalReference.1",
         "target_url": "file:///media/\(name).wav"}},
       "active_media_reference_key": "DEFAULT_MEDIA"\(effects)}
      """
  }

  /// A gap of `duration` at 48 kHz.
  static func gap(_ duration: Int) -> String {
    """
    {"OTIO_SCHEMA": "Gap.1", "source_range": {"OTIO_SCHEMA": "TimeRange.1",
      "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 48000, "value": 0},
      "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 48000, "value": \(duration)}}}
    """
  }

  /// A timeline with a 4 s video clip and one audio track holding `children`, trimmed by
  /// `trim` (start and duration at 48 kHz) when given.
  static func timeline(audio children: [String], trim: (Int, Int)? = nil) -> Data {
    let range =
      trim.map {
        """
        "source_range": {"OTIO_SCHEMA": "TimeRange.1",
          "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 48000, "value": \($0.0)},
          "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 48000, "value": \($0.1)}},
        """
      } ?? ""
    return Data(
      """
      {"OTIO_SCHEMA": "Timeline.1", "name": "cut", "tracks": {"OTIO_SCHEMA": "Stack.1",
       "children": [
        {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
          {"OTIO_SCHEMA": "Clip.2", "name": "v", "source_range": {"OTIO_SCHEMA": "TimeRange.1",
            "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
            "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 96}},
           "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "ExternalReference.1",
             "target_url": "file:///media/v.mov"}},
           "active_media_reference_key": "DEFAULT_MEDIA"}]},
        {"OTIO_SCHEMA": "Track.1", "kind": "Audio", \(range)
         "children": [\(children.joined(separator: ","))]}]}}
      """.utf8)
  }

  /// The audio clips of an exported timeline, with their source ranges' starts in seconds.
  static func exportedAudioStarts(_ video: Video) throws -> [String: Double] {
    let timeline = try OTIORoundTrip.export(video)
    var starts: [String: Double] = [:]
    for track in Self.elements(at: "/tracks/children", in: timeline)
    where OTIOJSON.value(at: "/kind", in: track)?.textValue == "Audio" {
      for child in Self.elements(at: "/children", in: track) {
        guard let name = OTIOJSON.value(at: "/name", in: child)?.textValue,
          let value = OTIOJSON.value(at: "/source_range/start_time/value", in: child)?.doubleValue,
          let rate = OTIOJSON.value(at: "/source_range/start_time/rate", in: child)?.doubleValue
        else { continue }
        starts[name] = value / rate
      }
    }
    return starts
  }

  /// The elements of the array at `pointer`, or none.
  static func elements(at pointer: String, in json: JSONValue) -> [JSONValue] {
    guard case .array(let elements)? = OTIOJSON.value(at: pointer, in: json) else { return [] }
    return elements
  }

  @Test func anAudioClipCutIntoItsFileKeepsItsInPointExactly() throws {
    // 10.5 s into the file, 2 s long, after a 1 s gap.
    let imported = try OTIOImporter().importTimeline(
      from: Self.timeline(audio: [
        Self.gap(48_000), Self.audioClip("dialogue", start: 504_000, duration: 96_000),
      ]))
    let track = try #require(imported.video.audioTracks.first)
    #expect(track.trimStart == Time(value: 504_000, timescale: 48_000))
    #expect(track.startTime == Time(value: 48_000, timescale: 48_000))
    #expect(track.explicitDuration == Time(value: 96_000, timescale: 48_000))
    let item = try #require(imported.report.items.first { $0.kind == .audioPlacement })
    #expect(item.pointer == "/tracks/children/1/children/1/source_range")
    #expect(item.detail.contains("10.5 s into its file"), "\(item.detail)")
    #expect(item.detail.contains("trimStart"), "\(item.detail)")

    // Exported, the clip starts 10.5 s into its file again, and reimporting is exact.
    #expect(try Self.exportedAudioStarts(imported.video)["dialogue.wav"] == 10.5)
    try OTIORoundTrip.check(imported.video)
  }

  @Test func anInPointIsInTheFilesTimeWhateverTheSpeed() throws {
    // At 2×, 1 s on the track plays 2 s of the file; the in-point (3 s) is the file's time.
    let imported = try OTIOImporter().importTimeline(
      from: Self.timeline(audio: [
        Self.audioClip("fast", start: 144_000, duration: 48_000, scalar: 2)
      ]))
    let track = try #require(imported.video.audioTracks.first)
    #expect(track.trimStart == Time(value: 144_000, timescale: 48_000))
    #expect(track.speedRate == 2)
    #expect(try Self.exportedAudioStarts(imported.video)["fast.wav"] == 3)
    try OTIORoundTrip.check(imported.video)
  }

  @Test func aTrackTrimmedIntoAClipMovesTheClipsInPointByTheCut() throws {
    // The clip starts 4 s into its file at the track's 0; the track's range starts 1 s in, so
    // the clip now plays from 5 s into its file, at the composition's start, for 2 s.
    let imported = try OTIOImporter().importTimeline(
      from: Self.timeline(
        audio: [Self.audioClip("music", start: 192_000, duration: 144_000)],
        trim: (48_000, 96_000)))
    let track = try #require(imported.video.audioTracks.first)
    #expect(track.trimStart == Time(value: 240_000, timescale: 48_000), "\(track)")
    #expect(track.startTime == nil)
    #expect(track.explicitDuration == Time(value: 96_000, timescale: 48_000))
    let cut = imported.report.items.filter { $0.kind == .audioPlacement }
    #expect(cut.count == 2, "the clip's in-point and the track's cut: \(imported.report)")
    #expect(cut.contains { $0.detail.contains("5.0 s into the file") }, "\(imported.report)")
  }

  @Test func aTrackWithoutAnInPointStaysSchemaOneByteForByte() throws {
    let plain = AudioTrack(url: URL(fileURLWithPath: "/media/a.m4a")).fadeIn(1)
    let document = try KadrCoding.data(
      for: Video { VideoClip(url: URL(fileURLWithPath: "/v.mov")) }.audio { plain })
    #expect(!String(decoding: document, as: UTF8.self).contains("trimStart"))

    let cut = plain.trimmed(from: Time(value: 3, timescale: 2))
    #expect(cut.trimStart == Time(value: 3, timescale: 2))
    #expect(cut.fadeInDuration == plain.fadeInDuration, "the modifier changes only the in-point")
    let saved = try KadrCoding.data(
      for: Video { VideoClip(url: URL(fileURLWithPath: "/v.mov")) }.audio { cut })
    #expect(
      String(decoding: saved, as: UTF8.self).contains(#""trimStart":{"timescale":2,"value":3}"#))
    let reopened = try KadrCoding.video(from: saved)
    #expect(ReflectionDiff.differences(reopened.audioTracks, [cut]).isEmpty)
  }
}
