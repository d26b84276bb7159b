import Foundation
import KadrPersistence
import KadrProjectLibrary

/// `kadr-bench --library`: a project library of 10,000 projects — how long listing it takes
/// (metadata only, no document decoded), opening one project, and one durable save.
enum LibraryBenchmark {
  /// The app metadata of the benchmark's projects: a little UI state.
  struct BenchState: ProjectMetadata {
    static let version = 1
    var zoom: Double
    var selectedClip: String?
    var scroll: [Double]
  }

  /// The directory of a project of a folder library.
  static func directory(of project: ProjectSummary<BenchState>) throws -> URL {
    guard let directory = project.directory else {
      throw BenchmarkError("a folder library's project has no directory")
    }
    return directory
  }

  static func run(projects count: Int = 10_000) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-bench-library-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = try ProjectLibrary<BenchState>(directory: folder)
    let (video, _) = Workload.composition(clipCount: 100)
    let state = BenchState(zoom: 1.5, selectedClip: "clip-3", scroll: [0, 120.5])

    // One project made by the library (durable: every file fsynced), the rest copied from it
    // with their own ids, names and dates, so building the library does not dominate the run.
    let createMs = try Measure.medianMilliseconds(runs: 5) {
      let made = try library.create(name: "template", video: video, metadata: state)
      try FileManager.default.removeItem(at: try Self.directory(of: made))
    }
    let template = try library.create(name: "template", video: video, metadata: state)
    let templateDirectory = try Self.directory(of: template)
    let documentBytes = try Data(
      contentsOf: templateDirectory.appendingPathComponent("document.json"))
    let metadataFile = templateDirectory.appendingPathComponent("project.json")
    let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: metadataFile))
    guard var envelope = metadata as? [String: Any] else {
      throw BenchmarkError("project.json is not an object")
    }
    let projects = folder.appendingPathComponent("projects")
    for index in 1..<count {
      let directory = projects.appendingPathComponent(UUID().uuidString.lowercased())
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      try documentBytes.write(to: directory.appendingPathComponent("document.json"))
      envelope["name"] = "Project \(index)"
      envelope["modified"] = 1_700_000_000 + Double(index) * 60
      try JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])
        .write(to: directory.appendingPathComponent("project.json"))
    }

    var listed = 0
    let listMs = try Measure.medianMilliseconds(runs: 5) {
      let listing = try library.list()
      listed = listing.projects.count + listing.skipped.count
    }
    guard listed == count else { throw BenchmarkError("listed \(listed) of \(count) projects") }
    let openMs = try Measure.medianMilliseconds(runs: 21) {
      _ = try library.open(template.id)
    }
    let saveMs = try Measure.medianMilliseconds(runs: 9) {
      _ = try library.save(video, metadata: state, for: template.id)
    }
    let autosaveMs = try Measure.medianMilliseconds(runs: 9) {
      library.scheduleSave(video, metadata: state, for: template.id)
      try library.flush()
    }

    print("kadr-bench --library — median wall time, release build")
    print("projects: \(count); document \(documentBytes.count) bytes (100 clips)")
    print(
      "list (metadata only): \(fmt(listMs)) ms, \(fmt(listMs * 1000 / Double(count))) µs/project")
    print("open one project: \(fmt(openMs)) ms")
    print("create one project (durable): \(fmt(createMs)) ms")
    print("save one project (durable): \(fmt(saveMs)) ms")
    print("autosave one project (flush): \(fmt(autosaveMs)) ms")
  }
}
