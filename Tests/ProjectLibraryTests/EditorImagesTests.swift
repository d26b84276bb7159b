import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// Images as an editor meets them: one goes missing, a project is deleted for good, a
/// thumbnail is removed.
@Suite("Images, deletion and thumbnails in an editor")
struct EditorImagesTests {
  /// Removes the stored file of `token` from the library's image store.
  static func removeImage(_ token: String, from library: ProjectLibrary<EditorState>) throws {
    let name = String(token.dropFirst("file:".count))
    try FileManager.default.removeItem(at: library.images.directory.appendingPathComponent(name))
  }

  @Test func aProjectWithAMissingImageOpensAndKeepsItsToken() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let video = Pictures.video("t", photos: [Pictures.red, Pictures.blue])
    let project = try library.create(name: "p", video: video, metadata: .init())
    let redToken = try library.images.token(for: Pictures.red)
    let original = try Data(contentsOf: project.documentFile)
    try Self.removeImage(redToken, from: library)

    #expect(throws: PersistenceError.self) { try library.open(project.id) }
    let opened = try library.open(project.id, missingImages: .placeholder)
    #expect(opened.unresolvedImageTokens == [redToken])
    // Saving writes the token back, byte for byte, and keeps the image that is there.
    try library.save(opened.video, metadata: opened.metadata, for: project.id)
    #expect(try Data(contentsOf: project.documentFile) == original)
    // Once the image is back, the project opens as it was.
    _ = try library.images.token(for: Pictures.red)
    try expectSameVideo(try library.open(project.id).video, video, images: library.images)
  }

  @Test func aFallbackStoreOpensWhatItCanAndSavesTokensBack() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try FileImageStore(directory: directory.url)
    let video = Pictures.video("t", photos: [Pictures.red, Pictures.green])
    let data = try KadrCoding.data(for: video, images: store)
    let greenToken = try store.token(for: Pictures.green)
    try FileManager.default.removeItem(
      at: directory.url.appendingPathComponent(String(greenToken.dropFirst("file:".count))))

    let fallback = FallbackImageStore(store)
    let opened = try KadrCoding.video(from: data, images: fallback)
    #expect(fallback.unresolvedTokens == [greenToken])
    #expect(try KadrCoding.data(for: opened, images: fallback) == data)
  }

  @Test func deletingForGoodTakesOnlyTheImagesNothingElseUses() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let shared = try library.images.token(for: Pictures.red)
    let own = try library.images.token(for: Pictures.blue)
    let doomed = try library.create(
      name: "doomed", video: Pictures.video("d", photos: [Pictures.red, Pictures.blue]),
      metadata: .init())
    let kept = try library.create(
      name: "kept", video: Pictures.video("k", photos: [Pictures.red]), metadata: .init())
    let trashed = try library.create(
      name: "trashed", video: Pictures.video("t", photos: [Pictures.green]), metadata: .init())
    let alsoTrashed = try library.create(
      name: "also trashed", video: Pictures.video("a"), metadata: .init())
    try library.delete(trashed.id)
    try library.delete(alsoTrashed.id)

    #expect(try library.deletePermanently(doomed.id) == [own])
    #expect(try library.list().projects.map(\.id) == [kept.id])
    #expect(try library.images.storedTokens().contains(shared))
    #expect(try !library.images.storedTokens().contains(own))
    #expect(throws: ProjectLibraryError.projectNotFound(doomed.id)) {
      try library.restore(doomed.id)
    }

    // One project of the trash, the rest of the trash untouched.
    let green = try library.images.token(for: Pictures.green)
    #expect(try library.deletePermanently(trashed.id) == [green])
    #expect(try library.trashed().projects.map(\.id) == [alsoTrashed.id])
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("projects").path)
    #expect(entries == [kept.id.rawValue], "nothing hidden left behind: \(entries)")
  }

  @Test func aThumbnailIsKeptSetOrRemoved() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try directory.library()
    let project = try library.create(
      name: "p", video: Pictures.video("a"), metadata: .init(), thumbnail: Pictures.thumbnail)
    let first = try #require(project.thumbnailToken)
    let video = Pictures.video("b")

    #expect(try library.save(video, metadata: .init(), for: project.id).thumbnailToken == first)
    let set = try library.save(
      video, metadata: .init(), thumbnail: .set(Pictures.blue), for: project.id)
    #expect(set.thumbnailToken == (try library.images.token(for: Pictures.blue)))
    let removed = try library.save(video, metadata: .init(), thumbnail: .remove, for: project.id)
    #expect(removed.thumbnailToken == nil)
    #expect(try library.list().projects.first?.thumbnailToken == nil)
  }
}
