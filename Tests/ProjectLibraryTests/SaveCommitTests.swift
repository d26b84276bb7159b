import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// An explicit save is all or nothing, proved with real faults: a child process saves under
/// `strace`, which kills it (or fails the call with "no space left on device") at each of the
/// save's writes, flushes, renames, directory changes and removals in turn. After every fault
/// the project opens as the old save with its autosave, or as the new save without it; never
/// a mix, and recovery never offers the older autosave over a completed save.
@Suite("The all-or-nothing save, under injected faults", .serialized)
struct SaveCommitTests {
  /// The state of the explicit save before the faulted one, of the autosave made after it, and
  /// of the faulted save.
  static let (oldStep, autosavedStep, newStep) = (1, 2, 3)

  /// The system calls a save changes the disk with (each faulted at each of its calls).
  static let diskCalls = [
    "write", "pwrite64", "fsync", "fdatasync", "rename", "renameat", "renameat2", "mkdir",
    "mkdirat", "unlink", "unlinkat", "rmdir",
  ]
  /// Those of them that can fail with "no space left on device".
  static let spaceCalls = ["write", "pwrite64", "fsync", "fdatasync", "mkdir", "mkdirat"]

  enum Fault: String, CaseIterable, CustomTestStringConvertible {
    case kill, diskFull
    /// Killed at each call while the file system refuses the atomic exchange (as some network
    /// file systems do), so the save commits by two renames.
    case killWithoutExchange
    var testDescription: String { rawValue }
  }

  @Test(.enabled(if: Tracer.runnable, Tracer.missing), arguments: Fault.allCases)
  func aFaultAtAnyCallOfASaveLeavesTheOldSaveOrTheNew(_ fault: Fault) throws {
    let strace = try #require(Tracer.strace, Tracer.missing)
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let template = try TemporaryDirectory()
    defer { template.remove() }
    let id = try Self.makeLibrary(in: template.url)

    // Where the save's calls are: one untouched save, traced.
    let calls = try Tracer.count(
      Self.diskCalls, strace: strace,
      command: [probe.path, "save", "LIBRARY", id.rawValue, "\(Self.newStep)"], template: template)
    #expect(calls.values.reduce(0, +) >= 8, "the traced save made too few calls: \(calls)")

    var outcomes: [String: Int] = [:]
    let faulted = fault == .diskFull ? Self.spaceCalls : Self.diskCalls
    for call in faulted where fault != .killWithoutExchange || call != "renameat2" {
      for index in 1...max(calls[call] ?? 0, 1) {
        let point = "\(call) #\(index)"
        var injections: [String]
        switch fault {
        case .kill, .killWithoutExchange: injections = ["\(call):signal=KILL:when=\(index)"]
        case .diskFull: injections = ["\(call):error=ENOSPC:when=\(index)"]
        }
        if fault == .killWithoutExchange { injections.append("renameat2:error=EINVAL") }
        let library = try TemporaryDirectory()
        defer { library.remove() }
        try FileManager.default.removeItem(at: library.url)
        try FileManager.default.copyItem(at: template.url, to: library.url)
        let status = try Tracer.run(
          strace: strace, injecting: injections,
          command: [probe.path, "save", library.url.path, id.rawValue, "\(Self.newStep)"])
        let outcome = try Self.verify(library.url, id: id, status: status, at: point)
        outcomes[outcome, default: 0] += 1
      }
    }
    print("\(fault.rawValue): \(outcomes.sorted { $0.key < $1.key })")
    #expect(outcomes["old", default: 0] > 0, "no fault landed before the commit")
    if fault != .diskFull {
      #expect(outcomes["new", default: 0] > 0, "no fault landed after the commit")
    }
  }

