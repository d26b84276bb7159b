import Foundation
import KadrFCPXML
import KadrModel
import Testing

/// OpenTimelineIO's `fcpx_xml` adapter, an independent reader, reads every export with the
/// clips where kadr's layout places them and as long, within a frame.
///
/// Where the adapter reads FCPXML differently, the test says how and checks the rest:
/// it skips titles and gaps (it fills the space with its own gaps); it places a connected
/// storyline's clips from the parent clip's offset, ignoring the storyline's own offset, so a
/// storyline's clips agree with kadr's in length and in their places relative to each other;
/// and it fails on items connected to a title (it looks the title's effect up as an asset), so
/// the broad composition is read with a clip in its title's place.
@Suite(
  "FCPXML exports read by OpenTimelineIO", .serialized,
  .enabled(if: Tools.otioRuns, "no Python with otio-fcpx-xml-adapter in .build/otio-venv"))
struct OTIOOracleTests {
  typealias C = Compositions

  struct Reading: Decodable {
    struct Track: Decodable {
      let name: String
      let kind: String
      let items: [Item]
    }
    struct Item: Decodable {
      let kind: String
      let name: String
      let start: Double
      let duration: Double
      /// The adapter's own frame counts, at its rate.
      let startFrames: Double
      let durationFrames: Double
      let rate: Double

      enum CodingKeys: String, CodingKey {
        case kind, name, start, duration, rate
        case startFrames = "start_frames"
        case durationFrames = "duration_frames"
      }
    }
    let tracks: [Track]

    func clips(onLane lane: Int) -> [Item] {
      tracks.first { $0.name == "\(lane)" }?.items.filter { $0.kind == "clip" } ?? []
    }
  }

  /// What OpenTimelineIO reads from `data`.
  static func read(_ data: Data) throws -> Reading {
    let python = try #require(Tools.python, "no Python with otio-fcpx-xml-adapter")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-oracle-\(UUID().uuidString).fcpxml")
    defer { try? FileManager.default.removeItem(at: file) }
    try data.write(to: file)
    let script = Tools.packageRoot.appendingPathComponent(
      "Tests/KadrFCPXMLTests/Python/read_fcpxml.py")
    let run = Subprocess.run(python, [script.path, file.path])
    try #require(run.status == 0, "the adapter failed: \(run.output)")
    return try JSONDecoder().decode(Reading.self, from: Data(run.output.utf8))
  }

  /// kadr's place of each video clip of `layer`: its layout entry, cut in the middle of a
  /// dissolve on either side (as the exporter writes it).
  static func places(of layer: TimelineLayout.Layer, in video: Video) -> [(
    name: String, start: Double, duration: Double
  )] {
    var places: [(String, Double, Double)] = []
    let entries = layer.entries
    for (index, entry) in entries.enumerated() {
      var clips = video.clips
      for step in entry.path.dropLast() { clips = (clips[step] as? Track)?.clips ?? [] }
      guard let clip = clips[entry.path.last ?? 0] as? VideoClip else { continue }
      var start = entry.start.seconds
      var end = entry.end.seconds
      if index > 0, case .transition(_, let overlap) = entries[index - 1].kind,
        overlap.duration > .zero
      {
        start = overlap.start.seconds + overlap.duration.seconds / 2
      }
      if index + 1 < entries.count, case .transition(_, let overlap) = entries[index + 1].kind,
        overlap.duration > .zero
      {
        end = overlap.start.seconds + overlap.duration.seconds / 2
      }
      places.append((clip.name ?? clip.url.lastPathComponent, start, end - start))
    }
    return places
  }

  static let cases: [(String, Video)] = [
    ("cut", C.cut), ("dissolve", C.dissolve), ("broad", C.broadWithoutTitle),
    ("late clip", C.lateClip), ("storyline dissolve", C.storylineDissolve),
    ("nested tracks", C.nestedTracks), ("60 fps", C.sixty),
    // Transforms, opacity and volume, a step speed curve and reverses (time maps), and a ramped
    // speed curve whose length is not a whole number of frames (written to the nearest, a loss).
    ("looks", C.looks), ("retimed", C.retimed), ("ramped", C.ramped),
    // Final Cut Pro's Fade To Color and Slide; mobile work, snapped to frames (notes).
    ("fade and slide", C.fadeAndSlide), ("mobile", C.mobile),
  ]

  @Test(arguments: cases.map(\.0))
  func readsEveryClipWhereKadrPlacesIt(name: String) throws {
    let video = try #require(Self.cases.first { $0.0 == name }?.1)
    let exporter = FCPXMLExporter(allowingLoss: name == "ramped")
    let reading = try Self.read(try exporter.export(video).data)
    let frame = 1 / Double(video.preset.frameRate)
    var lane = 0
    for layer in video.layout.layers {
      if layer.kind != .mainChain { lane += 1 }
      let expected = Self.places(of: layer, in: video)
      let read = reading.clips(onLane: lane)
      #expect(read.map(\.name) == expected.map(\.name), "lane \(lane)")
      guard read.count == expected.count, let first = read.first, let head = expected.first
      else { continue }
      var isStoryline = false
      if case .track = layer.kind { isStoryline = true }
      // A storyline is shifted as a whole (see the suite's note); everything else is in place.
      let shift = isStoryline ? first.start - head.start : 0
      for (clip, place) in zip(read, expected) {
        #expect(abs(clip.start - shift - place.start) <= frame, "\(clip.name) on lane \(lane)")
        #expect(abs(clip.duration - place.duration) <= frame, "\(clip.name) on lane \(lane)")
      }
    }
    for (index, track) in video.audioTracks.enumerated() {
      let read = reading.clips(onLane: -(index + 1))
      #expect(read.map(\.name) == [track.url.lastPathComponent])
      #expect(abs((read.first?.start ?? -1) - (track.startTime ?? .zero).seconds) <= frame)
      // kadr's explicit duration is of the source: the track lasts it over its speed.
      let played = (track.explicitDuration ?? .zero).seconds / track.speedRate
      #expect(abs((read.first?.duration ?? -1) - played) <= frame)
    }
  }
}
