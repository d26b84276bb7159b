import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// `kadr-doc library init`: the one action that makes a library, so that no other action makes
/// one by accident.
@Suite("kadr-doc library init")
struct LibraryInitCommandTests {
  @Test func initMakesAFolderLibraryThatImportTakesAndLeavesOneAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try directory.library()
    let project = try source.create(name: "Trip", video: Pictures.video("t"), metadata: .init())
    let package = directory.url.appendingPathComponent("trip.kadrproject")
    try source.export(project.id, to: package)

    let target = directory.url.appendingPathComponent("new library").path
    let refused = try Executables.run(
      Executables.kadrDoc, ["library", "import", target, package.path])
    #expect(refused.status == 1)
    #expect(refused.err.contains("'kadr-doc library init \(target)' makes one"), "\(refused)")
    #expect(!FileManager.default.fileExists(atPath: target), "a library was made by accident")

    let made = try Executables.run(Executables.kadrDoc, ["library", "init", target])
    #expect(made.status == 0, "\(made)")
    #expect(made.out == "\(target): a project library, ready (0 projects)\n")
    let imported = try Executables.run(
      Executables.kadrDoc, ["library", "import", target, package.path])
    #expect(imported.status == 0, "\(imported)")
    let again = try Executables.run(Executables.kadrDoc, ["library", "init", "--store", target])
    #expect(again.status == 0)
    #expect(again.out == "\(target): a project library, ready (1 project)\n")
  }

  @Test func initRefusesAFolderOfOtherFilesAndAFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notes = directory.url.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try Data("keep me".utf8).write(to: notes.appendingPathComponent("todo.txt"))
    let folder = try Executables.run(Executables.kadrDoc, ["library", "init", notes.path])
    #expect(folder.status == 1)
    #expect(folder.err.contains("a folder of other files"), "\(folder)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: notes.path) == ["todo.txt"])
    let file = try Executables.run(
      Executables.kadrDoc, ["library", "init", notes.appendingPathComponent("todo.txt").path])
    #expect(file.status == 1)
    #expect(file.err.contains("is a file"), "\(file)")
  }

  @Test func aSchemaIsForAStoreNotAFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "init", directory.url.path, "--schema", "team"])
    #expect(run.status == 2)
    #expect(run.err.contains("has no schema"), "\(run)")
    let copy = try Executables.run(
      Executables.kadrDoc,
      ["library", "copy", "--from", directory.url.path, "--to", "x", "--schema", "team"])
    #expect(copy.status == 2)
    #expect(copy.err.contains("--schema does not apply to copy"), "\(copy)")
  }
}