  /// A library with one project: saved at the old step, then autosaved at a later one.
  static func makeLibrary(in directory: URL) throws -> ProjectID {
    let library = try ProjectLibrary<ProbeState>(directory: directory)
    let project = try library.create(
      name: "commit", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    try library.save(
      ProbeState.video(step: oldStep), metadata: ProbeState(step: oldStep), for: project.id)
    library.scheduleSave(
      ProbeState.video(step: autosavedStep), metadata: ProbeState(step: autosavedStep),
      for: project.id)
    try library.flush()
    return project.id
  }

  /// Checks the library after a faulted save; returns "old" or "new".
  static func verify(
    _ directory: URL, id: ProjectID, status: Int32, at point: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let library = try ProjectLibrary<ProbeState>(directory: directory)
    let opened = try library.open(id)
    let step = opened.metadata.step
    let coder = KadrCoder()
    #expect(
      try coder.data(for: opened.video) == coder.data(for: ProbeState.video(step: step)),
      "\(point): the document is not the metadata's state \(step)", sourceLocation: sourceLocation)
    let recovered = try library.recover(id)?.metadata.step
    switch step {
    case oldStep:
      #expect(status != 0, "\(point): the save reported success", sourceLocation: sourceLocation)
      #expect(
        recovered == autosavedStep, "\(point): the autosave of the old save is gone",
        sourceLocation: sourceLocation)
    case newStep:
      #expect(
        recovered == nil, "\(point): recovery offers step \(recovered ?? -1) over the new save",
        sourceLocation: sourceLocation)
    default:
      Issue.record("\(point): the project holds step \(step)", sourceLocation: sourceLocation)
    }
    #expect(try library.list().projects.map(\.id) == [id], sourceLocation: sourceLocation)
    #expect(try library.check().skipped.isEmpty, sourceLocation: sourceLocation)
    // The next save of the project works and leaves nothing of the faulted one behind.
    try library.save(ProbeState.video(step: 9), metadata: ProbeState(step: 9), for: id)
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("projects").path)
    #expect(entries == [id.rawValue], "\(point): \(entries)", sourceLocation: sourceLocation)
    return step == oldStep ? "old" : "new"
  }
}

/// `strace`, which injects faults into a child's system calls.
enum Tracer {
  static let strace = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }.map(URL.init(fileURLWithPath:))

  /// Whether the fault tests run: on Linux (strace is Linux's), when strace is there or this is
  /// CI (`CI` set), where `.ci/run` installs it and a missing one fails the tests rather than
  /// skipping them.
  static var runnable: Bool {
    #if os(Linux)
      strace != nil || ProcessInfo.processInfo.environment["CI"] != nil
    #else
      false
    #endif
  }

  /// Why a fault test is skipped.
  static var missing: Comment {
    Comment(
      rawValue: "strace is not installed (Linux only; Debian: apt-get install strace): the "
        + "injected-fault tests need it")
  }

  /// Runs `command` under strace with the injections; returns its exit status (-1 when killed).
  static func run(strace: URL, injecting injections: [String], command: [String]) throws -> Int32 {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-strace-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let process = Process()
    process.executableURL = strace
    process.arguments =
      ["-f", "-qq", "-o", log.path]
      + injections.flatMap { ["-e", "inject=\($0)"] } + command
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationReason == .exit ? process.terminationStatus : -1
  }

  /// How many times an untouched run of `command` (with `LIBRARY` standing for a copy of
  /// `template`) makes each of `calls`.
  static func count(
    _ calls: [String], strace: URL, command: [String], template: TemporaryDirectory
  ) throws -> [String: Int] {
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    try FileManager.default.removeItem(at: copy.url)
    try FileManager.default.copyItem(at: template.url, to: copy.url)
    let log = copy.url.deletingLastPathComponent().appendingPathComponent(
      "kadr-strace-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let process = Process()
    process.executableURL = strace
    process.arguments =
      ["-f", "-qq", "-o", log.path, "-e", "trace=" + calls.joined(separator: ",")]
      + command.map { $0 == "LIBRARY" ? copy.url.path : $0 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "the untouched save failed")
    var counts: [String: Int] = [:]
    for line in try String(contentsOf: log, encoding: .utf8).split(separator: "\n") {
      // "1234  renameat2(AT_FDCWD, …" (with -f, each line starts with the thread's id)
      let call = line.drop { $0.isNumber || $0 == " " }.prefix { $0 != "(" }
      if calls.contains(String(call)) { counts[String(call), default: 0] += 1 }
    }
    return counts
  }
}
