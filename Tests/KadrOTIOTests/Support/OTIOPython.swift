import Foundation

/// The Python interpreter with OpenTimelineIO that validates exported files.
///
/// Found through the environment variable `KADR_OTIO_PYTHON`, else `.build/otio-venv/bin/python3`
/// under the package root. When neither has OpenTimelineIO, the virtual environment is created
/// (`python3 -m venv`, then `pip install opentimelineio` from PyPI). If that fails, the tests that
/// need it are skipped with the reason — offline, `swift test` still passes — unless the run
/// requires them (`CI` or `KADR_REQUIRE_OTIO=1` is set, as `.ci/run` does): then they fail with
/// the reason.
enum OTIOPython {
  /// Why no interpreter with OpenTimelineIO is at hand.
  struct Unavailable: Error, CustomStringConvertible {
    let description: String
  }

  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The validation script.
  static let script = packageRoot.appendingPathComponent(
    "Tests/KadrOTIOTests/Python/validate_otio.py")

  /// The interpreter, found or set up once per test run.
  static let interpreter: Result<URL, Unavailable> = locate(
    configured: ProcessInfo.processInfo.environment["KADR_OTIO_PYTHON"])

  /// Whether this run must validate with OpenTimelineIO: `CI` or `KADR_REQUIRE_OTIO=1` is set.
  static var isRequired: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["CI"] ?? "").isEmpty || environment["KADR_REQUIRE_OTIO"] == "1"
  }

  /// Whether the validation tests run: OpenTimelineIO is at hand, or the run requires it (and
  /// the tests then fail with the reason). When they are skipped, one line (once) says why.
  static let validationRuns: Bool = {
    if isRequired { return true }
    guard case .failure(let problem) = interpreter else { return true }
    FileHandle.standardError.write(
      Data(
        ("kadr tests: SKIPPING the OpenTimelineIO validation tests — \(problem.description)\n"
          + "kadr tests: set KADR_REQUIRE_OTIO=1 to make this a failure.\n").utf8))
    return false
  }()

  /// The interpreter named by `configured` (the variable's value), or the package's virtual
  /// environment, created if needed.
  static func locate(configured: String?) -> Result<URL, Unavailable> {
    if let configured, !configured.isEmpty {
      let url = URL(fileURLWithPath: configured)
      guard hasOpenTimelineIO(url) else {
        return .failure(
          Unavailable(
            description: "KADR_OTIO_PYTHON=\(configured) cannot import opentimelineio; install "
              + "it there (pip install opentimelineio) or unset the variable"))
      }
      return .success(url)
    }
    let environment = packageRoot.appendingPathComponent(".build/otio-venv")
    let python = environment.appendingPathComponent("bin/python3")
    if hasOpenTimelineIO(python) { return .success(python) }
    FileHandle.standardError.write(
      Data(
        "kadr tests: installing OpenTimelineIO into \(environment.path) (pip, from PyPI)…\n".utf8))
    var log: [String] = []
    for (command, arguments) in [
      ("/usr/bin/env", ["python3", "-m", "venv", environment.path]),
      (python.path, ["-m", "pip", "install", "--quiet", "opentimelineio"]),
    ] {
      let run = Subprocess.run(command, arguments)
      log.append(
        "$ \(([command] + arguments).joined(separator: " ")) → \(run.status)\n\(run.output)")
      if run.status != 0 { break }
    }
    guard hasOpenTimelineIO(python) else {
      return .failure(
        Unavailable(
          description: """
            OpenTimelineIO is needed to validate exported files and could not be installed into \
            \(environment.path) (is PyPI reachable? is python3 with venv installed?). Run \
            `python3 -m venv .build/otio-venv && .build/otio-venv/bin/pip install \
            opentimelineio`, or point KADR_OTIO_PYTHON at a python3 that has it.
            \(log.joined(separator: "\n"))
            """))
    }
    return .success(python)
  }

  private static func hasOpenTimelineIO(_ python: URL) -> Bool {
    FileManager.default.isExecutableFile(atPath: python.path)
      && Subprocess.run(python.path, ["-c", "import opentimelineio"]).status == 0
  }
}

/// Runs a program and collects its exit status and combined output, through a file so that a
/// long output cannot block the child.
enum Subprocess {
  static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-otio-\(UUID().uuidString).log")
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
      let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
      return (process.terminationStatus, output)
    } catch {
      return (-1, "\(executable) could not be run: \(error)")
    }
  }
}
