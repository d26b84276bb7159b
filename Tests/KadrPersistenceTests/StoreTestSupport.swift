import Foundation
import KadrModel
import KadrPersistence
import Testing

/// Helpers shared by the image store tests.
enum StoreTestSupport {
  /// Runs `body` with a new empty directory, removed afterwards.
  static func withTemporaryDirectory<Result>(
    _ body: (URL) async throws -> Result
  ) async rethrows -> Result {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-stores-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
  }

  /// A real PNG of one colour; different `seed`s give different bytes.
  static func png(_ seed: Int, width: Int = 2, height: Int = 2) -> PlatformImage {
    let channel = Double(seed % 256) / 255
    return PlatformImage.solidColor(
      PlatformColor(red: channel, green: 1 - channel, blue: 0.5, alpha: 1), width: width,
      height: height)
  }

  /// The smallest GIF89a file: a 1×1 image with no data blocks, then the trailer.
  static let gifData = Data(
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3B])

  /// The names in `directory`, sorted.
  static func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  /// The lowercase hex SHA-256 of `data`.
  static func hash(_ data: Data) -> String { SHA256.hash(data).hexString }
}
