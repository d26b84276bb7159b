import Foundation
import KadrArchive
import Testing

/// The zip writer that project packages and `.otioz` bundles share.
@Suite("Zip writer")
struct ZipWriterTests {
  static let entries: [(String, [UInt8], Bool)] = [
    ("a.json", Array(String(repeating: "{\"k\":1}", count: 500).utf8), true),
    ("images/b.png", (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) }, false),
    ("tiny.txt", Array("x".utf8), true),  // deflate would grow it: stored
  ]

  @Test func writingToAFileGivesTheBytesOfWritingToMemoryAndAStrictReaderReadsThem() throws {
    var memory = ZipWriter()
    for (name, bytes, deflated) in Self.entries { try memory.add(name, bytes, deflated: deflated) }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-zip-\(UUID().uuidString).zip")
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    var file = ZipWriter(writingTo: handle)
    for (name, bytes, deflated) in Self.entries { try file.add(name, bytes, deflated: deflated) }
    try file.finish()
    try handle.close()
    #expect(try Data(contentsOf: url) == memory.data())

    let archive = try ZipArchive(
      path: url.path, policy: .untrusted(maximumEntries: 10, maximumTotalBytes: 1 << 20))
    #expect(archive.entries.map(\.name) == Self.entries.map(\.0))
    #expect(archive.entries.map(\.method) == [8, 0, 0])
    for (entry, expected) in zip(archive.entries, Self.entries) {
      #expect(try archive.contents(of: entry, limit: 1 << 20, limitName: "test") == expected.1)
    }
  }

  @Test func aNameAddedTwiceIsRefused() throws {
    var writer = ZipWriter()
    try writer.add("a", [1], deflated: false)
    #expect(throws: ZipWriter.Failure.self) { try writer.add("a", [2], deflated: false) }
  }

  @Test func theSameEntriesGiveTheSameBytes() throws {
    func bytes() throws -> Data {
      var writer = ZipWriter()
      for (name, bytes, deflated) in Self.entries {
        try writer.add(name, bytes, deflated: deflated)
      }
      return writer.data()
    }
    #expect(try bytes() == bytes())
  }
}
