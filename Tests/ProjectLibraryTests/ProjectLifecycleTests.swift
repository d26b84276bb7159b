import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

@Suite("Project lifecycle")
struct ProjectLifecycleTests {
  @Test func createdProjectOpensWithItsVideoMetadataAndThumbnail() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let video = Pictures.video("Holiday", photos: [Pictures.red, Pictures.blue])
    let state = EditorState(zoom: 1.5, selectedClip: "hero")
    let created = try library.create(
      name: "Holiday", video: video, metadata: state, thumbnail: Pictures.thumbnail)

    let opened = try library.open(created.id)
    try expectSameVideo(opened.video, video, images: library.images)
    #expect(String(reflecting: opened.metadata) == String(reflecting: state))
    #expect(opened.summary.name == "Holiday")
    #expect(opened.origin == .savedDocument)
    let token = try #require(opened.summary.thumbnailToken)
    #expect(try library.images.image(for: token) == Pictures.thumbnail)
    // Two photos and the thumbnail, each stored once in the shared store.
    #expect(try library.images.storedTokens().count == 3)
  }

  @Test func openingWritesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(
      name: "Old", video: Pictures.video("Old", photos: [Pictures.red]), metadata: EditorState())
    let files = try FileManager.default.contentsOfDirectory(atPath: project.folder.path)
      .sorted().map { project.folder.appendingPathComponent($0) }
    let before = try files.map(fingerprint)
    Thread.sleep(forTimeInterval: 0.02)  // a rewrite would show in the modification dates

    _ = try library.open(project.id)
    _ = try library.list()
    _ = try library.check()
    _ = try library.recover(project.id)

    #expect(try files.map(fingerprint) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: project.folder.path).sorted()
        == files.map(\.lastPathComponent))
  }

  @Test func savingReplacesTheDocumentAndKeepsNameAndCreationDate() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(name: "Draft", video: Pictures.video("v1"), metadata: .init())
    let edited = Pictures.video("v2", photos: [Pictures.green])
    let saved = try library.save(edited, metadata: EditorState(zoom: 3), for: project.id)

    let opened = try library.open(project.id)
    try expectSameVideo(opened.video, edited, images: library.images)
    #expect(opened.metadata == EditorState(zoom: 3))
    #expect(saved.name == "Draft" && saved.created == project.created)
    #expect(saved.modified > project.modified)
  }

  @Test func listingIsSortedByLastChangeNewestFirst() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let first = try library.create(name: "first", video: Pictures.video("1"), metadata: .init())
    let second = try library.create(name: "second", video: Pictures.video("2"), metadata: .init())
    let third = try library.create(name: "third", video: Pictures.video("3"), metadata: .init())
    #expect(try library.list().projects.map(\.id) == [third.id, second.id, first.id])

    try library.save(Pictures.video("1b"), metadata: .init(), for: first.id)
    try library.rename(second.id, to: "second, renamed")
    let listing = try library.list()
    #expect(listing.projects.map(\.id) == [second.id, first.id, third.id])
    #expect(listing.projects.first?.name == "second, renamed")
    #expect(listing.skipped.isEmpty)
  }

  @Test func duplicateSharesImagesAndCopiesNone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let video = Pictures.video("Original", photos: [Pictures.red, Pictures.blue])
    let original = try library.create(name: "Original", video: video, metadata: .init(zoom: 2))
    let imagesBefore = try library.images.storedTokens()

    let copy = try library.duplicate(original.id, name: "Copy")

    #expect(copy.id != original.id && copy.name == "Copy")
    #expect(try library.images.storedTokens() == imagesBefore)
    #expect(
      try Data(contentsOf: copy.documentFile) == Data(contentsOf: original.documentFile))
    try expectSameVideo(library.open(copy.id).video, video, images: library.images)
    #expect(try library.open(copy.id).metadata == EditorState(zoom: 2))
    #expect(try library.list().projects.count == 2)
  }

  @Test func deletedProjectWaitsInTheTrashUntilRestoredOrEmptied() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let kept = try library.create(name: "kept", video: Pictures.video("k"), metadata: .init())
    let doomed = try library.create(name: "doomed", video: Pictures.video("d"), metadata: .init())

    try library.delete(doomed.id)
    #expect(try library.list().projects.map(\.id) == [kept.id])
    #expect(try library.trashed().projects.map(\.id) == [doomed.id])
    #expect(throws: ProjectLibraryError.projectNotFound(doomed.id)) {
      try library.open(doomed.id)
    }

    try library.restore(doomed.id)
    #expect(try library.list().projects.count == 2)
    #expect(try library.open(doomed.id).summary.name == "doomed")

    try library.delete(doomed.id)
    #expect(try library.emptyTrash() == 1)
    #expect(try library.trashed().projects.isEmpty)
    #expect(throws: ProjectLibraryError.projectNotFound(doomed.id)) {
      try library.restore(doomed.id)
    }
  }

  @Test func manyTasksChangeOneLibraryAtOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let counter = try library.create(name: "counter", video: Pictures.video("c"), metadata: .init())
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<16 {
        group.addTask {
          try library.create(
            name: "task \(index)", video: Pictures.video("t\(index)", photos: [Pictures.red]),
            metadata: .init())
          try library.updateMetadata(of: counter.id) { $0.zoom += 1 }
          _ = try library.list()
        }
      }
      try await group.waitForAll()
    }
    #expect(try library.list().projects.count == 17)
    #expect(try library.open(counter.id).metadata.zoom == 17)
    #expect(try library.images.storedTokens().count == 1)
  }
}
