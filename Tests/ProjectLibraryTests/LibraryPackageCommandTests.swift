import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// `kadr-doc library export` and `import`, run as the built binary.
@Suite("kadr-doc library export and import")
struct LibraryPackageCommandTests {
  @Test func exportThenImportKeepsTheProjectAndItsMetadataVersion() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try directory.library()
    let project = try source.create(
      name: "Shared", video: Pictures.video("s", photos: [Pictures.red]),
      metadata: EditorState(zoom: 3, selectedClip: "c1"), thumbnail: Pictures.thumbnail, id: nil,
      created: nil, modified: nil)
    let package = directory.url.appendingPathComponent("Shared.kadrproject").path
    let exported = try Executables.run(
      Executables.kadrDoc,
      ["library", "export", directory.url.path, project.id.rawValue, "-o", package])
    #expect(exported.status == 0, "\(exported.err)")
    #expect(exported.out.contains("exported \(project.id)"))

    let targetURL = directory.url.appendingPathComponent("target")
    _ = try ProjectLibrary<EditorState>(directory: targetURL)
    let imported = try Executables.run(
      Executables.kadrDoc, ["library", "import", targetURL.path, package, "--identity", "keep"])
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.out.contains("imported \(project.id)  Shared"))
    // The tool does not know the app's type; the app opens the project at its own version.
    let opened = try ProjectLibrary<EditorState>(directory: targetURL).open(project.id)
    #expect(opened.metadata == EditorState(zoom: 3, selectedClip: "c1"))
    #expect(opened.summary.metadataVersion == EditorState.version)
    #expect(opened.summary.thumbnailToken == project.thumbnailToken)

    // A folder library keeps no history: --history exports the last save and says so.
    let withHistory = try Executables.run(
      Executables.kadrDoc,
      ["library", "export", directory.url.path, project.id.rawValue, "-o", package, "--history"])
    #expect(withHistory.status == 0, "\(withHistory.err)")
    #expect(withHistory.out.contains("no revision history"), "\(withHistory.out)")

    let again = try Executables.run(
      Executables.kadrDoc, ["library", "import", targetURL.path, package, "--identity", "keep"])
    #expect(again.status == 1)
    #expect(again.err.contains("already") && again.err.contains("\(project.id)"), "\(again.err)")
  }

  @Test func aDamagedPackageIsRefusedAndNothingIsImported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let package = directory.url.appendingPathComponent("broken.kadrproject")
    try Data("PK\u{3}\u{4} not really a zip".utf8).write(to: package)
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "import", directory.url.path, package.path])
    #expect(run.status == 1)
    #expect(run.err.contains("broken.kadrproject cannot be read safely"), "\(run.err)")
    #expect(run.err.contains("export the project again"), "\(run.err)")
    #expect(try library.list().projects.isEmpty)
  }

  @Test(arguments: [
    (["library", "export", "DIR", "not-an-id", "-o", "x.kadrproject"], "is not a project id"),
    (["library", "export", "DIR", "00000000-0000-0000-0000-000000000001"], "-o FILE"),
    (["library", "import", "DIR", "x.kadrproject", "--identity", "move"], "copy, keep, replace"),
    (["library", "list", "DIR", "--identity", "keep"], "does not apply to list"),
  ])
  func usageErrorsSayWhatToGive(_ arguments: [String], _ expected: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.library()
    let run = try Executables.run(
      Executables.kadrDoc, arguments.map { $0 == "DIR" ? directory.url.path : $0 })
    #expect(run.status == 2, "\(run.out) \(run.err)")
    #expect(run.err.contains(expected), "\(run.err)")
  }
}
