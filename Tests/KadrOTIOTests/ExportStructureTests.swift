import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

@Suite("OpenTimelineIO export structure")
struct ExportStructureTests {
  let json: JSONValue

  init() throws {
    json = try OTIORoundTrip.export(Compositions.broad, images: InMemoryImageStore())
  }

  func value(_ pointer: String) -> JSONValue? { OTIOJSON.value(at: pointer, in: json) }

  func schemas(_ pointer: String) -> [String] {
    guard case .array(let items)? = value(pointer) else { return [] }
    return items.map { OTIOJSON.value(at: "/OTIO_SCHEMA", in: $0)?.textValue ?? "?" }
  }

  /// `[value, rate]` of a `RationalTime`.
  func time(_ pointer: String) -> [Double] {
    [value(pointer + "/value")?.doubleValue ?? .nan, value(pointer + "/rate")?.doubleValue ?? .nan]
  }

  @Test func timelineHoldsOneStackOfVideoThenAudioTracks() {
    #expect(value("/OTIO_SCHEMA") == "Timeline.1")
    #expect(value("/tracks/OTIO_SCHEMA") == "Stack.1")
    #expect(schemas("/tracks/children") == Array(repeating: "Track.1", count: 5))
    let kinds = (0..<5).map { value("/tracks/children/\($0)/kind")?.textValue }
    #expect(kinds == ["Video", "Video", "Video", "Audio", "Audio"])
    let names = (0..<5).map { value("/tracks/children/\($0)/name")?.textValue }
    #expect(names == ["Main", "c.mov", "overlayTrack", "music.m4a", "voice.wav"])
  }

