import Foundation
import KadrOTIO
import KadrPersistence

/// Imports any bytes as an OpenTimelineIO timeline and checks what must hold whatever they are.
///
/// - The importer either refuses the bytes with a `PersistenceError` that points inside them
///   (``ErrorPlacement``), or returns a composition.
/// - A composition it returns exports again (with loss allowed), and that export imports.
///
/// A crash, a hang or an allocation past libFuzzer's limit is the other failure.
struct OTIOProbe: Sendable {
  let importer = OTIOImporter()
  let exporter = OTIOExporter(allowingLoss: true)

  /// What does not hold for `bytes`; empty when all is well.
  func check(_ bytes: [UInt8]) -> [String] {
    let imported: OTIOImport
    do {
      imported = try importer.importTimeline(from: Data(bytes))
    } catch let error as PersistenceError {
      return ErrorPlacement.problem(with: error, in: bytes).map { ["import: \($0)"] } ?? []
    } catch {
      return ["import threw an error that is not a PersistenceError: \(error)"]
    }
    let exported: OTIOFile
    do {
      exported = try exporter.export(imported.video, images: imported.imageStore)
    } catch {
      return []  // Content the exporter refuses even with loss allowed is not this probe's case.
    }
    do {
      _ = try importer.importTimeline(from: exported.data, images: imported.imageStore)
    } catch {
      return ["an imported timeline exported to a file that does not import: \(error)"]
    }
    return []
  }

  /// Writes `count` generated compositions exported as `.otio` files into `directory`, and
  /// returns how many were written.
  static func writeSeeds(to directory: URL, count: Int) throws -> Int {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let exporter = OTIOExporter(allowingLoss: true)
    let images = InMemoryImageStore()
    var written = 0
    for seed in 0..<UInt64(max(0, count)) {
      var generator = CompositionGenerator(
        seed: 0x07_10 &+ seed, maximumTrackDepth: Int(seed % 3))
      let video = generator.composition(clipCount: seed % 10 == 0 ? 6 : 2)
      guard let file = try? exporter.export(video, images: images) else { continue }
      try file.data.write(to: directory.appendingPathComponent("otio-\(seed).otio"))
      written += 1
    }
    return written
  }
}
