import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Saving a document atomically")
struct DocumentAtomicFileTests {
  let directory: URL
  let document: Data

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-composition-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let coder = DocumentCoder(registry: try CompositionTestKit.registry())
    document = try coder.encode(Video(clips: [])).bytes
  }

  /// The names in the test directory.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  func removeDirectory() {
    _ = chmod(directory.path, 0o755)
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func writeReplacesTheOldFileAndLeavesNoTemporaryFile() throws {
    defer { removeDirectory() }
    let url = directory.appendingPathComponent("project.kadr")
    try Data("old".utf8).write(to: url)
    try AtomicFile.write(document, to: url)
    #expect(try Data(contentsOf: url) == document)
    #expect(try names() == ["project.kadr"])
  }

  @Test func missingDirectoryIsRefusedAndCreatesNothing() throws {
    defer { removeDirectory() }
    let url = directory.appendingPathComponent("missing/project.kadr")
    let error = #expect(throws: PersistenceError.self) { try AtomicFile.write(document, to: url) }
    guard case .fileSystem(let path, _)? = error?.reason else {
      Issue.record("expected fileSystem, got \(String(describing: error))")
      return
    }
    #expect(path == url.path)
    #expect(try names().isEmpty)
  }

  @Test func failedRenameKeepsWhatWasThereAndRemovesTheTemporaryFile() throws {
    defer { removeDirectory() }
    // A non-empty directory where the file should go: the rename fails, even for root.
    let url = directory.appendingPathComponent("project.kadr")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    try Data("old".utf8).write(to: url.appendingPathComponent("keep"))
    #expect(throws: PersistenceError.self) { try AtomicFile.write(document, to: url) }
    #expect(try Data(contentsOf: url.appendingPathComponent("keep")) == Data("old".utf8))
    #expect(try names() == ["project.kadr"])
  }

  @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions"))
  func readOnlyDirectoryKeepsTheOldFileIntact() throws {
    defer { removeDirectory() }
    let url = directory.appendingPathComponent("project.kadr")
    try Data("old".utf8).write(to: url)
    #expect(chmod(directory.path, 0o555) == 0)
    #expect(throws: PersistenceError.self) { try AtomicFile.write(document, to: url) }
    #expect(try Data(contentsOf: url) == Data("old".utf8))
    #expect(try names() == ["project.kadr"])
  }
}