  @Test func mainChainHoldsItsClipsAndTransitionsInOrder() {
    #expect(
      schemas("/tracks/children/0/children") == [
        "Clip.2", "Transition.1", "Clip.2", "Transition.1", "Clip.2", "Transition.1", "Clip.2",
        "Clip.2",
      ])
    let names = (0..<8).map { value("/tracks/children/0/children/\($0)/name")?.textValue }
    #expect(
      names == ["hero", "Dissolve", "b c.mov", "Fade", "photo", "Slide", "Chapter One", "last"])
  }

  @Test func dissolveCutsBothNeighboursByHalfItsDurationExactly() {
    let main = "/tracks/children/0/children"
    #expect(value("\(main)/1/transition_type") == "SMPTE_Dissolve")
    #expect(time("\(main)/1/in_offset") == [1, 4])
    #expect(time("\(main)/1/out_offset") == [1, 4])
    // a.mov trimmed 30/30 + 150/30, less its out handle of 1/4 s.
    #expect(time("\(main)/0/source_range/start_time") == [30, 30])
    #expect(time("\(main)/0/source_range/duration") == [285, 60])
    // b c.mov at speed 2: 2 s on the timeline from 600/600; the head handle is 1/2 s of source.
    #expect(time("\(main)/2/source_range/start_time") == [900, 600])
    #expect(time("\(main)/2/source_range/duration") == [1050, 600])
  }

  @Test func fadeAndSlideKeepTheirKadrKindInMetadata() {
    let main = "/tracks/children/0/children"
    #expect(value("\(main)/3/transition_type") == "Custom_Transition")
    #expect(value("\(main)/3/metadata/kadr/clip/transition/_0/kind") == "fade")
    #expect(time("\(main)/3/in_offset") == [1, 4])
    #expect(value("\(main)/5/metadata/kadr/clip/transition/_0/direction") == "fromBottom")
    // A fade makes no overlap: the photo keeps its start, and loses only the slide's handle.
    #expect(time("\(main)/4/source_range/start_time") == [0, 30])
    #expect(time("\(main)/4/source_range/duration") == [55, 30])
    #expect(time("\(main)/6/source_range/start_time") == [5, 30])
  }

  @Test func speedIsALinearTimeWarpAndFiltersAreEffects() {
    #expect(value("/tracks/children/0/children/2/effects/0/OTIO_SCHEMA") == "LinearTimeWarp.1")
    #expect(value("/tracks/children/0/children/2/effects/0/time_scalar") == .number(2))
    let hero = "/tracks/children/0/children/0/effects"
    #expect(schemas(hero) == ["Effect.1", "Effect.1"])
    #expect(value("\(hero)/0/name") == "sepia-1")
    #expect(value("\(hero)/0/effect_name") == "sepia")
    #expect(value("\(hero)/0/metadata/kadr/filter/scalar") == .number(0.4))
    #expect(value("\(hero)/0/metadata/kadr/animation/timing/kind") == "easeInOut")
    #expect(value("\(hero)/1/metadata/kadr/animation") == nil)
    let reversed = "/tracks/children/1/children/1/effects"
    #expect(value("\(reversed)/0/time_scalar") == .number(-1))
    #expect(schemas(reversed) == ["LinearTimeWarp.1", "Effect.1", "Effect.1", "Effect.1"])
  }

  @Test func mediaReferencesNameFilesGeneratorsAndTokens() {
    let main = "/tracks/children/0/children"
    let media = "media_references/DEFAULT_MEDIA"
    #expect(value("\(main)/0/\(media)/OTIO_SCHEMA") == "ExternalReference.1")
    #expect(value("\(main)/0/\(media)/target_url") == "file:///media/a.mov")
    #expect(value("\(main)/2/\(media)/target_url") == "file:///media/b%20c.mov")
    #expect(value("\(main)/4/\(media)/generator_kind") == "kadr.image")
    #expect(value("\(main)/4/\(media)/parameters/imageToken") == "memory:1")
    #expect(value("\(main)/6/\(media)/generator_kind") == "kadr.title")
    #expect(value("\(main)/6/\(media)/parameters/text") == "Chapter One")
    #expect(value("\(main)/6/\(media)/parameters/style/fontName") == "Menlo")
    #expect(value("\(main)/6/metadata/kadr/clip/title/_0/text") == nil)
  }

  @Test func atTimeClipsAndTracksStartWithAGap() {
    #expect(schemas("/tracks/children/1/children") == ["Gap.1", "Clip.2"])
    #expect(time("/tracks/children/1/children/0/source_range/duration") == [2, 1])
    #expect(value("/tracks/children/1/metadata/kadr/layer") == "timed")
    #expect(value("/tracks/children/1/metadata/kadr/index") == 5)
    let track = "/tracks/children/2"
    #expect(
      schemas("\(track)/children") == ["Gap.1", "Clip.2", "Transition.1", "Stack.1", "Clip.2"])
    #expect(time("\(track)/children/0/source_range/duration") == [200, 30])
    #expect(value("\(track)/metadata/kadr/track/opacityFactor") == .number(0.7))
    #expect(value("\(track)/metadata/kadr/index") == 8)
  }

  @Test func nestedTrackIsANestedStackTrimmedByItsHandle() {
    let stack = "/tracks/children/2/children/3"
    #expect(value("\(stack)/name") == "inner")
    #expect(schemas("\(stack)/children") == ["Track.1"])
    #expect(schemas("\(stack)/children/0/children") == ["Clip.2", "Transition.1", "Clip.2"])
    #expect(time("\(stack)/source_range/start_time") == [1, 4])
    let layer = Compositions.broad.layout.allLayers.first { $0.path == [8, 2] }
    let length = (layer?.duration ?? .zero) - Time(value: 1, timescale: 4)
    #expect(
      time("\(stack)/source_range/duration") == [Double(length.value), Double(length.timescale)])
  }

  @Test func audioTracksHaveTheirStartSpeedAndLength() {
    let music = "/tracks/children/3/children"
    #expect(schemas(music) == ["Gap.1", "Clip.2"])
    #expect(time("\(music)/0/source_range/duration") == [1, 2])
    #expect(time("\(music)/1/source_range/duration") == [5, 1])
    #expect(value("\(music)/1/metadata/kadr/audioTrack/duckingLevel") == .number(0.2))
    let voice = "/tracks/children/4/children/0"
    #expect(value("\(voice)/effects/0/time_scalar") == .number(1.25))
    let length = Compositions.broad.layout.duration
    #expect(
      time("\(voice)/source_range/duration") == [Double(length.value), Double(length.timescale)])
  }

  @Test func captionsAndOverlaysAreMarkersOnTheStack() {
    let markers = "/tracks/markers"
    #expect(schemas(markers) == Array(repeating: "Marker.2", count: 5))
    let names = (0..<5).map { value("\(markers)/\($0)/name")?.textValue }
    #expect(names == ["first", "second", "wm", "logo", "sticker"])
    #expect(time("\(markers)/1/marked_range/start_time") == [2, 1])
    #expect(value("\(markers)/2/metadata/kadr/overlay/text/_0/text") == "Watermark")
    #expect(time("\(markers)/3/marked_range/start_time") == [0, 600])
  }

  @Test func timelineMetadataHoldsTheCompositionFields() {
    #expect(value("/metadata/kadr/format") == 2)
    #expect(value("/metadata/kadr/video/preset/kind") == "custom")
    #expect(value("/metadata/kadr/video/quality/bitrate") == 6_000_000)
    #expect(value("/metadata/kadr/video/crop/anchor") == "center")
    #expect(value("/metadata/kadr/video/clips") == .array([]))
  }

  @Test func fileImagesAreReferencedByTheirFileURL() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try FileImageStore(directory: directory)
    let json = try OTIORoundTrip.export(Compositions.broad, images: store)
    let reference = OTIOJSON.value(
      at: "/tracks/children/0/children/4/media_references/DEFAULT_MEDIA", in: json)
    let url = reference.flatMap { OTIOJSON.value(at: "/target_url", in: $0) }?.textValue ?? ""
    #expect(
      reference.flatMap { OTIOJSON.value(at: "/OTIO_SCHEMA", in: $0) } == "ExternalReference.1")
    #expect(url.hasPrefix(directory.standardizedFileURL.absoluteString))
    #expect(url.hasSuffix(".png"))
    #expect(FileManager.default.fileExists(atPath: URL(string: url)?.path ?? "/nonexistent"))
  }

  @Test func fileIsIndentedJSONThatReadsBackToTheSameTimeline() throws {
    let file = try OTIOExporter().export(Compositions.broad, images: InMemoryImageStore())
    let text = String(decoding: file.data, as: UTF8.self)
    #expect(text.hasPrefix("{\n    \"OTIO_SCHEMA\": \"Timeline.1\",\n"))
    #expect(text.contains(#""target_url": "file:///media/a.mov""#))
    let reread = try JSONWriter().write(try JSONReader().read(file.data))
    #expect(reread == (try JSONWriter().write(json)))
  }
}
