import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a batch command meets in real folders and lists: FIFOs, names that are not UTF-8, names
/// with carriage returns and line separators, NUL-separated lists.
@Suite("Batch inputs: FIFOs, odd names, lists")
struct BatchInputTests {
  /// Runs the tool, killed after 20 s (exit 124) so that a hang fails instead of blocking;
  /// without that watchdog where there is no GNU `timeout` (macOS).
  static func run(_ arguments: [String], stdin: Data? = nil) throws -> ToolRun {
    try Tool.run(arguments, stdin: stdin, launcher: Host.timeout.map { [$0, "20"] } ?? [])
  }

  @Test(arguments: [["check"], ["check", "--json"], ["resave", "--in-place"]])
  func aFIFONamedLikeADocumentIsRefusedNotWaitedOn(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write(Fixtures.broad, to: "good.kadr.json")
    let fifo = directory.path("pipe.json")
    #expect(mkfifo(fifo, 0o644) == 0)

    let run = try Self.run(command + [directory.url.path])
    #expect(run.status == 1, "exit \(run.status) (124: it hung): \(run.err)")
    #expect(run.err.contains("pipe.json") && run.err.contains("FIFO"), "\(run.err)")
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "left in place")
  }

  /// Writes a good document and an empty `bad\xff\xfe.json` into `directory`; the bad file's
  /// path bytes, NUL-terminated.
  static func folderWithANonUTF8Name(_ directory: TemporaryDirectory) throws -> [UInt8] {
    _ = try directory.write(Fixtures.broad, to: "good.kadr.json")
    var name = Array(directory.url.path.utf8) + Array("/bad\u{0}".utf8)
    name.replaceSubrange((name.count - 1)..., with: [0xFF, 0xFE] + Array(".json".utf8) + [0])
    let descriptor = name.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
    }
    #expect(descriptor >= 0)
    close(descriptor)
    return name
  }

  @Test(.enabled(if: Host.takesNonUTF8Names, "APFS and HFS+ refuse a file name that is not UTF-8"))
  func aFileNameThatIsNotUTF8IsNamedNotReportedMissing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try Self.folderWithANonUTF8Name(directory)

    let run = try Self.run(["check", directory.url.path])
    #expect(run.status == 1, "\(run.err)")
    #expect(run.err.contains(#"bad\xff\xfe.json"#) && run.err.contains("not UTF-8"), "\(run.err)")
    #expect(!run.err.contains("No such file"), "\(run.err)")
  }

  /// Bytes that are not UTF-8 in a list (no file is made, so this runs on APFS too): a stray
  /// byte, an overlong `/`, a UTF-16 surrogate and a cut sequence; each is named, not opened.
  @Test(arguments: [[0xFF, 0xFE], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x61, 0xE2, 0x82]])
  func aListEntryThatIsNotUTF8IsNamedAndTheRestChecked(_ bad: [UInt8]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write(Fixtures.broad, to: "good.kadr.json")
    let list = Data(good.utf8) + Data([0x0A]) + Data(bad) + Data(".json".utf8)
    let run = try Self.run(["check", "--files-from", "-", "--json"], stdin: list)
    #expect(run.status == 1, "\(run.err)")
    let shown = bad.map { String(format: "\\x%02x", $0) }.joined()
    #expect(run.err.contains("an entry is not UTF-8 (\(shown)"), "\(run.err)")
    #expect(run.out.contains("good.kadr.json"), "the valid entry is still checked: \(run.out)")
  }

  @Test(.enabled(if: Host.takesNonUTF8Names, "APFS and HFS+ refuse a file name that is not UTF-8"))
  func aFileNameThatIsNotUTF8GetsItsJSONLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let name = try Self.folderWithANonUTF8Name(directory)

    let run = try Self.run(["check", "--json", directory.url.path])
    #expect(run.status == 1, "\(run.err)")
    let lines = run.stdout.split(separator: UInt8(ascii: "\n"))
    // One line per file: the good one only, before.
    #expect(lines.count == 2, "\(String(decoding: run.stdout, as: UTF8.self))")
    let objects = try lines.map { try JSONOutput.object(Data($0)) }
    let bad = try #require(objects.first { $0["fileNameBytes"] != nil })
    #expect(bad["valid"] as? Bool == false)
    #expect((bad["file"] as? String)?.hasSuffix(#"/bad\xff\xfe.json"#) == true, "\(bad)")
    let bytes = name.dropLast().map { String(format: "%02x", $0) }.joined()
    #expect(bad["fileNameBytes"] as? String == bytes)
    let errors = try #require(bad["errors"] as? [[String: Any]])
    #expect((errors.first?["message"] as? String)?.contains("not UTF-8") == true, "\(errors)")
    #expect(objects.contains { $0["valid"] as? Bool == true })
  }

  @Test func aListIsSplitOnlyAtLineFeeds() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let names = ["carriage\rreturn.json", "line\u{2028}separator.json", "next\u{85}line.json"]
    let paths = try names.map { try directory.write(Fixtures.broad, to: $0) }
    let run = try Self.run(
      ["check", "--files-from", "-"], stdin: Data(paths.joined(separator: "\n").utf8))
    #expect(run.status == 0, "\(run.err)")
  }

  @Test func aNULSeparatedListTakesNamesWithLineFeeds() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let paths = try ["new\nline.json", "plain.json"].map {
      try directory.write(Fixtures.broad, to: $0)
    }
    let list = Data(paths.joined(separator: "\u{0}").utf8) + Data([0])
    for flag in ["-0", "--null"] {
      let run = try Self.run(["check", "--files-from", "-", flag, "--json"], stdin: list)
      #expect(run.status == 0, "\(flag): \(run.err)")
      #expect(run.stdout.split(separator: UInt8(ascii: "\n")).count == 2, "one line per file")
    }
  }

  /// `inspect`, `diff` and `merge` build a JSON tree of each input: the document limit is
  /// checked on the opened file before a byte is read, so a huge input is refused at once.
  @Test(
    .enabled(if: Host.isLinux, "bounds the tool's memory with prlimit (util-linux), Linux only"),
    arguments: [["inspect", "F"], ["diff", "F", "F"], ["merge", "F", "F", "F", "-o", "OUT"]])
  func aHugeInputToATreeBuildingCommandIsRefusedBeforeItIsRead(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let huge = directory.path("huge.kadr.json")
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
    try handle.truncate(atOffset: 2 << 30)
    try handle.close()
    let arguments = command.map { $0 == "F" ? huge : $0 == "OUT" ? directory.path("out.json") : $0 }
    // 1 GiB of address space: reading the 2 GiB file would fail the process.
    let run = try Tool.run(arguments, launcher: ["/usr/bin/prlimit", "--as=\(1 << 30)"])
    #expect(run.status == 1 || run.status == 2, "\(run.status): \(run.err)")
    #expect(run.err.contains("limit of \(512 << 20) bytes"), "\(run.err)")
  }
}
