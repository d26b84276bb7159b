import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Hostile `.otioz` bundles: sizes that lie, deflate bombs, entries that share one stream, a
/// disk that fills, and a bundle read with nowhere to put its media. Each is made here, byte by
/// byte, with the system zlib (`deflate` in Python's zlib module is the same library).
@Suite("OpenTimelineIO bundles within limits", .serialized)
struct BundleLimitsTests {
  /// A minimal timeline with one clip of `media/a.mov`.
  static let timeline = Data(
    #"""
    {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
      {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [
        {"OTIO_SCHEMA": "Clip.2", "name": "a",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 24}},
         "media_references": {"DEFAULT_MEDIA": {"OTIO_SCHEMA": "ExternalReference.1",
           "target_url": "media/a.mov"}},
         "active_media_reference_key": "DEFAULT_MEDIA"}]}]}}
    """#.utf8)

  /// Builds a zip with Python's zipfile and zlib (run as `python3 -c`), from a small script
  /// that writes it to `path`.
  static func zip(_ script: String, to path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python3 could not write the bundle")
  }

  /// Python that writes entries `(name, bytes, compress)` to the zip at `sys.argv[1]`.
  static func script(_ entries: String) -> String {
    """
    import sys, zipfile
    with zipfile.ZipFile(sys.argv[1], "w") as z:
        for name, data, deflate in \(entries):
            z.writestr(name, data, zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED)
    """
  }

  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-bundle-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static var timelineLiteral: String {
    "b'" + String(decoding: timeline, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
      + "'"
  }

  @Test func aDeflateBombIsStoppedAtTheMediaLimitAndLeavesNothing() throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = root.appendingPathComponent("bomb.otioz").path
    // 64 MiB of zeros deflate to about 64 KB.
    try Self.zip(
      Self.script(
        "[('content.otio', \(Self.timelineLiteral), True), ('media/a.mov', bytes(64 << 20), True)]"
      ), to: bundle)
    var importer = OTIOImporter()
    importer.bundleMediaDirectory = root.appendingPathComponent("out.media")
    importer.maximumBundleMediaBytes = 1 << 20
    #expect {
      _ = try importer.read(from: URL(fileURLWithPath: bundle))
    } throws: { error in
      "\(error)".contains("maximumBundleMediaBytes") && "\(error)".contains("\(1 << 20)")
    }
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out.media").path))
  }

  @Test func aSizeTheArchiveDeclaresIsNeverTrusted() throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = root.appendingPathComponent("liar.otioz")
    try Self.zip(
      Self.script(
        "[('content.otio', \(Self.timelineLiteral), True), ('media/a.mov', b'abc', True)]"),
      to: bundle.path)
    // Declare 2 GiB for media/a.mov in its central directory entry (uncompressed size field).
    var bytes = [UInt8](try Data(contentsOf: bundle))
    let central = try #require(Self.lastIndex(of: [0x50, 0x4B, 0x01, 0x02], in: bytes))
    for (offset, byte) in [0x00, 0x00, 0x00, 0x80].enumerated() {
      bytes[central + 24 + offset] = UInt8(byte)
    }
    try Data(bytes).write(to: bundle)

    var importer = OTIOImporter()
    importer.bundleMediaDirectory = root.appendingPathComponent("out.media")
    #expect(throws: PersistenceError.self) { _ = try importer.read(from: bundle) }
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out.media").path))
  }

  @Test func entriesThatShareOneStreamAreRefused() throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = root.appendingPathComponent("shared.otioz")
    try Self.zip(
      Self.script(
        "[('content.otio', \(Self.timelineLiteral), True), ('media/a.mov', bytes(1 << 16), True), ('media/b.mov', b'x', False)]"
      ), to: bundle.path)
    // Point the second media entry's local header offset at the first one's.
    var bytes = [UInt8](try Data(contentsOf: bundle))
    var headers: [Int] = []
    var index = 0
    while let found = Self.firstIndex(of: [0x50, 0x4B, 0x01, 0x02], in: bytes, from: index) {
      headers.append(found)
      index = found + 4
    }
    #expect(headers.count == 3)
    for offset in 0..<4 { bytes[headers[2] + 42 + offset] = bytes[headers[1] + 42 + offset] }
    try Data(bytes).write(to: bundle)

    var importer = OTIOImporter()
    importer.bundleMediaDirectory = root.appendingPathComponent("out.media")
    #expect {
      _ = try importer.read(from: bundle)
    } throws: { error in "\(error)".contains("share their data") }
  }

  @Test func aBundleReadWithNowhereForItsMediaExtractsNothing() throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let bundle = root.appendingPathComponent("plain.otioz")
    try Self.zip(
      Self.script(
        "[('content.otio', \(Self.timelineLiteral), True), ('media/a.mov', b'movie', False)]"),
      to: bundle.path)
    let before = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path
    ).filter { $0.hasPrefix("kadr-otioz-") }
    let imported = try OTIOImporter().read(from: bundle)
    let after = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path
    ).filter { $0.hasPrefix("kadr-otioz-") }
    #expect(after == before, "a folder was left in the temporary directory")
    #expect(imported.report.items.first?.detail.contains("were not extracted") == true)
  }

  @Test func aTimelineLinkedToAHugeSparseFileIsRefusedBeforeItIsRead() throws {
    let root = try Self.directory()
    defer { try? FileManager.default.removeItem(at: root) }
    let huge = root.appendingPathComponent("huge")
    #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    for name in ["cut.otio", "cut.otioz"] {
      let link = root.appendingPathComponent(name)
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: huge)
      var importer = OTIOImporter()
      importer.options.limits.maximumDocumentBytes = 1 << 20
      #expect(throws: PersistenceError.self) { _ = try importer.read(from: link) }
    }
    // The .otio is refused by its size: the document limit is named.
    var importer = OTIOImporter()
    importer.options.limits.maximumDocumentBytes = 1 << 20
    #expect {
      _ = try importer.read(from: root.appendingPathComponent("cut.otio"))
    } throws: { error in "\(error)".contains("limit of \(1 << 20) bytes") }
  }

  static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    stride(from: bytes.count - pattern.count, through: 0, by: -1).first {
      Array(bytes[$0..<$0 + pattern.count]) == pattern
    }
  }

  static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard start <= bytes.count - pattern.count else { return nil }
    return (start...(bytes.count - pattern.count)).first {
      Array(bytes[$0..<$0 + pattern.count]) == pattern
    }
  }
}
