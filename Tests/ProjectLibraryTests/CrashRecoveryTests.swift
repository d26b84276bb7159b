import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Real processes: one killed mid-autosave, two changing one library at once.
@Suite("Crashes and two processes", .serialized)
struct CrashRecoveryTests {
  static let kills = 100

  @Test func killingAnAutosavingProcessLeavesAnIntactRecoverableState() throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ProbeState>(directory: directory.url)
    let project = try library.create(
      name: "crash", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    let savedDocument = try fingerprint(project.documentFile)
    let coder = KadrCoder()

    var random = SystemRandomNumberGenerator()
    var recoveredSteps: [Int] = []
    var killedMidWrite = 0  // kills that left a temporary file: the autosave was being written
    for attempt in 0..<Self.kills {
      let process = Process()
      process.executableURL = probe
      // Each child's states are its own (attempt 3 writes 3_000_001, 3_000_002, …).
      let first = (attempt + 1) * 1_000_000 + 1
      process.arguments = ["autosave", directory.url.path, project.id.rawValue, "\(first)"]
      let ready = Pipe()
      process.standardOutput = ready
      process.standardError = FileHandle.nullDevice
      try process.run()
      // "saved": the child's first autosave is on disk; the kill lands in a later one. Every
      // other kill waits for an autosave's temporary file to appear, so it lands mid-write
      // however fast or slow the child runs (under ThreadSanitizer, say); the others wait a
      // random time.
      _ = ready.fileHandleForReading.readData(ofLength: 6)
      if attempt.isMultiple(of: 2) {
        try Self.waitForTemporaryFile(in: project.folder)
      } else {
        usleep(UInt32.random(in: 0...20_000, using: &random))
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "attempt \(attempt)")
      let names = try FileManager.default.contentsOfDirectory(atPath: project.folder.path)
      if names.contains(where: { $0.hasPrefix(".tmp-") }) { killedMidWrite += 1 }

      let recovered = try #require(try library.recover(project.id), "attempt \(attempt)")
      let step = recovered.metadata.step
      recoveredSteps.append(step)
      // One of this child's states, never an older child's: its first autosave was done.
      #expect(step >= first && step < first + 1_000_000, "attempt \(attempt): step \(step)")
      let expected = ProbeState.video(step: step)
      #expect(
        try coder.data(for: recovered.video) == coder.data(for: expected),
        "attempt \(attempt): the document is state \(step)'s, whole")
      #expect(try fingerprint(project.documentFile) == savedDocument, "attempt \(attempt)")
    }
    #expect(killedMidWrite >= Self.kills / 4, "too few kills landed in the middle of a write")
    let firsts = recoveredSteps.filter { $0 % 1_000_000 == 1 }.count
    print("\(Self.kills) kills: \(killedMidWrite) mid-write, \(firsts) right after the first")
    #expect(try library.check().skipped.isEmpty)
    let opened = try library.open(project.id)
    #expect(opened.metadata.step == 0, "the explicit save is still state 0")
  }

  /// Returns once a temporary file is in `directory` (an autosave is being written), or after
  /// two seconds.
  static func waitForTemporaryFile(in directory: URL) throws {
    let deadline = Date().addingTimeInterval(2)
    while Date() < deadline {
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      if names.contains(where: { $0.hasPrefix(".tmp-") }) { return }
      usleep(100)
    }
  }

  @Test func twoProcessesUpdatingOneProjectLoseNoChange() throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ProbeState>(directory: directory.url)
    let project = try library.create(
      name: "counter", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))

    let processes = try (0..<2).map { _ in
      let process = Process()
      process.executableURL = probe
      process.arguments = ["increment", directory.url.path, project.id.rawValue, "150"]
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == [0, 0])
    // Without the flock, read-modify-write cycles interleave and increments are lost.
    #expect(try library.open(project.id).metadata.step == 300)
  }
}
