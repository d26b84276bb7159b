import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

// "Registering": the module the articles call `CountdownPlugin`, which registers the example
// plugin's countdown codec (Examples/KadrPluginExample/Countdown).
public enum CountdownPlugin: RegistryModule {
  public static func register(in registry: inout CodecRegistry) throws {
    try registry.register(clip: CountdownCodec())
  }
}

/// "Adding a clip kind": the samples that are not part of the example plugin itself.
@Suite("Article: Adding a clip kind")
struct AddingAClipKindArticleTests {
  @Test func registering() throws {
    let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
    let coder = KadrCoder(registry: registry)

    let video = Video(clips: [Countdown(from: 3)])
    let reopened = try coder.video(from: try coder.data(for: video))
    #expect(PersistenceTestKit.differences(video, reopened).isEmpty)
  }

  @Test func theCompletenessReport() throws {
    let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
    let report = registry.completenessReport()
    if !report.isComplete { print(report.rendered()) }
    #expect(report.isComplete)
  }
}

@Test func countdownsRoundTrip() throws {
  let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
  try PersistenceTestKit.assertRoundTrip(Countdown(from: 3, face: .ring), registry: registry)
  try PersistenceTestKit.assertRoundTrip(
    Countdown(from: 3).onTick { _ in }, registry: registry,
    allowingLoss: true)
  try PersistenceTestKit.assertComplete(CountdownPlugin.self)
}

// "KadrPersistenceTesting" (the landing page).
@Test func countdownsArePersistedExactly() throws {
  let registry = try CodecRegistry.standard.merging(CountdownPlugin.fragment())
  try PersistenceTestKit.assertRoundTrip(Countdown(from: 3), registry: registry)
  try PersistenceTestKit.assertComplete(CountdownPlugin.self)
}
