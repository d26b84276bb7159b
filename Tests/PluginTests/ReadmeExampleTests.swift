import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// The README calls the example plugin's module `CountdownPlugin`.
private typealias CountdownPlugin = ExamplePlugin

/// The README's code samples, compiled and run so they cannot rot.
@Suite("README examples")
struct ReadmeExampleTests {
  /// "Saving and opening".
  @Test func savingAndOpening() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))
        .trimmed(to: 1...6)
        .filter(.sepia(intensity: 0.4))
      Transition.dissolve(duration: 0.5)
      TitleSequence("Chapter One", duration: 3)
    }
    .preset(.reelsAndShorts)

    let data = try KadrCoding.data(for: video)  // canonical schema-1 JSON
    let reopened = try KadrCoding.video(from: data)  // Video.duration is recomputed
    print(reopened.layout.duration.seconds)  // 7.5: the length to show a person
    #expect(reopened.layout.duration == Time(seconds: 7.5))

    #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"schema":1,"video":{"#))
    #expect(reopened.duration == video.duration)
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  /// "Nothing is dropped silently": refused, asked without saving, or saved with the loss.
  @Test func nothingIsDroppedSilently() throws {
    let video = Video {
      VideoClip(url: URL(fileURLWithPath: "/media/a.mov")).compositor { frame, _ in frame }
    }
    let error = try #require(throws: PersistenceError.self) { try KadrCoding.data(for: video) }
    #expect(error.losses.map(\.kind) == [.compositor])
    #expect(KadrCoding.lossyContent(in: video).map(\.kind) == [.compositor])
    let document = try KadrCoding.encode(video, allowingLoss: true)
    #expect(document.lossReport.losses.map(\.kind) == [.compositor])
  }

  /// "Bad input is refused with a JSON pointer and a fix": the README's own message.
  @Test func badInputIsRefusedWithAPointerAndAFix() throws {
    let clips: [any Clip] = [
      TitleSequence("a", duration: 1), TitleSequence("b", duration: 1),
      TitleSequence("c", duration: 1), Countdown(from: 3),
    ]
    let data = try KadrCoder(registry: CountdownPlugin.registry()).data(for: Video(clips: clips))
    let error = try #require(throws: PersistenceError.self) { try KadrCoding.video(from: data) }
    #expect(
      "\(error.failureReason ?? "") \(error.recoverySuggestion ?? "")"
        == "Unknown clip kind 'com.example.countdown' at /video/clips/3. Register the codec of "
        + "the plugin that wrote it, or open with preservingUnknown to keep it unchanged.")
  }

  /// "Files are written atomically (`KadrCoding.write(_:to:)`)".
  @Test func writingAFileAndReadingItBack() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("project.kadr.json")
    let video = Video { TitleSequence("Chapter One", duration: 3) }
    try KadrCoding.write(video, to: url)
    #expect(PersistenceTestKit.differences(video, try KadrCoding.read(from: url)).isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["project.kadr.json"])
  }

  /// "Extending".
  @Test func extending() throws {
    let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
    let coder = KadrCoder(registry: registry)

    let video = Video { Countdown(from: 3) }
    let reopened = try coder.video(from: coder.data(for: video))
    #expect((reopened.clips.first as? Countdown)?.from == 3)
    #expect(registry.completenessReport().isComplete)
  }
}
