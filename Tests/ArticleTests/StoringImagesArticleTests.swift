import Foundation
import KadrPersistence
import LoopbackHTTP
import Testing

/// "Storing images", sample by sample.
@Suite("Article: Storing images")
struct StoringImagesArticleTests {
  static let image = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0))

  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aFileStoreBesideTheDocument() throws {
    let projectFolder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: projectFolder) }
    let video = Video { ImageClip(Self.image, duration: 2) }

    let store = try FileImageStore(directory: projectFolder.appendingPathComponent("images"))
    let data = try KadrCoding.data(for: video, images: store)
    let reopened = try KadrCoding.video(from: data, images: store)
    #expect(String(reflecting: reopened) == String(reflecting: video))

    let projectURL = projectFolder.appendingPathComponent("project.kadr.json")
    try data.write(to: projectURL)
    try Self.image.data.write(
      to: projectFolder.appendingPathComponent("images/\(String(repeating: "ab", count: 32)).png"))
    let saved = try Data(contentsOf: projectURL)
    let coder = KadrCoder()
    let referenced = try coder.imageTokens(in: saved)
    let removed = try store.prune(keeping: Set(referenced))
    #expect(referenced.count == 1)
    #expect(removed == 1, "the orphan, and only it")
  }

  @Test func imagesOverHTTPS() async throws {
    let data = try KadrCoding.data(for: Video { TitleSequence("no images", duration: 1) })

    let urls = URLImageStore(
      configuration: URLImageStore.Configuration(
        maximumConcurrentRequests: 4, requestTimeout: 10, maximumImageBytes: 10 << 20))
    let video = try await KadrCoding.video(from: data, images: urls)
    #expect(video.clips.count == 1)
  }

  @Test func routingByScheme() async throws {
    let projectFolder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: projectFolder) }
    let image = Self.image
    let photosByToken = ["photo:ABC-123": image]
    let photos = PrefetchedImageStore(["photo:ABC-123": image])
    let data = try KadrCoding.data(
      for: Video { ImageClip(image, duration: 1) }, images: photos)

    var images = RoutingImageStore()
    try images.register(
      try FileImageStore(directory: projectFolder.appendingPathComponent("images")),
      forScheme: "file", asWriter: true)
    try images.register(URLImageStore(), forSchemes: ["https"])
    try images.register(PrefetchedImageStore(photosByToken), forScheme: "photo")

    let video = try await KadrCoding.video(from: data, images: images)  // fetches the https: images
    let resaved = try KadrCoding.data(for: video, images: images)
    #expect(resaved == data)

    let tokens = try KadrCoding.imageTokens(in: data)
    #expect(tokens == ["photo:ABC-123"])
  }

  @Test func carryingTokensThrough() throws {
    let data = try KadrCoding.data(
      for: Video { ImageClip(Self.image, duration: 1) }, images: InMemoryImageStore())

    let coder = KadrCoder()
    let opened = try coder.open(data, images: UnresolvedImageStore())
    print(opened.unresolvedTokens)
    let resaved = try coder.data(for: opened.root, images: opened.imageStore)
    #expect(resaved == data)
  }
}
