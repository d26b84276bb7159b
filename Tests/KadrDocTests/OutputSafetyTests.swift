import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tool prints and writes when its output fails, and what input can put in it.
@Suite("kadr-doc: checked writes, escaped output, redacted URLs")
struct OutputSafetyTests {
  /// The device number of /dev/full (major 1, minor 7); nodes are made in a test's own
  /// directory, never the system's.
  #if os(Linux)
    static let fullDevice = dev_t(1 << 8 | 7)
  #else
    static let fullDevice = dev_t(1 << 24 | 7)
  #endif

  static var canMakeDevices: Bool { geteuid() == 0 }
  /// A node that fails every write with ENOSPC: `/dev/full`'s numbers, which only Linux has.
  static var canMakeAFullDevice: Bool { canMakeDevices && Host.isLinux }

  /// A `/dev/full` node in `directory`.
  static func fullNode(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("full")
    try #require(mknod(path, S_IFCHR | 0o666, fullDevice) == 0)
    return path
  }

  /// A launcher that sends the tool's standard output to `path`.
  static func stdout(to path: String) -> [String] {
    ["/bin/sh", "-c", "exec \"$@\" > '\(path)'", "sh"]
  }

  @Test(
    .enabled(if: canMakeAFullDevice, "a /dev/full node needs root and Linux (macOS has none)"),
    arguments: [["resave"], ["tokens"], ["inspect", "--json"], ["inspect"]])
  func aFullStandardOutputIsReportedInOneLineWithExitCodeOne(command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(Fixtures.broad, to: "broad.json")
    let full = try Self.fullNode(in: directory)
    let run = try Tool.run(command + [document], launcher: Self.stdout(to: full))
    #expect(run.status == 1)
    #expect(run.err == "kadr-doc: cannot write standard output: No space left on device\n")
  }

  @Test func aClosedPipeIsReportedInsteadOfKillingTheTool() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(Fixtures.broad, to: "broad.json")
    // Standard output closed outright: every write fails (EBADF).
    let run = try Tool.run(
      ["resave", document], launcher: ["/bin/sh", "-c", "exec \"$@\" >&-", "sh"])
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("kadr-doc: cannot write standard output: "))
  }

  @Test(.enabled(if: canMakeDevices, "making a device node needs root"))
  func anOutputFileThatIsADeviceIsRefusedAndLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(Fixtures.broad, to: "broad.json")
    let full = try Self.fullNode(in: directory)
    let run = try Tool.run(["resave", document, "-o", full])
    #expect(run.status == 1)
    #expect(
      run.err.hasPrefix(
        "kadr-doc: cannot write \(full): it is a character device, not a regular file"))
    var info = stat()
    #expect(lstat(full, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test(.enabled(if: canMakeDevices, "giving a file to another user needs root"))
  func resavingAnotherUsersFileInPlaceKeepsItTheirs() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(Fixtures.broad, to: "broad.json")
    let nobody = try #require(getpwnam("nobody")).pointee
    try #require(chown(document, nobody.pw_uid, nobody.pw_gid) == 0)
    try #require(chmod(document, 0o600) == 0)
    let run = try Tool.run(["resave", "--in-place", document])
    #expect(run.status == 0)
    var info = stat()
    #expect(stat(document, &info) == 0)
    #expect(info.st_uid == nobody.pw_uid)
    #expect(info.st_gid == nobody.pw_gid)
    #expect(info.st_mode & 0o7777 == 0o600)
  }

  /// Control and bidirectional characters a hostile document or file name may hold, as JSON
  /// escapes, and how the tool must show them.
  static let hostile = #"\u001b]0;pwned\u0007\u001b[2J\r\u0000\u009b31m\u202eevil"#
  static let shown = #"\u{1B}]0;pwned\u{7}\u{1B}[2J\u{D}\u{0}\u{9B}31m\u{202E}evil"#

  /// Whether `text` holds any character the tool must never print raw.
  static func holdsRawControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
  }

  @Test func inspectShowsControlCharactersOfADocumentAsEscapes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      Fixtures.broad(replacing: #""text":"first""#, with: #""text":"\#(Self.hostile)""#),
      to: "hostile.json")
    let run = try Tool.run(["inspect", document])
    #expect(run.status == 0)
    #expect(!Self.holdsRawControls(run.out))
    #expect(run.out.contains(Self.shown))
  }

  @Test func inspectJSONIsUnchangedByTheEscaping() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      Fixtures.broad(replacing: #""text":"first""#, with: #""text":"\#(Self.hostile)""#),
      to: "hostile.json")
    let run = try Tool.run(["inspect", "--json", document])
    #expect(run.status == 0)
    #expect(!run.out.contains(#"\u{1B}"#))
    #expect(run.out.contains(#"\u001b]0;pwned\u0007"#))
  }

  @Test func checkShowsAHostileKindAndFileNameAsEscapes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      Fixtures.broad(replacing: #"{"title":"#, with: #"{"evil\#(Self.hostile)":"#),
      to: "evil\u{1B}[31m.json")
    let run = try Tool.run(["check", document])
    #expect(run.status == 1)
    #expect(!Self.holdsRawControls(run.err))
    #expect(run.err.contains(Self.shown))
    #expect(run.err.contains(#"evil\u{1B}[31m.json"#))
    #expect(run.errLines.count == 1)
  }

  @Test func importOTIOShowsHostileNamesInItsReportAsEscapes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let timeline = try directory.write(
      #"{"OTIO_SCHEMA":"Timeline.1","name":"\#(Self.hostile)","tracks":"#
        + #"{"OTIO_SCHEMA":"Stack.1","children":[]}}"#, to: "hostile.otio")
    let run = try Tool.run(["import-otio", timeline])
    #expect(!Self.holdsRawControls(run.err))
    #expect(run.err.contains(Self.shown))
  }

  @Test func credentialsInTokensAreHiddenInHumanOutputButListedByTokens() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let token = "https://alice:s3cret@example.com/x.png"
    let document = try directory.write(
      Fixtures.broad(replacing: "file:fixture-pixel.png", with: token), to: "urls.json")
    let inspect = try Tool.run(["inspect", document])
    #expect(inspect.status == 0)
    #expect(!inspect.out.contains("s3cret"))
    #expect(inspect.out.contains("https://***@example.com/x.png"))
    let tokens = try Tool.run(["tokens", document])
    #expect(tokens.outLines.contains(token))
  }
}
