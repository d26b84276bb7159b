import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// `kadr-doc library copy`, run as the built binary between folder libraries.
@Suite("kadr-doc library copy")
struct LibraryCopyCommandTests {
  /// A library of three projects, one with a photo and a thumbnail.
  private static func source(in directory: TemporaryDirectory) throws -> (
    ProjectLibrary<EditorState>, [ProjectSummary<EditorState>]
  ) {
    let library = try directory.library()
    let created = Date(timeIntervalSince1970: 1_600_000_000)
    var projects: [ProjectSummary<EditorState>] = []
    for (index, name) in ["Alpha", "Beta", "Gamma"].enumerated() {
      projects.append(
        try library.create(
          name: name, video: Pictures.video(name, photos: index == 0 ? [Pictures.red] : []),
          metadata: EditorState(zoom: Double(index + 1), selectedClip: name),
          thumbnail: index == 0 ? Pictures.thumbnail : nil, id: nil,
          created: created.addingTimeInterval(Double(index)),
          modified: created.addingTimeInterval(Double(100 + index))))
    }
    return (library, projects)
  }

  @Test func copyKeepsIdsDatesAndMetadataAndASecondRunCopiesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (_, projects) = try Self.source(in: directory)
    let target = directory.url.appendingPathComponent("copy").path

    let dry = try Executables.run(
      Executables.kadrDoc,
      ["library", "copy", "--from", directory.url.path, "--to", target, "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains("would copy 3, 0 already there"), "\(dry.out)")
    #expect(!FileManager.default.fileExists(atPath: target), "a dry run made the library")

    let run = try Executables.run(
      Executables.kadrDoc, ["library", "copy", "--from", directory.url.path, "--to", target])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("copied 3, 0 already there, 0 failed"), "\(run.out)")
    let copy = try ProjectLibrary<EditorState>(directory: URL(fileURLWithPath: target))
    for project in projects {
      let opened = try copy.open(project.id)
      #expect(opened.summary.name == project.name)
      #expect(opened.summary.created == project.created)
      #expect(opened.summary.modified == project.modified)
      #expect(opened.metadata == project.metadata)
      #expect(opened.summary.metadataVersion == EditorState.version)
      #expect(opened.summary.thumbnailToken == project.thumbnailToken)
    }

    let again = try Executables.run(
      Executables.kadrDoc,
      ["library", "copy", "--from", directory.url.path, "--to", target, "--json"])
    #expect(again.status == 0, "\(again.err)")
    let lines = again.out.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    #expect(lines.count == 4, "\(again.out)")
    #expect(lines.prefix(3).allSatisfy { $0["outcome"] as? String == "alreadyThere" })
    let summary = try #require(lines.last?["summary"] as? [String: Any])
    #expect(summary["copied"] as? Int == 0 && summary["alreadyThere"] as? Int == 3)
    #expect(try copy.list().projects.allSatisfy { $0.revision == 0 }, "a second run saved again")
  }

  @Test func aStoppedCopyFinishesOnTheNextRun() throws {
    // A run stopped after its first project left that project whole (one import is one
    // commit); the next run copies the others.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (source, projects) = try Self.source(in: directory)
    let targetURL = directory.url.appendingPathComponent("copy")
    let target = try ProjectLibrary<EditorState>(directory: targetURL)
    let package = directory.url.appendingPathComponent("first.kadrproject")
    try source.export(projects[1].id, to: package)
    try target.importPackage(at: package, as: .packageID(whenTaken: .refuse))

    let run = try Executables.run(
      Executables.kadrDoc,
      ["library", "copy", "--from", directory.url.path, "--to", targetURL.path])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("copied 2, 1 already there"), "\(run.out)")
    #expect(Set(try target.list().projects.map(\.id)) == Set(projects.map(\.id)))
  }

  @Test(arguments: [150, 600])
  func aCopyKilledAtAnyPointLeavesWholeProjectsAndTheNextRunFinishes(afterMilliseconds: Int)
    throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    var ids: Set<ProjectID> = []
    for index in 0..<30 {
      ids.insert(
        try library.create(
          name: "P\(index)", video: Pictures.video("p\(index)", photos: [Pictures.red]),
          metadata: EditorState()
        ).id)
    }
    let target = directory.url.appendingPathComponent("copy")
    let process = Process()
    process.executableURL = Executables.kadrDoc
    process.arguments = ["library", "copy", "--from", directory.url.path, "--to", target.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: Double(afterMilliseconds) / 1_000)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()

    // Whatever the kill interrupted, every project there opens.
    if FileManager.default.fileExists(atPath: target.appendingPathComponent("projects").path) {
      let partial = try ProjectLibrary<EditorState>(directory: target).check()
      #expect(partial.skipped.isEmpty, "\(partial.skipped.map(\.detail))")
      #expect(Set(partial.projects.map(\.id)).isSubset(of: ids))
    }
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "copy", "--from", directory.url.path, "--to", target.path])
    #expect(run.status == 0, "\(run.err)")
    let copy = try ProjectLibrary<EditorState>(directory: target).check()
    #expect(Set(copy.projects.map(\.id)) == ids)
    #expect(copy.skipped.isEmpty)
  }

  @Test func anUnreadableSourceProjectIsReportedAndFailsTheRun() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (source, projects) = try Self.source(in: directory)
    try Damage.garbledMetadata.apply(to: projects[2], images: source.images)
    let target = directory.url.appendingPathComponent("copy").path
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "copy", "--from", directory.url.path, "--to", target])
    #expect(run.status == 1)
    #expect(run.out.contains("copied 2") && run.out.contains("1 unreadable"), "\(run.out)")
  }

  @Test func copyRefusesADirectoryOperand() throws {
    let run = try Executables.run(
      Executables.kadrDoc, ["library", "copy", "/nowhere", "--to", "x"])
    #expect(run.status == 2)
    #expect(run.err.contains("--from"), "\(run.err)")
  }
}
