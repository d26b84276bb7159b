import Foundation
import Testing

/// The built executables the tests run: found next to the test bundle or the test executable
/// (the build directory `.build/<config>/`), or in the package's `.build/debug/`.
enum Executables {
  static func find(_ name: String) -> URL? {
    var directories = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let launched = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: launched).deletingLastPathComponent())
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(package.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent(name) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  static let probe = find("ProjectLibraryProbe")
  static let kadrDoc = find("kadr-doc")

  /// Runs `binary arguments…` to its end, with `environment` added to this process's; returns
  /// its status, standard output and error.
  static func run(
    _ binary: URL?, _ arguments: [String], environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (status: Int32, out: String, err: String) {
    let binary = try #require(
      binary, "not built: run swift build --build-tests", sourceLocation: sourceLocation)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-library-run-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = scratch.appendingPathComponent("out")
    let errors = scratch.appendingPathComponent("err")
    for file in [output, errors] { try Data().write(to: file) }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: output, encoding: .utf8),
      try String(contentsOf: errors, encoding: .utf8)
    )
  }
}
