import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saving under faults: the tool is killed mid-save, the disk is full, the directory is read-only
/// or missing. Whatever happens, the file on disk is a complete document: the old one or the new.
@Suite("Crash-safe saving")
struct CrashSafetyTests {
  /// How many times the tool is killed.
  static let kills = 200

  /// A large project that is valid but not canonical (pretty-printed), so resaving it changes
  /// every byte: 1,500 copies of the broad fixture's clips, about 1 MB.
  static func untidyProject() throws -> Data {
    var root = try #require(
      try JSONSerialization.jsonObject(with: Fixtures.broadData) as? [String: Any])
    var video = try #require(root["video"] as? [String: Any])
    let clips = try #require(video["clips"] as? [Any])
    video["clips"] = Array(repeating: clips, count: 300).flatMap { $0 }
    root["video"] = video
    return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted])
  }

  /// The hidden temporary files a killed save left in `directory`.
  static func temporaryFiles(in directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { $0.hasPrefix(".") && $0.contains(".tmp-") }
  }

  @Test func killingTheToolMidSaveLeavesTheOldOrTheNewDocument() throws {
    let binary = try #require(Tool.executable, "kadr-doc is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try Self.untidyProject()
    let file = directory.url.appendingPathComponent("project.kadr.json")
    try old.write(to: file)

    // The new version, and how long a whole save takes here (only to spread the kills over it).
    let started = Date()
    let resaved = try Tool.run(["resave", file.path])
    let duration = Date().timeIntervalSince(started)
    #expect(resaved.status == 0, "\(resaved.err)")
    let new = resaved.stdout
    #expect(new != old && !new.isEmpty)

    var random = SplitMix64(seed: 0x5EED_CAFE)
    var outcomes = (old: 0, new: 0, killedRunning: 0)
    for attempt in 0..<Self.kills {
      try old.write(to: file)
      let process = Process()
      process.executableURL = binary
      process.arguments = ["resave", "--in-place", file.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Anywhere from a third of the way in (reading and decoding) to just past the end (the
      // write, the flush and the rename).
      let delay = duration * (0.3 + 0.85 * random.nextUnit())
      usleep(useconds_t(delay * 1_000_000))
      _ = kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if process.terminationReason == .uncaughtSignal { outcomes.killedRunning += 1 }

      let onDisk = try Data(contentsOf: file)
      if onDisk == old {
        outcomes.old += 1
      } else if onDisk == new {
        outcomes.new += 1
      } else {
        Issue.record("kill \(attempt) after \(delay) s left \(onDisk.count) bytes: neither version")
        return
      }
      for leftover in try Self.temporaryFiles(in: directory) {
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent(leftover))
      }
    }
    #expect(outcomes.old + outcomes.new == Self.kills)
    #expect(outcomes.killedRunning > 0, "no kill landed while the tool was running")
    // The final state is still a document the tool accepts.
    let check = try Tool.run(["check", file.path])
    #expect(check.status == 0, "\(check.err)")
  }

  @Test func aFullDiskGivesAClearErrorAndKeepsTheOldFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try Self.untidyProject()
    let file = directory.url.appendingPathComponent("project.kadr.json")
    try old.write(to: file)
    // A file-size limit of a few kilobytes: the new file cannot be written past it.
    let run = try Tool.run(
      ["resave", "--in-place", file.path],
      launcher: ["/bin/sh", "-c", #"ulimit -f 16 && exec "$0" "$@""#])
    #expect(run.status == 1)
    #expect(run.err.contains(file.path) && run.err.contains("File too large"), "\(run.err)")
    #expect(try Data(contentsOf: file) == old)
    #expect(try Self.temporaryFiles(in: directory).isEmpty, "the temporary file was left")
  }

  @Test(
    .disabled(
      if: geteuid() == 0 && !Host.isLinux,
      "as root it runs the tool as nobody with setpriv (util-linux), Linux only"))
  func aReadOnlyDirectoryGivesAClearErrorAndKeepsTheOldFile() throws {
    let directory = try TemporaryDirectory()
    defer {
      _ = chmod(directory.url.path, 0o755)
      directory.remove()
    }
    let file = directory.url.appendingPathComponent("project.kadr.json")
    try Data(ResaveTests.untidy.utf8).write(to: file)
    #expect(chmod(file.path, 0o644) == 0 && chmod(directory.url.path, 0o555) == 0)
    // Root ignores directory permissions, so as root the tool runs as `nobody`.
    let launcher =
      geteuid() == 0
      ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    let run = try Tool.run(["resave", "--in-place", file.path], launcher: launcher)
    #expect(run.status == 1)
    #expect(run.err.contains(file.path) && run.err.contains("Permission denied"), "\(run.err)")
    #expect(try Data(contentsOf: file) == Data(ResaveTests.untidy.utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 1)
  }

  @Test func aMissingDirectoryGivesAClearErrorAndCreatesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(Fixtures.broad, to: "project.kadr.json")
    let output = directory.path("missing/project.kadr.json")
    let run = try Tool.run(["resave", file, "-o", output])
    #expect(run.status == 1)
    #expect(
      run.err.contains(output) && run.err.contains("No such file or directory"), "\(run.err)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == Fixtures.broad)
    #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
  }
}

/// A small deterministic random number generator (SplitMix64), so every run kills at the same
/// fractions of the save.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<1`.
  mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
