import Foundation
import KadrLibraryPostgres
import KadrPersistence
import KadrProjectLibrary

/// `kadr-library-bench --packages`: export and import on the PostgreSQL store of a 1,000-clip
/// project with 200 distinct images (256 × 256 uncompressed PNGs, a 52 MB package), through the
/// store's streaming hooks and through the defaults (`open` and `create`, the path before them);
/// and `kadr-doc library copy` of 1,000 folder projects to the server, twice.
enum PackageBench {
  static func run(server: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-library-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func store() throws -> PostgresProjectStore<BenchMetadata> {
      try PostgresProjectStore<BenchMetadata>(
        connectionString: server, schema: "kadr_bench_" + UUID().uuidString.prefix(8).lowercased())
    }
    let source = try store()
    let id = try {
      var clips: [any Clip] = (0..<800).map { TitleSequence("clip \($0)", duration: 1) }
      for index in 0..<200 {
        let colour = PlatformColor(
          red: Double(index % 10) / 10, green: Double(index / 10 % 10) / 10,
          blue: Double(index / 100) / 2)
        clips.append(
          ImageClip(PlatformImage.solidColor(colour, width: 256, height: 256), duration: 1))
      }
      return try source.create(
        name: "Bench", video: Video(clips: clips), metadata: BenchMetadata(step: 0)
      ).id
    }()
    print("package of a 1,000-clip project with 200 images, PostgreSQL to PostgreSQL")
    print("(the median of 3 runs of each path, taken in alternation)")
    print("path                 export ms  rise MB   import ms  rise MB")
    var samples: [Bool: [(export: Int, exportRise: Int, import: Int, importRise: Int)]] = [:]
    var size = 0
    for round in 0..<6 {
      let streaming = round % 2 == 0
      let package = folder.appendingPathComponent("\(round).kadrproject")
      let target = try store()
      let clock = ContinuousClock()
      let exported = try PeakMemory.rise {
        try clock.measure {
          if streaming {
            try source.export(id, to: package)
          } else {
            try DefaultPathStore(source).export(id, to: package)
          }
        }
      }
      let imported = try PeakMemory.rise {
        try clock.measure {
          if streaming {
            try target.importPackage(at: package)
          } else {
            try DefaultPathStore(target).importPackage(at: package)
          }
        }
      }
      size = (try FileManager.default.attributesOfItem(atPath: package.path)[.size] as? Int) ?? 0
      try FileManager.default.removeItem(at: package)
      samples[streaming, default: []].append(
        (
          milliseconds(exported.result), exported.bytes, milliseconds(imported.result),
          imported.bytes
        ))
    }
    for (label, streaming) in [("open and create", false), ("streaming hooks", true)] {
      let runs = samples[streaming] ?? []
      func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
      print(
        label.padding(toLength: 20, withPad: " ", startingAt: 0)
          + String(
            format: " %9d  %7.1f   %9d  %7.1f   (%d MB package)", median(runs.map(\.export)),
            Double(median(runs.map(\.exportRise))) / 1e6, median(runs.map(\.import)),
            Double(median(runs.map(\.importRise))) / 1e6, size / 1_000_000))
    }
  }

  /// Copies a folder library of `count` projects (100 clips each, sharing 4 images) to a new
  /// PostgreSQL schema as `kadr-doc library copy` does, twice.
  static func runCopy(server: String, projects count: Int) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-library-bench-copy-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try ProjectLibrary<BenchMetadata>(
      directory: folder.appendingPathComponent("source"))
    let target = try PostgresProjectStore<BenchMetadata>(
      connectionString: server, schema: "kadr_bench_" + UUID().uuidString.prefix(8).lowercased())
    let photos = (0..<4).map {
      PlatformImage.solidColor(PlatformColor(red: Double($0) / 4, green: 0.5, blue: 0.5), width: 64)
    }
    let video = Video(
      clips: (0..<100).map { index -> any Clip in
        index % 25 == 0
          ? ImageClip(photos[index / 25], duration: 1) : TitleSequence("clip \(index)", duration: 1)
      })
    for index in 0..<count {
      try source.create(name: "Project \(index)", video: video, metadata: BenchMetadata(step: 0))
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
        "copy \(count) folder projects to PostgreSQL, \(run): \(copied) copied in "
          + "\(milliseconds(clock.now - started)) ms")
    }
  }

  static func milliseconds(_ duration: Duration) -> Int {
    Int(
      duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }
}
