import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

@Suite("Collecting shared images")
struct ImageCollectionTests {
  @Test func deletingOneProjectNeverRemovesAnotherProjectsImages() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let store = library.images
    let first = try library.create(
      name: "first", video: Pictures.video("1", photos: [Pictures.red, Pictures.blue]),
      metadata: .init())
    let second = try library.create(
      name: "second", video: Pictures.video("2", photos: [Pictures.blue, Pictures.green]),
      metadata: .init())
    let red = try store.token(for: Pictures.red)
    let blue = try store.token(for: Pictures.blue)
    let green = try store.token(for: Pictures.green)

    try library.delete(first.id)
    // Trashed, the first project still owns its red photo.
    #expect(try library.collectImages().removed.isEmpty)

    try library.emptyTrash()
    let dryRun = try library.collectImages(dryRun: true)
    #expect(dryRun.dryRun && dryRun.removed == [red])
    #expect(Set(dryRun.kept) == [blue, green])
    #expect(try store.storedTokens().contains(red), "a dry run removes nothing")

    let collected = try library.collectImages()
    #expect(collected.removed == [red])
    #expect(Set(try store.storedTokens()) == [blue, green])
    try expectSameVideo(
      library.open(second.id).video,
      Pictures.video("2", photos: [Pictures.blue, Pictures.green]), images: store)
  }

  @Test func autosavesThumbnailsAndEditsKeepTheirImages() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library(autosaveDelay: .seconds(60))
    let project = try library.create(
      name: "p", video: Pictures.video("1", photos: [Pictures.red]), metadata: .init(),
      thumbnail: Pictures.thumbnail)
    library.scheduleSave(
      Pictures.video("2", photos: [Pictures.green]), metadata: .init(), for: project.id)
    try library.flush()

    #expect(try library.collectImages().removed.isEmpty, "save, autosave and thumbnail")
    // The tokens, asked before collecting (asking stores the image).
    let red = try library.images.token(for: Pictures.red)
    let green = try library.images.token(for: Pictures.green)
    try library.save(
      Pictures.video("3", photos: [Pictures.blue]), metadata: .init(), for: project.id)
    let removed = try library.collectImages().removed
    #expect(Set(removed) == [red, green])
    #expect(try library.open(project.id).summary.thumbnailToken != nil)
    #expect(try library.images.storedTokens().count == 2, "the blue photo and the thumbnail")
  }

  @Test func unreadableProjectMakesCollectionRefuseAndDeleteNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let readable = try library.create(name: "ok", video: Pictures.video("ok"), metadata: .init())
    let broken = try library.create(
      name: "broken", video: Pictures.video("b", photos: [Pictures.red]), metadata: .init())
    try library.delete(readable.id)
    try library.emptyTrash()
    try Data("{\"schema\":1,\"video\":{\"clips\":[".utf8).write(to: broken.documentFile)
    let before = try library.images.storedTokens()
    #expect(before.count == 1)

    for dryRun in [true, false] {
      #expect(
        throws: ProjectLibraryError.collectionRefused(unreadable: [broken.documentFile.path])
      ) {
        try library.collectImages(dryRun: dryRun)
      }
    }
    #expect(try library.images.storedTokens() == before)
  }

  @Test func aCrashedCreateIsCleanedUpAndItsImagesCollected() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(
      name: "p", video: Pictures.video("1", photos: [Pictures.red]), metadata: .init())
    // A create killed before its last rename leaves a hidden directory.
    let staging = directory.url.appendingPathComponent("projects/.new-\(ProjectID())")
    try FileManager.default.copyItem(at: project.folder, to: staging)
    try library.delete(project.id)
    try library.emptyTrash()
    #expect(!FileManager.default.fileExists(atPath: staging.path))
    #expect(try library.list().projects.isEmpty && library.list().skipped.isEmpty)
    #expect(try library.collectImages().removed.count == 1)
  }
}
