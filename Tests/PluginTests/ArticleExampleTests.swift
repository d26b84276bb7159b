import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// The articles call the example plugin's module `CountdownPlugin`.
private typealias CountdownPlugin = ExamplePlugin

/// The code samples of the DocC articles (`Sources/*/*.docc`), compiled and run so they cannot
/// rot. Each test names the article and section it mirrors; keep the two in step.
@Suite("DocC article examples")
struct ArticleExampleTests {
  /// A composition with one image clip, the smallest that needs an image store.
  static func slideshow() -> Video {
    Video { ImageClip(PlatformImage.solidColor(.white, width: 4), duration: 2) }
  }

  /// A document written by an app with the plugin: three titles, then a countdown.
  static func documentWithACountdown() throws -> Data {
    let clips: [any Clip] = [
      TitleSequence("a", duration: 1), TitleSequence("b", duration: 1),
      TitleSequence("c", duration: 1), Countdown(from: 3),
    ]
    return try KadrCoder(registry: CountdownPlugin.registry()).data(for: Video(clips: clips))
  }

  /// "Saving and opening", "Choose the registry": compiled, never run, since the first
  /// bootstrap of a process wins and other tests rely on the standard registry.
  static func bootstrapAtStartup() throws {
    try CodecRegistry.bootstrap(CodecRegistry.standard.merging(CountdownPlugin.fragment()))
  }

