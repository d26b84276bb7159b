import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One run of the built `kadr-doc` binary: its exit status and what it wrote.
struct ToolRun {
  let status: Int32
  let stdout: Data
  let stderr: Data

  /// Standard output as text.
  var out: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error as text.
  var err: String { String(decoding: stderr, as: UTF8.self) }
  /// Standard output's lines (none for empty output).
  var outLines: [String] { out.split(separator: "\n").map(String.init) }
  /// Standard error's lines (none for empty output).
  var errLines: [String] { err.split(separator: "\n").map(String.init) }
}

/// Runs the `kadr-doc` binary that `swift build --build-tests` put next to the test bundle.
enum Tool {
  /// Where the binary is: next to the test bundle or the test executable (the build directory
  /// `.build/<config>/`), or in the package's `.build/debug/`.
  static let executable: URL? = {
    var directories = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let launched = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: launched).deletingLastPathComponent())
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(package.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent("kadr-doc") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }()

  /// Runs `kadr-doc arguments…` with `stdin` as standard input (empty if `nil`) and waits for
  /// it. Output goes through files, so a large output cannot block the child on a full pipe.
  ///
  /// With a `launcher` (a program and its first arguments, as `/bin/sh -c SCRIPT`), the tool's
  /// path and `arguments` are passed to it instead, so it can set limits or drop privileges and
  /// then `exec` the tool.
  static func run(
    _ arguments: [String], stdin: Data? = nil, launcher: [String] = [], in directory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ToolRun {
    let binary = try #require(
      executable, "kadr-doc is not built: run swift build --build-tests",
      sourceLocation: sourceLocation)
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let input = scratch.url.appendingPathComponent("stdin")
    let output = scratch.url.appendingPathComponent("stdout")
    let errors = scratch.url.appendingPathComponent("stderr")
    try (stdin ?? Data()).write(to: input)
    for file in [output, errors] { try Data().write(to: file) }

    let process = Process()
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(launcher.dropFirst()) + [binary.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = try FileHandle(forReadingFrom: input)
    let outHandle = try FileHandle(forWritingTo: output)
    let errHandle = try FileHandle(forWritingTo: errors)
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return ToolRun(
      status: process.terminationStatus, stdout: try Data(contentsOf: output),
      stderr: try Data(contentsOf: errors))
  }
}

/// A directory of its own under the system's temporary directory.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-doc-tests-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` in the directory and returns its path.
  func write(_ text: String, to name: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// The path of `name` in the directory.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Removes the directory and everything in it.
  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Reading the tool's JSON output.
enum JSONOutput {
  /// Parses `data` as a JSON object.
  static func object(
    _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: data) as? [String: Any],
      "not a JSON object: \(String(decoding: data, as: UTF8.self))",
      sourceLocation: sourceLocation)
  }
}

/// Reading the timeline SVG as XML.
enum SVGDocument {
  /// How many elements have each class (by the first word of their `class` attribute, as
  /// `clip`, `overlay`, `caption`, `audio`), and the full class strings of the `clip` ones.
  struct Census {
    var counts: [String: Int] = [:]
    var clipClasses: [String] = []
    var text = ""
  }

  /// Parses `data` as XML (failing the test if it is not) and counts the classes.
  static func census(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Census
  {
    let document = try XMLDocument(data: data, options: [])
    let root = try #require(document.rootElement(), sourceLocation: sourceLocation)
    #expect(root.name == "svg", sourceLocation: sourceLocation)
    var census = Census()
    var pending = [root]
    while let element = pending.popLast() {
      // Looked up in `attributes` rather than with `attribute(forName:)`, which does not find
      // attributes in the default namespace with every Foundation.
      let attribute = element.attributes?.first { $0.name == "class" || $0.localName == "class" }
      if let value = attribute?.stringValue {
        let first = value.split(separator: " ").first.map(String.init) ?? ""
        census.counts[first, default: 0] += 1
        if first == "clip" { census.clipClasses.append(value) }
      }
      if element.name == "text" { census.text += (element.stringValue ?? "") + "\n" }
      pending += (element.children ?? []).compactMap { $0 as? XMLElement }
    }
    return census
  }
}
