import Foundation

/// Python's orjson, timed on the same document as an optional reference column: the fastest
/// JSON library we know of that builds every value (each Python object), so the distance to it
/// says how far open and save are from a parser written for speed alone.
///
/// Measured only when `python3 -c 'import orjson'` works; never required. `loads` builds the
/// whole Python tree; `dumps(OPT_SORT_KEYS)` writes it back with sorted keys, as a save does.
enum OrjsonReference {
  /// The median milliseconds of `orjson.loads` and `orjson.dumps(OPT_SORT_KEYS)`.
  struct Timing {
    var loadsMs: Double
    var dumpsMs: Double
  }

  /// Times orjson on `document`, `runs` times each; `nil` when python3 or orjson is missing or
  /// the run fails.
  static func measure(_ document: Data, runs: Int) -> Timing? {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-bench-orjson-\(UUID().uuidString).json")
    guard (try? document.write(to: file)) != nil else { return nil }
    defer { try? FileManager.default.removeItem(at: file) }
    #if os(macOS) || os(Linux)
      return run(file, runs: runs)
    #else
      return nil  // No other program runs here (iOS, tvOS, visionOS), so there is no python3.
    #endif
  }

  #if os(macOS) || os(Linux)
    /// Runs the script on `file` with python3.
    private static func run(_ file: URL, runs: Int) -> Timing? {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-c", script, file.path, "\(max(1, runs))"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        return nil
      }
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
      guard numbers.count == 2 else { return nil }
      return Timing(loadsMs: numbers[0], dumpsMs: numbers[1])
    }
  #endif

  /// Prints the median milliseconds of loads and of dumps, on one line.
  private static let script = """
    import sys, time, statistics, orjson
    data = open(sys.argv[1], "rb").read()
    runs = int(sys.argv[2])
    def median_ms(body):
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            body()
            samples.append((time.perf_counter() - start) * 1000)
        return statistics.median(samples)
    tree = orjson.loads(data)
    loads = median_ms(lambda: orjson.loads(data))
    dumps = median_ms(lambda: orjson.dumps(tree, option=orjson.OPT_SORT_KEYS))
    print(loads, dumps)
    """
}
