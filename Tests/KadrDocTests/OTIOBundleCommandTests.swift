import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `import-otio` and `diff` with `.otioz` bundles, run as the built binary: memory bounded by
/// what is inflated, nothing left in the temporary directory.
@Suite("kadr-doc and OpenTimelineIO bundles", .serialized)
struct OTIOBundleCommandTests {
  static let timeline = #"""
    {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
      {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
        {"OTIO_SCHEMA": "Clip.2", "name": "a",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}},
         "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "ExternalReference.1",
           "target_url": "media/a.mov"}},
         "active_media_reference_key": "DEFAULT_MEDIA"}]}]}}
    """#

  /// Writes a bundle with Python's zipfile: the timeline and `media/a.mov` of `media`
  /// (a Python expression), deflated; with `declaredSize`, the media entry's central-directory
  /// size field is then set to it.
  static func bundle(at path: String, media: String, declaredSize: UInt32? = nil) throws {
    let script = """
      import sys, zipfile, struct
      with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
          z.writestr("content.otio", sys.argv[2])
          z.writestr("media/a.mov", \(media))
      if len(sys.argv) > 3:
          data = bytearray(open(sys.argv[1], "rb").read())
          at = data.rfind(b"PK\\x01\\x02")
          data[at + 24:at + 28] = struct.pack("<I", int(sys.argv[3]))
          open(sys.argv[1], "wb").write(data)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", script, path, timeline] + (declaredSize.map { ["\($0)"] } ?? [])
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test(
    .enabled(if: Host.isLinux, "bounds the tool's memory with prlimit (util-linux), Linux only"))
  func aBundleThatLiesAboutItsSizeIsRefusedWithinBoundedMemory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.path("liar.otioz")
    try Self.bundle(at: bundle, media: "b'abc'", declaredSize: 0x7FFF_FFFF)
    // 1 GiB of address space: allocating by the declared 2 GiB would fail the process.
    let run = try Tool.run(
      ["import-otio", bundle, "-o", directory.path("out.kadr.json")],
      launcher: ["/usr/bin/prlimit", "--as=\(1 << 30)"])
    #expect(run.status == 1, "\(run.err)")
    #expect(run.err.contains("liar.otioz"), "\(run.err)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.kadr.json.media")))
  }

  @Test(arguments: [["import-otio"], ["diff"]])
  func readingABundleLeavesNothingInTheTemporaryDirectory(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scratch = directory.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let bundle = directory.path("cut.otioz")
    try Self.bundle(at: bundle, media: "b'movie'")
    let arguments = command == ["diff"] ? ["diff", bundle, bundle] : ["import-otio", bundle]
    let run = try Tool.run(
      arguments, launcher: ["/usr/bin/env", "TMPDIR=\(scratch.path)"])
    #expect(run.status == 0, "\(run.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
  }

  /// A disk that fills while a bundle's media are extracted: a 256 KiB tmpfs (mounted here, as
  /// root; CI runs as root) under the output. Nothing of the bundle is left on it.
  @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
  func aDiskThatFillsWhileExtractingLeavesNoMedia() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let disk = directory.url.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let mount = try Self.system([
      "/bin/mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.path,
    ])
    try #require(mount == 0, "could not mount a tmpfs")
    defer { _ = try? Self.system(["/bin/umount", disk.path]) }
    let bundle = directory.path("big.otioz")
    try Self.bundle(at: bundle, media: "__import__('os').urandom(1 << 20)")

    let output = disk.appendingPathComponent("out.kadr.json").path
    let run = try Tool.run(["import-otio", bundle, "-o", output])
    #expect(run.status == 1, "\(run.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == [], "left behind")
  }

  static func system(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
