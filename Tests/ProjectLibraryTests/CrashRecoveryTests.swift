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
    let savedDocument = try fingerprint(project.documentURL)
    let coder = KadrCoder()

    var random = SystemRandomNumberGenerator()
    var recoveredSteps: [Int] = []
    for attempt in 0..<Self.kills {
      let process = Process()
      process.executableURL = probe
      process.arguments = ["autosave", directory.url.path, project.id.rawValue, "1000000"]
      let ready = Pipe()
      process.standardOutput = ready
      process.standardError = FileHandle.nullDevice
      try process.run()
      _ = ready.fileHandleForReading.readData(ofLength: 6)  // "ready\n": the library is open
      usleep(UInt32.random(in: 2_000...40_000, using: &random))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "attempt \(attempt)")

      guard let recovered = try library.recover(project.id) else {
        recoveredSteps.append(0)  // killed before its first autosave: the save is newest
        continue
      }
      let step = recovered.metadata.step
      recoveredSteps.append(step)
      #expect(step >= 1, "attempt \(attempt)")
      let expected = ProbeState.video(step: step)
      #expect(
        try coder.data(for: recovered.video) == coder.data(for: expected),
        "attempt \(attempt): the document is state \(step)'s, whole")
      #expect(try fingerprint(project.documentURL) == savedDocument, "attempt \(attempt)")
    }
    #expect(recoveredSteps.filter { $0 > 0 }.count > Self.kills / 2, "\(recoveredSteps)")
    #expect(try library.check().skipped.isEmpty)
    let opened = try library.open(project.id)
    #expect(opened.metadata.step == 0, "the explicit save is still state 0")
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
