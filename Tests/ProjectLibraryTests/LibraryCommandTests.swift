import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// `kadr-doc library`, run as the built binary on libraries written by the API.
@Suite("kadr-doc library")
struct LibraryCommandTests {
  @Test func listPrintsProjectsAndSkippedOnesWithWhyWithoutTheAppsType() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let good = try library.create(
      name: "Good", video: Pictures.video("g"), metadata: .init(zoom: 2))
    let garbled = try library.create(name: "Garbled", video: Pictures.video("x"), metadata: .init())
    try Damage.garbledMetadata.apply(to: garbled, images: library.images)

    let human = try Executables.run(Executables.kadrDoc, ["library", "list", directory.url.path])
    #expect(human.status == 0, "\(human.err)")
    #expect(human.out.contains("1 project(s), 1 skipped"))
    #expect(human.out.contains("\(good.id)") && human.out.contains("Good"))
    #expect(human.out.contains("unreadableMetadata") && human.out.contains("project.json"))
    #expect(human.out.contains("can: showFile, discard"))

    let run = try Executables.run(
      Executables.kadrDoc, ["library", "list", directory.url.path, "--json"])
    #expect(run.status == 0, "\(run.err)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let projects = try #require(json["projects"] as? [[String: Any]])
    let skipped = try #require(json["skipped"] as? [[String: Any]])
    #expect(projects.map { $0["name"] as? String } == ["Good"])
    #expect((projects.first?["app"] as? [String: Any])?["zoom"] as? Double == 2)
    #expect(projects.first?["metadataVersion"] as? Int == 2)
    #expect(skipped.map { $0["reason"] as? String } == ["unreadableMetadata"])
    #expect(skipped.first?["remedies"] as? [String] == ["showFile", "discard"])
  }

  @Test func aNameCannotFakeALineOfTheListAndFactsAreShown() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let fake = "00000000-0000-0000-0000-000000000000  2026-01-01T00:00:00Z  Fake"
    let project = try library.create(
      name: "ok\n  \(fake)\r\u{1B}[2J", video: Pictures.video("g", photos: [Pictures.red]),
      metadata: .init())

    let run = try Executables.run(Executables.kadrDoc, ["library", "list", directory.url.path])
    #expect(run.status == 0, "\(run.err)")
    let lines = run.out.split(separator: "\n")
    #expect(lines.count == 2, "one header and one line for the one project: \(lines)")
    #expect(lines.last?.hasPrefix("  \(project.id)") == true)
    #expect(!run.out.contains("\u{1B}") && !run.out.contains("\r"))
    #expect(lines.last?.contains("2 clips · 0:03") == true, "\(lines)")
  }

  @Test func listSkipsProjectsNewerThanTheGivenMetadataVersion() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    try library.create(name: "Current", video: Pictures.video("c"), metadata: .init())
    let newer = try library.create(name: "Newer", video: Pictures.video("n"), metadata: .init())
    try Damage.newerMetadata.apply(to: newer, images: library.images)

    // Without the app's version, the tool cannot tell: both are listed, with their versions.
    let plain = try Executables.run(Executables.kadrDoc, ["library", "list", directory.url.path])
    #expect(plain.out.contains("2 project(s), 0 skipped"))

    let run = try Executables.run(
      Executables.kadrDoc,
      ["library", "list", directory.url.path, "--json", "--metadata-version", "2"])
    #expect(run.status == 0, "\(run.err)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let projects = try #require(json["projects"] as? [[String: Any]])
    let skipped = try #require(json["skipped"] as? [[String: Any]])
    #expect(projects.map { $0["name"] as? String } == ["Current"])
    #expect(skipped.map { $0["reason"] as? String } == ["newerMetadataVersion"])
    #expect(skipped.first?["name"] as? String == "Newer")
    #expect(
      skipped.first?["remedies"] as? [String] == ["openWithNewerApp", "showFile", "discard"])
    let check = try Executables.run(
      Executables.kadrDoc, ["library", "check", directory.url.path, "--metadata-version", "2"])
    #expect(check.status == 1)
  }

  @Test func checkFailsWhenAProjectDoesNotOpen() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(
      name: "P", video: Pictures.video("p", photos: [Pictures.red]), metadata: .init())
    let clean = try Executables.run(Executables.kadrDoc, ["library", "check", directory.url.path])
    #expect(clean.status == 0, "\(clean.err)")

    try Damage.deletedImage.apply(to: project, images: library.images)
    let run = try Executables.run(Executables.kadrDoc, ["library", "check", directory.url.path])
    #expect(run.status == 1)
    #expect(run.out.contains("missingImages"))
    // The cheap listing does not open documents, so it does not see a missing image.
    let list = try Executables.run(Executables.kadrDoc, ["library", "list", directory.url.path])
    #expect(list.status == 0 && list.out.contains("1 project(s), 0 skipped"))
  }

  @Test func gcDryRunListsAndGcDeletesOnlyUnreferencedImages() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let gone = try library.create(
      name: "gone", video: Pictures.video("1", photos: [Pictures.red]), metadata: .init())
    try library.create(
      name: "kept", video: Pictures.video("2", photos: [Pictures.blue]), metadata: .init())
    let red = try library.images.token(for: Pictures.red)
    let blue = try library.images.token(for: Pictures.blue)
    try library.delete(gone.id)
    try library.emptyTrash()

    let dry = try Executables.run(
      Executables.kadrDoc, ["library", "gc", directory.url.path, "--dry-run"])
    #expect(dry.status == 0, "\(dry.err)")
    #expect(dry.out.contains("would delete 1 image(s), kept 1") && dry.out.contains(red))
    #expect(try library.images.storedTokens().count == 2)

    let run = try Executables.run(Executables.kadrDoc, ["library", "gc", directory.url.path])
    #expect(run.status == 0 && run.out.contains("deleted 1 image(s)"))
    #expect(try library.images.storedTokens() == [blue])
  }

  @Test func gcRefusesWhenAProjectCannotBeRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(
      name: "p", video: Pictures.video("1", photos: [Pictures.red]), metadata: .init())
    try Damage.garbledMetadata.apply(to: project, images: library.images)
    _ = try library.images.token(for: Pictures.blue)  // an orphan that must survive too

    let run = try Executables.run(Executables.kadrDoc, ["library", "gc", directory.url.path])
    #expect(run.status == 1)
    #expect(run.err.contains("No image was deleted") && run.err.contains("project.json"))
    #expect(try library.images.storedTokens().count == 2)
  }

  @Test(arguments: [
    ["library", "list"],  // no directory
    ["library", "frobnicate", "DIR"],  // unknown action
    ["library", "list", "DIR", "--dry-run"],  // a gc flag on list
  ])
  func usageErrorsExitWithTwo(_ arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.library()
    let run = try Executables.run(
      Executables.kadrDoc, arguments.map { $0 == "DIR" ? directory.url.path : $0 })
    #expect(run.status == 2, "\(run.err)")
  }

  @Test func aDirectoryThatIsNotALibraryIsRefusedAndNotCreated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.url.appendingPathComponent("nothing-here")
    let run = try Executables.run(Executables.kadrDoc, ["library", "list", missing.path])
    #expect(run.status == 1 && run.err.contains("not a project library"))
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }
}

