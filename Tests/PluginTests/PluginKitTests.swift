import Foundation
import KadrPersistence
import KadrPersistenceTesting
import KadrPluginExample
import Testing

/// The example plugin's own tests, written as a plugin author writes them with the testing kit:
/// one line per check.
@Suite("Example plugin, checked with the testing kit")
struct PluginKitTests {
  let registry: CodecRegistry

  init() throws {
    registry = try Plugin.registry()
  }

  @Test func everyPluginKindRoundTrips() throws {
    try PersistenceTestKit.assertRoundTrip(
      Countdown(from: 3, face: .ring).id("a"), registry: registry)
    try PersistenceTestKit.assertRoundTrip(ProgressBar(layerID: "bar"), registry: registry)
    try PersistenceTestKit.assertRoundTrip(Halftone(dotSize: 3, angle: 1), registry: registry)
    try PersistenceTestKit.assertRoundTrip(Typewriter(charactersPerSecond: 5), registry: registry)
  }

  @Test func aWholeCompositionMixingPluginAndBuiltInKindsRoundTrips() throws {
    let trip = try PersistenceTestKit.assertRoundTrip(Plugin.showcase(), registry: registry)
    #expect(trip.text.hasPrefix(#"{"payloadVersions":{"com.example.countdown":2},"schema":1,"#))
    let inner = (trip.decoded.clips[3] as? Track)?.clips[1] as? Track
    #expect((inner?.clips[0] as? Countdown)?.from == 2)
  }

  @Test func aTrackHoldingPluginAndBuiltInClipsRoundTrips() throws {
    let track = Track(name: "mixed") {
      Countdown(from: 4)
      TitleSequence("Hi", duration: 2)
      Track { Plugin.filteredClip() }
    }
    try PersistenceTestKit.assertRoundTrip(track, registry: registry)
  }

  @Test func thePluginIsComplete() throws {
    try PersistenceTestKit.assertComplete(registry, kinds: ExamplePlugin.kindIDs)
    try PersistenceTestKit.assertComplete(ExamplePlugin.self)
  }

  @Test func aCountdownWithCodeFailsTheRoundTripUnlessLossIsAllowed() throws {
    let ticking = Countdown(from: 3).onTick { _ in }
    let failure = try #require(throws: RoundTripFailure.self) {
      try PersistenceTestKit.assertRoundTrip(ticking, registry: registry)
    }
    #expect(failure.lossesForTest.map(\.kind) == [.codeOnlyField("onTick")])
    #expect(failure.description.contains("the field 'onTick', which only exists as code"))

    let trip = try PersistenceTestKit.assertRoundTrip(
      ticking, registry: registry, allowingLoss: true)
    #expect(trip.ignoredProperties == ["onTick"])
    #expect(trip.lossReport.losses.map(\.kind) == [.codeOnlyField("onTick")])
    #expect((trip.decoded as? Countdown)?.onTick == nil)
  }

  @Test func codeDeepInsideACompositionIsSkippedWhenLossIsAllowed() throws {
    let video = Video(clips: [Track { Track { Countdown(from: 1).onTick { _ in } } }])
    #expect(throws: RoundTripFailure.self) {
      try PersistenceTestKit.assertRoundTrip(video, registry: registry)
    }
    try PersistenceTestKit.assertRoundTrip(video, registry: registry, allowingLoss: true)
  }

  @Test func theCountdownsLossReporterNamesTheClip() throws {
    let video = Video(clips: [TitleSequence("a", duration: 1), Countdown(from: 2).onTick { _ in }])
    let losses = KadrCoder(registry: registry).lossyContent(in: video)
    #expect(
      losses.map(\.description) == [
        "clips[1] (countdown from 2): the field 'onTick', which only exists as code "
          + "(/video/clips/1/com.example.countdown/_0)"
      ])
  }
}

extension RoundTripFailure {
  /// The losses of the first `lossy` problem.
  fileprivate var lossesForTest: [Loss] {
    for problem in problems { if case .lossy(let losses) = problem { return losses } }
    return []
  }
}
