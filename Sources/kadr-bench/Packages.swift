import Foundation
import KadrPersistence
import KadrProjectLibrary

/// `kadr-bench --packages`: export and import a project package of a 1,000-clip project with
/// 200 distinct images (256 × 256 uncompressed PNGs, about 50 MB), between two folder libraries:
/// the time of each and the memory each needs beyond what it returns.
enum PackageBenchmark {
  static func run() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-bench-packages-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try ProjectLibrary<LibraryBenchmark.BenchState>(
      directory: folder.appendingPathComponent("source"))
    let target = try ProjectLibrary<LibraryBenchmark.BenchState>(
      directory: folder.appendingPathComponent("target"))
    let state = LibraryBenchmark.BenchState(zoom: 1, selectedClip: nil, scroll: [0])
    let id = try autoreleasing {
      var (video, _) = Workload.composition(clipCount: 1_150)
      for index in 0..<200 {
        let colour = PlatformColor(
          red: Double(index % 10) / 10, green: Double(index / 10 % 10) / 10,
          blue: Double(index / 100) / 2)
        video.clips.append(
          ImageClip(PlatformImage.solidColor(colour, width: 256, height: 256), duration: 1))
      }
      return try source.create(name: "Benchmark", video: video, metadata: state).id
    }
    let package = folder.appendingPathComponent("Benchmark.kadrproject")
    let clock = ContinuousClock()
    var started = clock.now
    let exported = try Measure.transientPeak {
      started = clock.now
      try source.export(id, to: package)
      return clock.now - started
    }
    let size = (try FileManager.default.attributesOfItem(atPath: package.path)[.size] as? Int) ?? 0
    let imported = try Measure.transientPeak {
      started = clock.now
      let summary = try target.importPackage(at: package)
      return (clock.now - started, summary.clipCount ?? 0)
    }
    let images = try source.images.storedTokens().count
    print(
      "package: \(imported.result.1) clips, \(images) images, \(size / 1_000_000) MB")
    print(
      "export: \(milliseconds(exported.result)) ms, transient peak "
        + "\(exported.transientBytes / 1_000_000) MB (peak RSS \(exported.peakBytes / 1_000_000) MB)"
    )
    print(
      "import: \(milliseconds(imported.result.0)) ms, transient peak "
        + "\(imported.transientBytes / 1_000_000) MB (peak RSS \(imported.peakBytes / 1_000_000) MB)"
    )
  }

  /// Copies a folder library of `count` projects (100 clips each, sharing 4 images) to another,
  /// as `kadr-doc library copy` does (a package per project, imported under its id), twice:
  /// the second run finds every project there and copies nothing.
  static func runCopy(projects count: Int) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-bench-copy-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try ProjectLibrary<LibraryBenchmark.BenchState>(
      directory: folder.appendingPathComponent("source"))
    let target = try ProjectLibrary<LibraryBenchmark.BenchState>(
      directory: folder.appendingPathComponent("target"))
    let (video, _) = Workload.composition(clipCount: 100)
    let state = LibraryBenchmark.BenchState(zoom: 1, selectedClip: nil, scroll: [0])
    for index in 0..<count {
      try source.create(name: "Project \(index)", video: video, metadata: state)
    }
    let scratch = folder.appendingPathComponent("scratch")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let clock = ContinuousClock()
    for run in ["first run", "second run"] {
      let started = clock.now
      var copied = 0
      let present = Set(try target.list().projects.map(\.id))
      for project in try source.list().projects where !present.contains(project.id) {
        let package = scratch.appendingPathComponent("\(project.id).kadrproject")
        try source.export(project.id, to: package)
        try target.importPackage(at: package, as: .packageID(whenTaken: .refuse))
        try FileManager.default.removeItem(at: package)
        copied += 1
      }
      print(
        "copy \(count) projects, \(run): \(copied) copied in \(milliseconds(clock.now - started)) ms"
      )
    }
  }

  /// The document's part of a package import or export: the image tokens of a 10,000-clip
  /// document with 200 images renamed three ways, interleaved, medians of 9 runs: saving the
  /// composition again (how a package's head was renamed), in a tree of the document (how its
  /// earlier revisions were), and in its bytes (how both are now).
  static func runRename() throws {
    let (coder, data, renames, images) = try renameWorkload()
    let decoded = try coder.video(from: data, images: images)
    let save = try Measure.medianMilliseconds(runs: 9) {
      _ = try coder.data(for: decoded, images: images)
    }
    let tree = try Measure.medianMilliseconds(runs: 9) {
      _ = try coder.replacingImageTokens(in: coder.readJSON(data), renames).data()
    }
    let bytes = try Measure.medianMilliseconds(runs: 9) {
      guard try coder.renamingImageTokens(inBytes: data, renames) != nil else {
        throw CocoaError(.coderInvalidValue)
      }
    }
    print(
      "rename 200 images' tokens in a 10000-clip document (\(data.count / 1_000) kB): save again "
        + String(format: "%.1f", save) + " ms, tree " + String(format: "%.1f", tree)
        + " ms, bytes " + String(format: "%.1f", bytes) + " ms")
  }

  /// A 10,000-clip document with 200 images, the new token of each, and the images.
  static func renameWorkload() throws -> (
    coder: KadrCoder, data: Data, renames: [String: String], images: InMemoryImageStore
  ) {
    var (video, _) = Workload.composition(clipCount: 10_000)
    for index in 0..<200 {
      let colour = PlatformColor(red: Double(index) / 200, green: 0.5, blue: 0.5)
      video.clips.append(ImageClip(PlatformImage.solidColor(colour, width: 8), duration: 1))
    }
    let coder = KadrCoder()
    let images = InMemoryImageStore()
    let data = try coder.data(for: video, images: images)
    let renames = Dictionary(
      uniqueKeysWithValues: try coder.imageTokens(in: data).map { ($0, "store:" + $0) })
    return (coder, data, renames, images)
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    Int(
      duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }

  /// Runs `body` in a scope of its own, so what it made is released before the measurements.
  private static func autoreleasing<T>(_ body: () throws -> T) rethrows -> T { try body() }
}
