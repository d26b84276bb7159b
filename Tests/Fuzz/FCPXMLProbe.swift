import Foundation
import KadrFCPXML
import KadrOTIO
import KadrPersistence

/// Imports any bytes as an FCPXML document and checks what must hold whatever they are.
///
/// - The importer either refuses the bytes with an `FCPXMLError` whose line, when it names
///   one, lies in them, or returns every project's composition.
/// - Each composition saves as a kadr document (or is refused with an error), and exports
///   again as FCPXML (with loss allowed) to a document the importer reads.
///
/// A crash (an overflow trap, an `Int(_:)` of a huge `Double`), a hang or an allocation past
/// libFuzzer's limit is the other failure.
struct FCPXMLProbe: Sendable {
  let importer = FCPXMLImporter(project: .all)
  let exporter = FCPXMLExporter(allowingLoss: true)
  let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)

  /// What does not hold for `bytes`; empty when all is well.
  func check(_ bytes: [UInt8]) -> [String] {
    let imports: [FCPXMLImport]
    do {
      imports = try importer.importProjects(from: Data(bytes))
    } catch let error as FCPXMLError {
      let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      if let line = error.line, !(1...lines).contains(line) {
        return ["the error's line \(line) is not in the \(lines) lines of the input: \(error)"]
      }
      return []
    } catch {
      return ["import threw an error that is not an FCPXMLError: \(error)"]
    }
    for imported in imports {
      _ = try? coder.data(for: imported.video, images: UnresolvedImageStore())
      let exported: FCPXMLFile
      do {
        exported = try exporter.export(imported.video)
      } catch {
        return ["an imported project did not export with loss allowed: \(error)"]
      }
      do {
        _ = try FCPXMLImporter().importProject(from: exported.data)
      } catch {
        return ["an imported project exported to a document that does not import: \(error)"]
      }
    }
    return []
  }
}

extension FCPXMLProbe {
  /// Writes the generated part of the seed corpus into `directory`, which already holds the
  /// real and hand-written fixtures (`.fcpxml`): `mutants` structure-aware mutants of each
  /// (one to three ``FCPXMLMutator`` mutations apiece), and 20 generated compositions as the
  /// exporter writes them. Returns how many files were written.
  static func writeSeeds(in directory: URL, mutants: Int) throws -> Int {
    let fixtures = try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "fcpxml" }.sorted { $0.path < $1.path }
    var written = 0
    for (fileIndex, fixture) in fixtures.enumerated() {
      let bytes = Array(try Data(contentsOf: fixture))
      var random = SplitMix64(seed: 0xFC_9000 &+ UInt64(fileIndex))
      for index in 0..<max(0, mutants) {
        var mutant = bytes
        for _ in 0...random.below(3) {
          mutant = FCPXMLMutator.mutate(mutant, random: &random) ?? mutant
        }
        try Data(mutant).write(
          to: directory.appendingPathComponent("mutant-\(fileIndex)-\(index).fcpxml"))
        written += 1
      }
    }
    let exporter = FCPXMLExporter(allowingLoss: true)
    for seed in 0..<UInt64(20) {
      var generator = CompositionGenerator(
        seed: 0xFC_0000 &+ seed, maximumTrackDepth: Int(seed % 3))
      let video = generator.composition(clipCount: seed % 5 == 0 ? 6 : 2)
      guard let file = try? exporter.export(video) else { continue }
      try file.data.write(to: directory.appendingPathComponent("generated-\(seed).fcpxml"))
      written += 1
    }
    return written
  }
}
