import Foundation
import KadrPersistence
import Testing

@Suite("Stores and documents, as apps use them")
struct StoreAndDocumentTests {
  private let photo = PlatformImage.solidColor(.green)

  @Test func anAppStoresErrorReachesTheCallerAsAPersistenceError() throws {
    let store = FrameStore()
    let data = try KadrCoding.data(for: Video { ImageClip(photo, duration: 1) }, images: store)
    let other = FrameStore()
    let error = #expect(throws: PersistenceError.self) {
      try KadrCoding.video(from: data, images: other)
    }
    guard case .unresolvableImageToken(let token, let underlying)? = error?.reason else {
      Issue.record("expected an unresolvable token, got \(String(describing: error))")
      return
    }
    #expect(token == "frames:1")
    #expect((underlying as? FrameStore.Failure)?.failedToken == "frames:1")
    #expect(error?.pointer?.description == "/video/clips/0/image/_0/imageToken")
    // A store's own error that is only CustomStringConvertible still reads as its sentence.
    #expect(error?.failureReason?.contains("the frame server has no frame") == true)
  }

  @Test func aStoreThrowsMalformedAsTheOriginalsStoresDo() throws {
    let store = FrameStore()
    let error = #expect(throws: PersistenceError.self) { try store.image(for: "frames:broken") }
    guard case .malformed(let detail)? = error else {
      Issue.record("expected malformed, got \(String(describing: error))")
      return
    }
    #expect(detail == "The frame list is damaged.")
  }

  @Test func anAppWrapsTheDocumentInItsOwnCodableType() throws {
    struct Project: Codable, Equatable {
      var name: String
      var zoom: Double
      var document: KadrDocument
    }
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).trimmed(to: 1...3.25)
      TitleSequence("The End", duration: 2)
    }
    let canonical = try KadrCoding.data(for: video)
    let project = Project(name: "Trip", zoom: 1.5, document: try KadrCoding.encode(video))
    let saved = try JSONEncoder().encode(project)
    let reopened = try JSONDecoder().decode(Project.self, from: saved)
    #expect(reopened.name == "Trip")
    #expect(reopened.document.schema == KadrDocument.currentSchema)
    #expect(try reopened.document.data() == canonical)
    let decoded = try KadrCoding.decode(reopened.document)
    #expect(try KadrCoding.data(for: decoded) == canonical)
  }

  @Test func theFileStoreCreatesItsDirectoryAndNamesItsFiles() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("app-style-\(UUID().uuidString)/images")
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let store = try FileImageStore(directory: directory, fileManager: .default)
    #expect(FileManager.default.fileExists(atPath: directory.path))
    let kept = try store.token(for: photo)
    _ = try store.token(for: PlatformImage.solidColor(.yellow))
    let file = try #require(store.url(for: kept))
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(store.url(for: "photo:abc") == nil)
    #expect(FileImageStore.pngData(from: photo) == photo.data)
    let deleted = try store.prune(keeping: [kept])
    #expect(deleted == 1)
  }

  @Test func theTokensOfADocumentAreKnownBeforeItIsOpened() throws {
    let store = FrameStore()
    let video = Video {
      ImageClip(photo, duration: 1)
      Track { ImageClip(PlatformImage.solidColor(.orange), duration: 1) }
    }
    .overlay(ImageOverlay(PlatformImage.solidColor(.purple)))
    let document = try KadrCoding.encode(video, images: store)
    let needed = PrefetchedImageStore.tokens(in: document)
    #expect(needed == ["frames:1", "frames:2", "frames:3"])
    var resolved: [String: PlatformImage] = [:]
    for token in needed { resolved[token] = try store.image(for: token) }
    let reopened = try KadrCoding.decode(document, images: PrefetchedImageStore(resolved))
    #expect(reopened.clips.count == 2)
  }

  @Test func migrationsWrittenForTheOriginalRun() throws {
    let step = SchemaMigration(from: 0, to: 1) { object in
      var object = object
      object["video"] = object.removeValue(forKey: "composition")
      return object
    }
    let old: [String: Any] = ["schema": 0, "composition": ["clips": [Any]()]]
    let migrated = try SchemaMigrator.migrate(old, to: 1, using: [step])
    #expect(migrated["schema"] as? Int == 1)
    #expect(migrated["video"] != nil)
    #expect(throws: PersistenceError.migrationUnavailable(from: 1, to: 2)) {
      _ = try SchemaMigrator.migrate(migrated, to: 2, using: [step])
    }
    #expect(throws: PersistenceError.self) {
      _ = try SchemaMigrator.migrate(data: Data("[1]".utf8), to: 1, using: [])
    }
  }

  @Test func theNamedColoursAreThere() {
    #expect(PlatformColor.red.red == 1)
    #expect(PlatformColor.black.alpha == 1)
  }
}

@Suite("Documents with absolute-path image tokens")
struct AbsolutePathTokenTests {
  @Test func areRefusedByTheFileStoreAndAdoptedOnRequest() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("app-style-adopt-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let outside = root.appendingPathComponent("photos/beach.png")
    try FileManager.default.createDirectory(
      at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
    let photo = PlatformImage.solidColor(.cyan)
    try photo.data.write(to: outside)
    let old = try KadrCoding.data(
      for: Video { ImageClip(photo, duration: 1) },
      images: PrefetchedImageStore(["file:\(outside.path)": photo]))
    let store = try FileImageStore(directory: root.appendingPathComponent("images"))

    #expect(throws: PersistenceError.self) { try KadrCoding.video(from: old, images: store) }

    let video = try KadrCoding.video(from: old, images: store.adoptingAbsolutePaths())
    let migrated = try KadrCoding.data(for: video, images: store)
    let tokens = try KadrCoding.imageTokens(in: migrated)
    #expect(tokens.count == 1)
    #expect(tokens.allSatisfy { FileImageStore.isToken($0) && !$0.contains("/") })
    #expect(try store.storedTokens() == tokens)
    #expect(FileManager.default.fileExists(atPath: outside.path))
  }
}
