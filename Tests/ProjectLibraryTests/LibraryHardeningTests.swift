import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a hostile or unlucky library folder does to the library: clocks that disagree, a slot
/// numbered to overflow, files far larger than they look, a read-only folder, a planted link.
@Suite("Library hardening", .serialized)
struct LibraryHardeningTests {
  @Test(arguments: [120.0, 3_600.0])
  func autosaveIsWrittenWhateverTheSavingClockSaid(_ ahead: TimeInterval) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .seconds(60))
    let project = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    // The last save was made by a clock `ahead` seconds ahead of this one (another machine on
    // a synced library, or this one before its clock stepped back).
    try Self.editMetadataFile(of: project) { object in
      let later = Date().timeIntervalSince1970 + ahead
      object["saved"] = later
      object["modified"] = later
    }
    _ = try library.open(project.id)
    library.scheduleSave(Pictures.video("edit"), metadata: EditorState(zoom: 3), for: project.id)
    try library.flush()

    let recovered = try #require(try library.recover(project.id), "the edit was not autosaved")
    #expect(recovered.metadata.zoom == 3)
    try expectSameVideo(recovered.video, Pictures.video("edit"), images: library.images)
  }

  @Test func aSlotNumberedAtTheLargestIntegerNeitherCrashesNorWins() throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ProbeState>(directory: directory.url)
    let project = try library.create(
      name: "p", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    library.scheduleSave(ProbeState.video(step: 1), metadata: ProbeState(step: 1), for: project.id)
    try library.flush()
    let slot = project.folder.appendingPathComponent("autosave-0.json")
    let bytes = try Data(contentsOf: slot)
    let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
    let header = String(decoding: bytes[..<newline], as: UTF8.self)
    let forged = header.replacingOccurrences(
      of: #""sequence":1"#, with: #""sequence":\#(Int.max)"#)
    #expect(forged != header)
    try (Data(forged.utf8) + bytes[newline...]).write(to: slot)

    let run = try Executables.run(
      probe, ["autosave-once", directory.url.path, project.id.rawValue, "2"])
    #expect(run.status == 0, "the next autosave failed: \(run.err)")
    #expect(try library.recover(project.id)?.metadata.step == 2)
  }

  @Test func aMetadataFileLinkedToAHugeFileIsSkippedWithTheLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    let huge = try Self.sparseFile(in: directory, bytes: 2 << 30)
    try Self.replace(project.folder.appendingPathComponent("project.json"), withLinkTo: huge)

    let skipped = try #require(try library.list().skipped.first)
    #expect(skipped.projectID == project.id && skipped.reason == .unreadableMetadata)
    #expect(skipped.detail.contains("over the limit"), "\(skipped.detail)")
  }

  @Test func aDocumentLinkedToAHugeFileIsRefusedBeforeItIsRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    let huge = try Self.sparseFile(in: directory, bytes: 1 << 30)
    try Self.replace(project.documentFile, withLinkTo: huge)

    #expect {
      _ = try library.open(project.id)
    } throws: { error in
      guard case .fileSystem(_, let detail) = error as? ProjectLibraryError else { return false }
      return detail.contains("over the limit of \(512 << 20) bytes")
    }
  }

  @Test(.enabled(if: Self.prlimit != nil, "needs prlimit (util-linux) to bound the memory"))
  func anAutosaveSlotLinkedToAHugeFileIsNeverReadNorOffered() throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ProbeState>(directory: directory.url)
    let project = try library.create(
      name: "p", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    let huge = try Self.sparseFile(in: directory, bytes: 2 << 30)
    try Self.replace(project.folder.appendingPathComponent("autosave-0.json"), withLinkTo: huge)
    // Recovery in a process that cannot have 2 GiB of memory: reading the slot would fail it.
    let run = try Executables.run(
      Self.prlimit,
      ["--as=\(1536 << 20)", probe.path, "recover", directory.url.path, project.id.rawValue, "-1"])
    #expect(run.status == 0, "\(run.err)")
  }

  @Test func aFIFOInPlaceOfTheMetadataIsSkippedWithoutWaiting() throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try ProjectLibrary<ProbeState>(directory: directory.url)
    let kept = try library.create(
      name: "kept", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    let fifo = try library.create(
      name: "fifo", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    let metadata = fifo.folder.appendingPathComponent("project.json")
    try FileManager.default.removeItem(at: metadata)
    #expect(mkfifo(metadata.path, 0o644) == 0)

    let run = try Self.runWithin(
      seconds: 20, probe, ["list", directory.url.path, kept.id.rawValue, "1"])
    #expect(run == 0, "listing a library with a FIFO for a project.json did not end well")
  }

  @Test func aPlantedLinkAsTheLockFileIsRefusedAndNothingIsMadeOutside() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    _ = try library.create(name: "p", video: Pictures.video("a"), metadata: .init())
    let outside = directory.url.deletingLastPathComponent().appendingPathComponent(
      "kadr-outside-\(UUID().uuidString)")
    let lock = directory.url.appendingPathComponent(".lock")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: outside)
    defer { try? FileManager.default.removeItem(at: outside) }

    #expect {
      _ = try library.list()
    } throws: { error in
      guard case .fileSystem(_, let detail) = error as? ProjectLibraryError else { return false }
      return detail.contains("symbolic link")
    }
    #expect(!FileManager.default.fileExists(atPath: outside.path), "a file was made outside")
  }

  @Test(
    .enabled(if: getuid() != 0 || Self.setpriv != nil, "needs setpriv to read as another user"),
    arguments: [true, false])
  func aLibraryThatCannotBeWrittenCanStillBeListed(withLockFile: Bool) throws {
    let probe = try #require(Executables.probe, "ProjectLibraryProbe is not built")
    let directory = try TemporaryDirectory()
    defer {
      chmod(directory.url.path, 0o755)
      directory.remove()
    }
    let library = try ProjectLibrary<ProbeState>(directory: directory.url)
    let project = try library.create(
      name: "p", video: ProbeState.video(step: 0), metadata: ProbeState(step: 0))
    if !withLockFile {
      try FileManager.default.removeItem(at: directory.url.appendingPathComponent(".lock"))
    }
    #expect(chmod(directory.url.path, 0o555) == 0)

    // As root, permission bits do not bind: list as the unprivileged user instead.
    let command = [probe.path, "list", directory.url.path, project.id.rawValue, "1"]
    let run =
      getuid() == 0
      ? try Executables.run(
        Self.setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups"] + command)
      : try Executables.run(probe, Array(command.dropFirst()))
    #expect(run.status == 0, "\(run.err)")
  }

  static let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }.map(URL.init(fileURLWithPath:))

  static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }.map(URL.init(fileURLWithPath:))

  /// Rewrites a project's `project.json` through `change`.
  static func editMetadataFile<M>(
    of project: ProjectSummary<M>, _ change: (inout [String: Any]) -> Void
  ) throws {
    let file = project.folder.appendingPathComponent("project.json")
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    change(&object)
    try JSONSerialization.data(withJSONObject: object).write(to: file)
  }

  /// A sparse file of `bytes` zeros (no disk used), beside the library.
  static func sparseFile(in directory: TemporaryDirectory, bytes: Int) throws -> URL {
    let url = directory.url.appendingPathComponent("huge")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(bytes))
    try handle.close()
    return url
  }

  /// Replaces `file` with a symbolic link to `target`.
  static func replace(_ file: URL, withLinkTo target: URL) throws {
    try? FileManager.default.removeItem(at: file)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
  }

  /// Runs `binary arguments…`, killing it after `seconds`; its exit status, or -1 when killed.
  static func runWithin(seconds: Double, _ binary: URL, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return -1
    }
    return process.terminationReason == .exit ? process.terminationStatus : -1
  }
}
