import Foundation
import KadrPersistence

/// Writes the seed corpus: generated documents that use every kind, saved with the harness's
/// file image store so that their image tokens resolve while fuzzing.
enum FuzzSeeds {
  /// Writes `count` random compositions of varied size and nesting, plus tracks nested from 1
  /// to past the depth limit (those that saving accepts), and returns how many files were
  /// written.
  static func write(to directory: URL, count: Int, images: FileImageStore) throws -> Int {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let coder = KadrCoder()
    var written = 0
    func save(_ video: Video, name: String) throws {
      let data = try coder.data(for: video, images: images)
      try data.write(to: directory.appendingPathComponent(name + ".json"))
      written += 1
    }
    for seed in 0..<UInt64(max(0, count)) {
      var generator = CompositionGenerator(
        seed: 0xF0_5EED &+ seed, maximumTrackDepth: Int(seed % 4))
      // Small documents are checked (and mutated) faster; a few larger ones reach more code.
      let clipCount = seed % 20 == 0 ? 10 : seed % 5 == 0 ? 4 : 2
      try save(generator.composition(clipCount: clipCount), name: "generated-\(seed)")
    }
    // Tracks nested up to and past the depth limit (about 125), lean so they stay small.
    for depth in [1, 8, 32, 100, 124, 125, 126, 127] {
      var generator = CompositionGenerator(seed: UInt64(depth))
      try? save(generator.nestedTracks(depth: depth, titles: false), name: "nested-\(depth)")
    }
    return written
  }
}
