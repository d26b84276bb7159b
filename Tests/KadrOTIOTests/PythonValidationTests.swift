import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Exported files read, checked and rewritten by the real OpenTimelineIO library, and the
/// rewritten files imported back to an equal composition.
@Suite(
  "OpenTimelineIO validation with the Python library", .serialized,
  .enabled(
    if: OTIOPython.validationRuns,
    "OpenTimelineIO (Python) could not be had; set KADR_REQUIRE_OTIO=1 to fail instead"))
struct PythonValidationTests {
  typealias C = Compositions

  /// What OpenTimelineIO must find in an exported file.
  struct Expectations: Encodable {
    var input = ""
    var output = ""
    var videoTracks: Int
    var audioTracks: Int
    var clips: Int
    var transitions: Int
    var trackNames: [String]
    var clipNames: [String]
    /// `[start value, start rate, duration value, duration rate]` per clip, `nil` to skip one.
    var sourceRanges: [[Double]?]
    var duration: [Double]

    enum CodingKeys: String, CodingKey {
      case input, output, clips, transitions, duration
      case videoTracks = "video_tracks"
      case audioTracks = "audio_tracks"
      case trackNames = "track_names"
      case clipNames = "clip_names"
      case sourceRanges = "source_ranges"
    }
  }

  static func range(_ start: Time, _ duration: Time) -> [Double] {
    [
      Double(start.value), Double(start.timescale), Double(duration.value),
      Double(duration.timescale),
    ]
  }

  static func range(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
    [a, b, c, d]
  }

  /// The broad composition: 5 tracks, 12 clips, 5 transitions; every source range worked out
  /// by hand except the speed curve's, and the duration the kadr layout gives.
  static var broad: Expectations {
    let length = C.broad.layout.duration
    return Expectations(
      videoTracks: 3, audioTracks: 2, clips: 12, transitions: 5,
      trackNames: ["Main", "c.mov", "overlayTrack", "music.m4a", "voice.wav"],
      clipNames: [
        "hero", "b c.mov", "photo", "Chapter One", "last", "c.mov", "e.mov", "deep", "d.mov",
        "image", "music.m4a", "voice.wav",
      ],
      sourceRanges: [
        range(30, 30, 285, 60), range(900, 600, 1050, 600), range(0, 30, 55, 30),
        range(5, 30, 85, 30), range(0, 1, 1, 1), range(0, 1, 4, 1), range(0, 30, 165, 60),
        range(0, 1, 7, 8), nil, range(0, 1, 1, 1), range(0, 1, 5, 1),
        range(Time(value: 0, timescale: length.timescale), length),
      ],
      duration: [Double(length.value), Double(length.timescale)])
  }

  /// Exports `video`, lets OpenTimelineIO check and rewrite it, and imports the rewritten file.
  func validate(_ video: Video, _ expectations: Expectations, images: any ImageStore) throws {
    let python: URL
    switch OTIOPython.interpreter {
    case .success(let url): python = url
    case .failure(let problem): throw problem
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-python-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var expectations = expectations
    expectations.input = directory.appendingPathComponent("exported.otio").path
    expectations.output = directory.appendingPathComponent("rewritten.otio").path
    try OTIOExporter().write(video, to: URL(fileURLWithPath: expectations.input), images: images)
    let sidecar = directory.appendingPathComponent("expected.json")
    try JSONEncoder().encode(expectations).write(to: sidecar)

    let run = Subprocess.run(python.path, [OTIOPython.script.path, sidecar.path])
    #expect(run.status == 0, "validate_otio.py: \(run.output)")
    #expect(run.output.contains(#""ok": true"#), "validate_otio.py: \(run.output)")

    let rewritten = try Data(contentsOf: URL(fileURLWithPath: expectations.output))
    #expect(rewritten != (try Data(contentsOf: URL(fileURLWithPath: expectations.input))))
    let imported = try OTIOImporter().importTimeline(from: rewritten, images: images)
    #expect(imported.report.isEmpty, "\(imported.report)")
    let differences = ReflectionDiff.differences(video, imported.video)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
  }

  @Test func broadCompositionWithImageTokensPassesOpenTimelineIO() throws {
    try validate(C.broad, Self.broad, images: InMemoryImageStore())
  }

  @Test func broadCompositionWithImageFilesPassesOpenTimelineIO() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-images-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try validate(C.broad, Self.broad, images: FileImageStore(directory: directory))
  }

  @Test func edgeCompositionsPassOpenTimelineIO() throws {
    let rounding = Video {
      VideoClip(url: C.media("s.mov")).trimmed(to: C.range(7, 1001, 30000)).speed(.flat(3))
      Transition.dissolve(duration: C.time(1, 600))
      VideoClip(url: C.media("r.mov")).trimmed(to: C.range(0, 10, 1)).speed(.flat(0.25))
        .reversed()
      Track(clips: [Track(clips: [TitleSequence("deep", duration: 1.0)])], name: "nest")
    }
    let length = rounding.layout.duration
    try validate(
      rounding,
      Expectations(
        videoTracks: 2, audioTracks: 0, clips: 3, transitions: 1,
        trackNames: ["Main", "nest"], clipNames: ["s.mov", "r.mov", "deep"],
        // s.mov: 1001/30000 s at speed 3 is 334/30000 s (rounded in its timescale), less the
        // dissolve's 1/1200 s out handle (25/30000). r.mov: 10 s at speed 1/4 is 40 s, less the
        // 1/1200 s in handle; the handle in source time (1/4800 s) rounds to 0/1200.
        sourceRanges: [
          Self.range(7, 30000, 309, 30000), Self.range(0, 1200, 47999, 1200),
          Self.range(0, 600, 600, 600),
        ],
        duration: [Double(length.value), Double(length.timescale)]),
      images: InMemoryImageStore())
    try validate(
      Video {},
      Expectations(
        videoTracks: 1, audioTracks: 0, clips: 0, transitions: 0, trackNames: ["Main"],
        clipNames: [], sourceRanges: [], duration: [0, 1]),
      images: InMemoryImageStore())
  }

  @Test func configuredInterpreterWithoutOpenTimelineIOFailsWithTheFix() {
    guard case .failure(let problem) = OTIOPython.locate(configured: "/nonexistent/python3") else {
      Issue.record("a missing interpreter was accepted")
      return
    }
    #expect(problem.description.contains("KADR_OTIO_PYTHON=/nonexistent/python3"))
    #expect(problem.description.contains("pip install opentimelineio"))
  }
}
