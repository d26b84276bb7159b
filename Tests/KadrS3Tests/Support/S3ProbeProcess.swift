import Foundation
import KadrModel
import Testing

/// Runs the `S3Probe` executable (built beside the test bundle) as a child process.
enum S3ProbeProcess {
  /// The built probe, or `nil` when it cannot be found.
  static let executable: URL? = {
    var directories = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let launched = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: launched).deletingLastPathComponent())
    }
    return directories.map { $0.appendingPathComponent("S3Probe") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }()

  /// Starts the probe with `arguments`; its output goes to `output` (a pipe).
  static func start(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
    throws -> (Process, Pipe)
  {
    let executable = try #require(
      executable, "S3Probe is not built: run swift build --build-tests",
      sourceLocation: sourceLocation)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output)
  }

  /// Writes each image to a file of a new temporary folder and returns the paths.
  static func files(of images: [PlatformImage]) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-s3-probe-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try images.enumerated().map { index, image in
      let url = folder.appendingPathComponent("\(index).png")
      try image.data.write(to: url)
      return url.path
    }
  }

  /// Removes the folder of files written by ``files(of:)``.
  static func remove(_ files: [String]) {
    guard let first = files.first else { return }
    try? FileManager.default.removeItem(
      at: URL(fileURLWithPath: first).deletingLastPathComponent())
  }
}
