import Foundation
import KadrFCPXML
import KadrOTIO
import KadrPersistence

/// `kadr-bench --interchange [--clips N]`: export and import of the benchmark's N-clip
/// composition as OpenTimelineIO and as FCPXML, on the same composition in the same run: the
/// median wall time and the transient peak resident memory of each.
///
/// Then the hostile inputs (``hostileInputs()``): the time and transient memory of refusing each.
///
/// Both exports allow loss (the composition has filters and code FCPXML cannot hold); the
/// losses are counted, and each import reads the file its exporter wrote.
enum InterchangeBenchmark {
  struct Row {
    let format: String
    let bytes: Int
    let losses: Int
    let exportMs: Double
    let exportPeak: Int
    let importMs: Double
    let importPeak: Int
  }

  static func run(clips: Int, json: Bool) throws {
    let (video, store) = Workload.composition(clipCount: clips)
    let runs = clips <= 10_000 ? 5 : 3
    let otioExporter = OTIOExporter(allowingLoss: true)
    let fcpxmlExporter = FCPXMLExporter(allowingLoss: true)
    let otio = try measure(
      "export-otio / import-otio", runs: runs,
      export: { try otioExporter.export(video, images: store) },
      bytes: { $0.data.count }, losses: { $0.lossReport.losses.count },
      import: { try OTIOImporter().importTimeline(from: $0.data, images: store) })
    let fcpxml = try measure(
      "export-fcpxml / import-fcpxml", runs: runs,
      export: { try fcpxmlExporter.export(video, images: store) },
      bytes: { $0.data.count }, losses: { $0.lossReport.losses.count },
      import: { try FCPXMLImporter().importProject(from: $0.data, images: store) })
    let hostile = measureHostile(runs: runs)
    defer { printHostile(hostile, json: json) }
    if json {
      for row in [otio, fcpxml] {
        print(
          "{\"clips\":\(clips),\"format\":\"\(row.format)\",\"bytes\":\(row.bytes),"
            + "\"losses\":\(row.losses),\"export_ms\":\(fmt(row.exportMs)),"
            + "\"export_transient_peak_bytes\":\(row.exportPeak),"
            + "\"import_ms\":\(fmt(row.importMs)),"
            + "\"import_transient_peak_bytes\":\(row.importPeak)}")
      }
      return
    }
    print("kadr-bench --interchange — \(clips) clips, median wall time, transient peak RSS")
    print("format | bytes | losses | export ms | export peak MiB | import ms | import peak MiB")
    for row in [otio, fcpxml] {
      print(
        "\(row.format) | \(row.bytes) | \(row.losses) | \(fmt(row.exportMs)) | "
          + "\(mib(row.exportPeak)) | \(fmt(row.importMs)) | \(mib(row.importPeak))")
    }
  }

  private static func measure<File, Imported>(
    _ format: String, runs: Int, export: () throws -> File, bytes: (File) -> Int,
    losses: (File) -> Int, import read: (File) throws -> Imported
  ) throws -> Row {
    let exported = try Measure.transientPeak(export)
    let exportMs = try Measure.medianMilliseconds(runs: runs) { _ = try export() }
    let file = exported.result
    let imported = try Measure.transientPeak { try read(file) }
    withExtendedLifetime(imported.result) {}
    let importMs = try Measure.medianMilliseconds(runs: runs) { _ = try read(file) }
    return Row(
      format: format, bytes: bytes(file), losses: losses(file), exportMs: exportMs,
      exportPeak: exported.transientBytes, importMs: importMs, importPeak: imported.transientBytes)
  }

  static func mib(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1_048_576)
  }
}