/// `kadr-doc check` pointed at a project library folder.
@Suite("kadr-doc check on a project library")
struct CheckOnALibraryTests {
  @Test func aLibraryFolderChecksItsDocumentsAndPointsToLibraryCheck() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let one = try library.create(name: "One", video: Pictures.video("1"), metadata: .init(zoom: 2))
    _ = try library.create(name: "Two", video: Pictures.video("2"), metadata: .init(zoom: 2))
    // An autosave slot, which is not a document either.
    library.scheduleSave(Pictures.video("edit"), metadata: .init(), for: one.id)
    try library.flush()

    let run = try Executables.run(Executables.kadrDoc, ["check", directory.url.path])
    // Every project.json failed with 'Add "schema": 1' before.
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.err.contains("schema"), "\(run.err)")
    #expect(
      run.err.contains(
        "2 projects of the project library \(directory.url.path): checked each document.json"),
      "\(run.err)")
    #expect(run.err.contains("kadr-doc library check \(directory.url.path)"), "\(run.err)")

    let json = try Executables.run(Executables.kadrDoc, ["check", "--json", directory.url.path])
    let files = json.out.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["file"]
        as? String
    }
    #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix("/document.json") }, "\(files)")
  }

  @Test func aDamagedDocumentInALibraryStillFails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "p", video: Pictures.video("p"), metadata: .init())
    try Data("{".utf8).write(to: project.documentFile)
    let run = try Executables.run(Executables.kadrDoc, ["check", directory.url.path])
    #expect(run.status == 1, "\(run.err)")
    #expect(run.err.contains("document.json"), "\(run.err)")
  }
}