  /// "Saving and opening", "Choose the registry".
  @Test func aCoderWithAnExplicitRegistry() throws {
    let video = Video { Countdown(from: 3) }
    let coder = KadrCoder(
      registry: try .standard.merging(CountdownPlugin.fragment()),
      options: CodingOptions(preservingUnknown: true))
    let data = try coder.data(for: video)
    let reopened = try coder.video(from: data)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  /// "Saving and opening", "Nothing is dropped silently".
  @Test func lossIsRefusedAskedOrReported() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).compositor { frame, _ in frame }
    }
    var printed: [String] = []
    do {
      _ = try KadrCoding.data(for: video)
    } catch let error as PersistenceError {
      for loss in error.losses { printed.append("\(loss)") }
    }
    #expect(
      printed == [
        "clips[0] (video a.mov): a compositor (code) (/video/clips/0/video/_0/compositors)"
      ])

    let losses = KadrCoding.lossyContent(in: video)
    let document = try KadrCoding.encode(video, allowingLoss: true)
    let bytes = try document.data()
    #expect(losses.map(\.kind) == [.compositor])
    #expect(document.lossReport.rendered().contains("a compositor (code)"))
    #expect(!String(decoding: bytes, as: UTF8.self).contains("compositor"))
  }

  /// "Saving and opening", "Files are written atomically".
  @Test func writingAndReadingAFile() throws {
    let projectFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: projectFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: projectFolder) }
    let video = Video { TitleSequence("Chapter One", duration: 3) }

    let url = projectFolder.appendingPathComponent("project.kadr.json")
    try KadrCoding.write(video, to: url)
    let reopened = try KadrCoding.read(from: url)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  /// "Saving and opening", "Images and opening without them"; "Storing images", "Opening
  /// without the images".
  @Test func openingWithoutTheImagesKeepsTheirTokens() throws {
    let data = try KadrCoding.data(for: Self.slideshow(), images: InMemoryImageStore())

    let coder = KadrCoder()
    let opened = try coder.open(data, images: UnresolvedImageStore())  // images not at hand
    let resaved = try coder.data(for: opened.root, images: opened.imageStore)  // same tokens
    #expect(opened.unresolvedTokens == ["memory:1"])
    #expect(resaved == data)
  }

  /// "Saving and opening", "Content from plugins you do not have", and "Errors say where and
  /// how to fix".
  @Test func unknownContentIsRefusedOrPreserved() throws {
    let data = try Self.documentWithACountdown()
    do {
      _ = try KadrCoding.video(from: data)
    } catch let error as PersistenceError {
      print(error.localizedDescription)
      // This project holds content made with an add-on this version of the app does not have.
      print(error.failureReason ?? "")
      // Unknown clip kind 'com.example.countdown' at /video/clips/3.
      print(error.recoverySuggestion ?? "")
      // Register the codec of the plugin that wrote it, or open with preservingUnknown to keep it
      // unchanged.
      print(error.pointer?.description ?? "")  // /video/clips/3
    }
    let error = try #require(throws: PersistenceError.self) { try KadrCoding.video(from: data) }
    #expect(
      [
        error.localizedDescription, error.failureReason ?? "", error.recoverySuggestion ?? "",
        error.pointer?.description ?? "",
      ] == [
        "This project holds content made with an add-on this version of the app does not have.",
        "Unknown clip kind 'com.example.countdown' at /video/clips/3.",
        "Register the codec of the plugin that wrote it, or open with preservingUnknown to keep "
          + "it unchanged.",
        "/video/clips/3",
      ])

    let coder = KadrCoder(options: CodingOptions(preservingUnknown: true))
    let opened = try coder.open(data)
    let resaved = try coder.data(for: opened.root)
    #expect(
      opened.preserved.map(\.description) == [
        "clip 'com.example.countdown' version 2 at /video/clips/3 (kept as read, not understood)"
      ])
    #expect(resaved == data)
  }

  /// "Adding a clip kind", "Registering" (the module as the article declares it).
  private enum ArticleCountdownPlugin: RegistryModule {
    static func register(in registry: inout CodecRegistry) throws {
      try registry.register(clip: CountdownCodec())
    }
  }

  /// "Adding a clip kind": registering, completeness and the testing kit.
  @Test func aPluginIsRegisteredCheckedAndTested() throws {
    let registry = try CodecRegistry.standard.merging(ArticleCountdownPlugin.fragment())
    let coder = KadrCoder(registry: registry)
    let reopened = try coder.video(from: coder.data(for: Video { Countdown(from: 3) }))
    #expect((reopened.clips.first as? Countdown)?.from == 3)

    let report = registry.completenessReport()
    if !report.isComplete { print(report.rendered()) }
    #expect(report.isComplete)

    try PersistenceTestKit.assertRoundTrip(Countdown(from: 3, face: .ring), registry: registry)
    try PersistenceTestKit.assertRoundTrip(
      Countdown(from: 3).onTick { _ in }, registry: registry, allowingLoss: true)
    try PersistenceTestKit.assertComplete(ArticleCountdownPlugin.self)
    try PersistenceTestKit.assertComplete(CountdownPlugin.self)
  }

  /// "Storing images": a file store, pruning, and listing tokens.
  @Test func aFileStoreSavesPrunesAndListsTokens() throws {
    let projectFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-article-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: projectFolder) }
    let video = Self.slideshow()

    let store = try FileImageStore(directory: projectFolder.appendingPathComponent("images"))
    let data = try KadrCoding.data(for: video, images: store)
    let reopened = try KadrCoding.video(from: data, images: store)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)

    _ = try KadrCoding.data(
      for: Video { ImageClip(PlatformImage.solidColor(.black, width: 2)) }, images: store)
    let projectURL = projectFolder.appendingPathComponent("project.kadr.json")
    try data.write(to: projectURL)
    let saved = try Data(contentsOf: projectURL)
    let coder = KadrCoder()
    let referenced = try coder.imageTokens(in: saved)
    let removed = try store.prunedTokens(keeping: Set(referenced))
    #expect(removed.count == 1)
    #expect(try store.storedTokens() == referenced)
  }

  /// "Storing images": URL, prefetched and routing stores (no network: the document opened
  /// asynchronously has no `https:` tokens).
  @Test func routingStoresOpenAndSaveBack() async throws {
    let projectFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-article-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: projectFolder) }
    let image = PlatformImage.solidColor(.white, width: 3)
    let photosByToken = ["photo:ABC-123": image]
    let data = try KadrCoding.data(
      for: Video { ImageClip(image, duration: 1) }, images: PrefetchedImageStore(photosByToken))

    let urls = URLImageStore(
      configuration: URLImageStore.Configuration(
        maximumConcurrentRequests: 4, requestTimeout: 10, maximumImageBytes: 10 << 20))
    _ = try await KadrCoding.video(from: KadrCoding.data(for: Video(clips: [])), images: urls)

    let photos = PrefetchedImageStore(["photo:ABC-123": image])
    #expect(photos.tokens == ["photo:ABC-123"])

    var images = RoutingImageStore()
    try images.register(
      try FileImageStore(directory: projectFolder.appendingPathComponent("images")),
      forScheme: "file", asWriter: true)
    try images.register(URLImageStore(), forSchemes: ["https"])
    try images.register(PrefetchedImageStore(photosByToken), forScheme: "photo")

    let video = try await KadrCoding.video(from: data, images: images)  // fetches the https: images
    let resaved = try KadrCoding.data(for: video, images: images)
    #expect(resaved == data)

    let coder = KadrCoder()
    let tokens = coder.registry.imageTokens(in: try coder.documentCoder.readJSON(data))
    #expect(tokens == ["photo:ABC-123"])
  }

  /// The root pages of `KadrModel`, `KadrPersistenceCore` and `KadrPersistenceTesting`.
  @Test func rootPageExamples() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
        .trimmed(to: 1...6)
        .filter(.sepia(intensity: 0.4))
      Transition.dissolve(duration: 0.5)
      TitleSequence("Chapter One", duration: 3)
    }
    .preset(.reelsAndShorts)
    .overlay(TextOverlay("Hello").position(.center))
    #expect(video.overlays.count == 1)

    var registry = CodecRegistry.empty
    try registry.register(clip: CountdownCodec())  // a plugin's ClipCodec
    let coder = DocumentCoder(registry: registry)
    #expect(coder.registry.kindIDs(at: .clip) == [CountdownCodec.kindID])

    let standard = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
    try PersistenceTestKit.assertRoundTrip(Countdown(from: 3), registry: standard)
    try PersistenceTestKit.assertComplete(CountdownPlugin.self)
  }
}
