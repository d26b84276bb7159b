import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// "Saving and opening", sample by sample.
@Suite("Article: Saving and opening")
struct SavingAndOpeningArticleTests {
  /// A document holding a countdown (a plugin kind) at /video/clips/3.
  static func documentWithAPluginClip() throws -> Data {
    let clips: [any Clip] = [
      TitleSequence("a", duration: 1), TitleSequence("b", duration: 1),
      TitleSequence("c", duration: 1), Countdown(from: 3),
    ]
    return try KadrCoder(registry: CodecRegistry.standard.merging(CountdownPlugin.fragment()))
      .data(for: Video(clips: clips))
  }

  @Test func theOneLineFacade() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
        .trimmed(to: 1...6)
        .filter(.sepia(intensity: 0.4))
      Transition.dissolve(duration: 0.5)
      TitleSequence("Chapter One", duration: 3)
    }
    .preset(.reelsAndShorts)

    let data = try KadrCoding.data(for: video)  // canonical schema-1 JSON
    let reopened = try KadrCoding.video(from: data)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  @Test func aCoderWithItsOwnRegistryAndOptions() throws {
    let video = Video(clips: [Countdown(from: 2)])
    let coder = KadrCoder(
      registry: try .standard.merging(CountdownPlugin.fragment()),
      options: CodingOptions(preservingUnknown: true))
    let data = try coder.data(for: video)
    let reopened = try coder.video(from: data)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  @Test func lossIsRefusedListedOrAllowed() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).compositor { frame, _ in frame }
    }
    do {
      _ = try KadrCoding.data(for: video)
    } catch let error as PersistenceError {
      for loss in error.losses { print(loss) }
    }

    let losses = KadrCoding.lossyContent(in: video)  // [compositor]
    let document = try KadrCoding.encode(video, allowingLoss: true)
    print(document.lossReport.rendered())
    let bytes = try document.data()
    #expect(losses.map(\.kind) == [.compositor])
    #expect(!bytes.isEmpty)
  }

  @Test func filesAreWrittenAtomically() throws {
    let projectFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: projectFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: projectFolder) }
    let video = Video { TitleSequence("Chapter One", duration: 3) }

    let url = projectFolder.appendingPathComponent("project.kadr.json")
    try KadrCoding.write(video, to: url)
    let reopened = try KadrCoding.read(from: url)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  @Test func openingWithoutTheImages() throws {
    let store = InMemoryImageStore()
    let video = Video { ImageClip(PlatformImage.solidColor(.white), duration: 1) }
    let data = try KadrCoding.data(for: video, images: store)

    let coder = KadrCoder()
    let opened = try coder.open(data, images: UnresolvedImageStore())  // images not at hand
    print(opened.unresolvedTokens)  // ["file:…", …]
    let resaved = try coder.data(for: opened.root, images: opened.imageStore)  // same tokens
    #expect(resaved == data)
  }

  @Test func unknownKindsKeptVerbatim() throws {
    let data = try Self.documentWithAPluginClip()

    let coder = KadrCoder(options: CodingOptions(preservingUnknown: true))
    let opened = try coder.open(data)
    for item in opened.preserved { print(item) }
    let resaved = try coder.data(for: opened.root)
    #expect(resaved == data)
  }

  @Test func errorsCarryAPointerAndAFix() throws {
    let data = try Self.documentWithAPluginClip()

    do {
      _ = try KadrCoding.video(from: data)
    } catch let error as PersistenceError {
      print(error.errorDescription ?? "")
      print(error.recoverySuggestion ?? "")
      print(error.pointer?.description ?? "")  // /video/clips/3
    }
    let error = try #require(throws: PersistenceError.self) { try KadrCoding.video(from: data) }
    #expect(error.pointer?.description == "/video/clips/3")
  }

  /// "Plugins": an app's startup. Compiled and never called: the default registry is set once
  /// per process, and the test process is shared with tests that expect the standard one.
  static func appStartup() throws {
    try CodecRegistry.bootstrap(CodecRegistry.standard.merging(CountdownPlugin.fragment()))
  }
}
