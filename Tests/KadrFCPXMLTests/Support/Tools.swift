import Foundation

/// The external checkers the FCPXML tests run: `xmllint` for the DTD, and Python with
/// OpenTimelineIO's `fcpx_xml` adapter.
enum Tools {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let fixtures = packageRoot.appendingPathComponent("Tests/KadrFCPXMLTests/Fixtures")

  /// kadr's DTD for the FCPXML it writes.
  static let dtd = fixtures.appendingPathComponent("fcpxml-1.10-subset.dtd")

  /// Whether a run must have the checkers (`CI` or `KADR_REQUIRE_OTIO=1`): then a missing one
  /// fails the tests that need it instead of skipping them.
  static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KADR_REQUIRE_OTIO"] == "1"
  }

  /// `xmllint`, when installed (Debian: libxml2-utils).
  static let xmllint: String? = [
    "/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint",
  ]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The Python of `.build/otio-venv` (or `KADR_OTIO_PYTHON`) when it has the `fcpx_xml` adapter.
  static let python: String? = {
    let configured = ProcessInfo.processInfo.environment["KADR_OTIO_PYTHON"] ?? ""
    let candidate =
      configured.isEmpty
      ? packageRoot.appendingPathComponent(".build/otio-venv/bin/python3").path : configured
    guard FileManager.default.isExecutableFile(atPath: candidate) else { return nil }
    let probe = Subprocess.run(candidate, ["-c", "import otio_fcpx_xml_adapter"])
    return probe.status == 0 ? candidate : nil
  }()

  /// Whether the DTD tests run: xmllint is here, or the run requires it (and then fails).
  static var dtdRuns: Bool { xmllint != nil || isRequired }
  /// Whether the OpenTimelineIO tests run.
  static var otioRuns: Bool { python != nil || isRequired }

  /// xmllint's verdict on `data` against kadr's DTD: `nil` when valid, else its output.
  static func dtdProblems(_ data: Data) -> String? {
    guard let xmllint else { return "xmllint is not installed (apt-get install libxml2-utils)" }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-\(UUID().uuidString).fcpxml")
    defer { try? FileManager.default.removeItem(at: file) }
    do { try data.write(to: file) } catch { return "cannot write \(file.path): \(error)" }
    let run = Subprocess.run(
      xmllint, ["--noout", "--nonet", "--dtdvalid", dtd.path, file.path])
    return run.status == 0 ? nil : run.output
  }
}

extension Tools {
  /// xmllint's verdict on whether `data` is well-formed XML (no DTD): `nil` when it is, else
  /// its output.
  static func wellFormednessProblems(_ data: Data) -> String? {
    guard let xmllint else { return "xmllint is not installed (apt-get install libxml2-utils)" }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-\(UUID().uuidString).fcpxml")
    defer { try? FileManager.default.removeItem(at: file) }
    do { try data.write(to: file) } catch { return "cannot write \(file.path): \(error)" }
    let run = Subprocess.run(xmllint, ["--noout", "--nonet", file.path])
    return run.status == 0 ? nil : run.output
  }
}

/// Runs a program and collects its exit status and combined output, through a file so that a
/// long output cannot block the child.
enum Subprocess {
  static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-fcpxml-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    do {
      try Data().write(to: log)
      let handle = try FileHandle(forWritingTo: log)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardOutput = handle
      process.standardError = handle
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      try handle.close()
      return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    } catch {
      return (-1, "\(executable) could not be run: \(error)")
    }
  }
}
