import Foundation
import KadrPersistence

/// `kadr-bench --check-batch [N]`: how many documents a second `kadr-doc check` gets through.
///
/// Writes N (10,000 by default) real-size documents — 60 clips each with every clip kind,
/// filters, animations, overlays and audio, about 30 KB, a mid-sized editor project — two of
/// them in every hundred broken, and runs the `kadr-doc` binary built beside this one over the
/// directory with `--jobs 1` and `--jobs` the cores, timing each run whole (process start,
/// reading, validating, printing).
enum CheckBatchBenchmark {
  static func run(documents count: Int) throws {
    #if !(os(macOS) || os(Linux))
      // It runs kadr-doc, and no other program runs on iOS, tvOS or visionOS.
      throw BenchmarkError("--check-batch runs kadr-doc, which needs macOS or Linux")
    #else
      try measure(documents: count)
    #endif
  }

  #if os(macOS) || os(Linux)
    private static func measure(documents count: Int) throws {
      let tool = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("kadr-doc")
      guard FileManager.default.isExecutableFile(atPath: tool.path) else {
        throw BenchmarkError(
          "kadr-doc is not built beside kadr-bench: run swift build -c release --product kadr-doc")
      }
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kadr-bench-check-\(ProcessInfo.processInfo.processIdentifier)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }

      let (video, store) = Workload.composition(clipCount: 60)
      let valid = try KadrCoder().data(for: video, images: store)
      let broken = Data(
        String(decoding: valid, as: UTF8.self)
          .replacingOccurrences(of: "\"opacity\":0.9", with: "\"opacity\":\"0.9\"").utf8)
      for index in 0..<count {
        let name = String(format: "project-%05d.kadr.json", index)
        try (index % 50 == 49 ? broken : valid).write(to: directory.appendingPathComponent(name))
      }
      let cores = ProcessInfo.processInfo.activeProcessorCount
      #if DEBUG
        let build = "DEBUG build (measure with -c release)"
      #else
        let build = "release build"
      #endif
      print(
        "kadr-bench --check-batch — kadr-doc check over \(count) documents of \(valid.count) bytes "
          + "(60 clips), \(build), \(cores) cores")
      print("")
      print("jobs | seconds | files/s | MB/s | exit")
      for jobs in Array(Set([1, cores])).sorted() {
        let started = ContinuousClock.now
        let process = Process()
        process.executableURL = tool
        process.arguments = ["check", "--jobs", "\(jobs)", directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        let seconds =
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytes = Double(valid.count * count) / 1_000_000
        print(
          "\(jobs) | \(fmt(seconds)) | \(fmt(Double(count) / seconds)) | "
            + "\(fmt(megabytes / seconds)) | \(process.terminationStatus)")
      }
    }
  #endif
}
