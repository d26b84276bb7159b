import Foundation
import Testing

/// The input rule both import commands share: a bundle's document is read under the format's
/// own size limit (FCPXML's 256 MiB, the importer's default), refused from its size before a
/// byte is read.
@Suite("kadr-doc import commands: one input rule")
struct ImportInputTests {
  @Test func aBundlesDocumentOverTheFormatsLimitIsRefusedFromItsSize() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.url.appendingPathComponent("huge.fcpxmld")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let info = bundle.appendingPathComponent("Info.fcpxml")
    #expect(FileManager.default.createFile(atPath: info.path, contents: nil))
    // Sparse: 300 MiB on paper, no disk space taken; over FCPXML's limit, under a document's.
    let handle = try FileHandle(forWritingTo: info)
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()

    let run = try Tool.run(["import-fcpxml", bundle.path, "-o", directory.path("out.kadr.json")])

    #expect(run.status == 1, "\(run.status): \(run.err)")
    #expect(run.err.contains("limit of \(256 << 20) bytes"), "\(run.err)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.kadr.json")))
  }
}
