import Foundation
import Testing

/// The Python with OpenTimelineIO and the adapters `.ci/run` installs (`otio-fcpx-xml-adapter`,
/// `otio-cmx3600-adapter`): `KADR_OTIO_PYTHON`, else the package's `.build/otio-venv`.
enum AdapterPython {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let interpreter: URL? = {
    let environment = ProcessInfo.processInfo.environment
    let path =
      environment["KADR_OTIO_PYTHON"]
      ?? packageRoot.appendingPathComponent(".build/otio-venv/bin/python").path
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
    let probe = Process()
    probe.executableURL = url
    probe.arguments = ["-c", "import opentimelineio, otio_fcpx_xml_adapter, otio_cmx3600_adapter"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return nil }
    probe.waitUntilExit()
    return probe.terminationStatus == 0 ? url : nil
  }()

  /// Whether the adapter tests run: when the adapters are there, and always under CI (where
  /// their absence is a failure, not a skip).
  static var runs: Bool {
    let environment = ProcessInfo.processInfo.environment
    let required = environment["KADR_REQUIRE_OTIO"] == "1" || environment["CI"] != nil
    if interpreter == nil && !required {
      print(
        "AdapterExportTests: skipped — the OpenTimelineIO adapters are not installed "
          + "(.ci/run installs them in .build/otio-venv)")
    }
    return interpreter != nil || required
  }

  /// Converts `otio` with `adapter`, reads the result back with the same adapter and prints,
  /// as JSON, the clip counts and durations (in seconds) of the exported and converted files.
  static let convert = """
    import json, sys
    import opentimelineio as otio
    source, adapter, output = sys.argv[1], sys.argv[2], sys.argv[3]
    exported = otio.adapters.read_from_file(source)
    otio.adapters.write_to_file(exported, output, adapter_name=adapter)
    options = {"rate": 30} if adapter == "cmx_3600" else {}
    back = otio.adapters.read_from_file(output, adapter_name=adapter, **options)
    def video_clips(timeline, first_only):
        tracks = [t for t in timeline.tracks if t.kind == otio.schema.TrackKind.Video]
        return sum(len(list(t.find_clips())) for t in (tracks[:1] if first_only else tracks))
    print(json.dumps({
        "exported_clips": len(list(exported.find_clips())),
        "exported_main_clips": video_clips(exported, True),
        "converted_clips": len(list(back.find_clips())),
        "exported_seconds": exported.duration().to_seconds(),
        "converted_seconds": back.duration().to_seconds(),
    }))
    """
}

/// `export-otio --target` writes what OpenTimelineIO's own adapters convert: the real
/// Final Cut Pro X XML and CMX 3600 EDL adapters, from PyPI, on the fixture and the demo.
@Suite(
  "export-otio for the adapters", .serialized,
  .enabled(if: AdapterPython.runs, "the OpenTimelineIO adapters are not installed"))
struct AdapterExportTests {
  enum Source: String, CaseIterable, CustomStringConvertible {
    case fixture, demo
    var description: String { rawValue }
  }

  /// The document of `source` in `directory`.
  static func document(_ source: Source, in directory: TemporaryDirectory) throws -> String {
    switch source {
    case .fixture:
      return try directory.write(Fixtures.broad, to: "broad.kadr.json")
    case .demo:
      let run = try Tool.run(["demo", "--output", directory.path("demo")])
      #expect(run.status == 0, "stderr: \(run.err)")
      return directory.path("demo/showcase.kadr.json")
    }
  }

  @Test(arguments: Source.allCases, [("finalCutProX", "fcpx_xml"), ("cmx3600", "cmx_3600")])
  func theAdapterConvertsTheExport(_ source: Source, target: (name: String, adapter: String))
    throws
  {
    let python = try #require(AdapterPython.interpreter, "the adapters are required here")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try Self.document(source, in: directory)
    let otio = directory.path("export.otio")
    // An EDL holds one video track: the fixture's and the demo's tracks are left out, and said.
    let export = try Tool.run(
      ["export-otio", document, "-o", otio, "--target", target.name]
        + (target.name == "cmx3600" ? ["--allowing-loss"] : []))
    #expect(export.status == 0, "stderr: \(export.err)")
    if target.name == "cmx3600" {
      #expect(export.err.contains("an EDL holds one video track"), "stderr: \(export.err)")
    }

    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", AdapterPython.convert, otio, target.adapter, directory.path("out")]
    let pipe = Pipe()
    process.standardOutput = pipe
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    let problems = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "the \(target.adapter) adapter failed: \(problems)")
    let figures = try JSONOutput.object(output)
    let exported = try #require(figures["exported_clips"] as? Int)
    let converted = try #require(figures["converted_clips"] as? Int)
    #expect(exported > 0)
    if target.name == "cmx3600" {
      #expect(converted == figures["exported_main_clips"] as? Int)
    } else {
      #expect(converted == exported, "every clip reaches Final Cut Pro X XML")
    }
    let length = try #require(figures["exported_seconds"] as? Double)
    let convertedLength = try #require(figures["converted_seconds"] as? Double)
    // Within one frame at 30 frames a second (EDL and FCP X XML count whole frames).
    #expect(abs(length - convertedLength) <= 1.0 / 30 + 1e-9, "\(length) s → \(convertedLength) s")
  }

  @Test func theDefaultTargetStillRoundTripsExactly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(Fixtures.broad, to: "broad.kadr.json")
    let otio = directory.path("export.otio")
    #expect(try Tool.run(["export-otio", document, "-o", otio]).status == 0)
    let back = try Tool.run(["import-otio", otio])
    #expect(back.out == Fixtures.broad)
    #expect(try Tool.run(["export-otio", document, "--target", "avid"]).status == 2)
  }
}
