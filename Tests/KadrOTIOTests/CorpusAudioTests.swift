import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Every audio clip of the corpus, in-point included, survives import and `export-otio`, as the
/// real OpenTimelineIO library reads the original and the round trip
/// (`Python/audio_in_points.py`).
@Suite(
  "OpenTimelineIO corpus: audio in-points round-trip", .serialized,
  .enabled(
    if: OTIOPython.validationRuns,
    "OpenTimelineIO (Python) could not be had; set KADR_REQUIRE_OTIO=1 to fail instead"))
struct CorpusAudioTests {
  static let script = OTIOPython.packageRoot.appendingPathComponent(
    "Tests/KadrOTIOTests/Python/audio_in_points.py")

  /// What the script found.
  struct Comparison: Decodable {
    let clips: Int
    let withInPoint: Int
    let kept: Int

    enum CodingKeys: String, CodingKey {
      case clips, kept
      case withInPoint = "with_in_point"
    }
  }

  @Test(arguments: CorpusTests.files)
  func everyAudioClipComesBackWithItsInPoint(_ name: String) throws {
    let python: URL
    switch OTIOPython.interpreter {
    case .success(let url): python = url
    case .failure(let problem): throw problem
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-corpus-audio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = CorpusTests.corpus.appendingPathComponent(name)
    let timelines = try OTIOImporter().timelines(at: source).count
    for index in 0..<timelines {
      var importer = OTIOImporter(timeline: .index(index))
      importer.bundleMediaDirectory = directory.appendingPathComponent("media")
      let imported = try importer.read(from: source)
      let roundTrip = directory.appendingPathComponent("\(index).otio")
      try OTIOExporter().write(imported.video, to: roundTrip)
      let run = Subprocess.run(
        python.path, [Self.script.path, source.path, roundTrip.path, String(index)])
      #expect(run.status == 0, "audio_in_points.py: \(run.output)")
      let comparison = try JSONDecoder().decode(Comparison.self, from: Data(run.output.utf8))
      #expect(
        comparison.kept == comparison.clips,
        "\(name) #\(index): \(comparison.kept) of \(comparison.clips) audio clips: \(run.output)")
    }
  }

  @Test func theCorpusHasAudioClipsCutIntoTheirFiles() throws {
    // The test above proves nothing unless some clips start inside their files.
    let python: URL
    switch OTIOPython.interpreter {
    case .success(let url): python = url
    case .failure(let problem): throw problem
    }
    var withInPoint = 0
    for name in ["fcp7_premiere_sequence.otio", "gaps_across_tracks.otio"] {
      let source = CorpusTests.corpus.appendingPathComponent(name)
      let run = Subprocess.run(python.path, [Self.script.path, source.path, source.path])
      withInPoint +=
        try JSONDecoder().decode(Comparison.self, from: Data(run.output.utf8)).withInPoint
    }
    #expect(withInPoint >= 3)
  }
}
