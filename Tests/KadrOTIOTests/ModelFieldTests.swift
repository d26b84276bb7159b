import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

/// Every stored property of a clip survives export and import, found by reflection rather than
/// listed: a property added to the model later is caught here until it is set in the sample and
/// carried through, by the codec (the metadata) or by the mapping (OpenTimelineIO's fields).
@Suite("OpenTimelineIO round trip of every model field")
struct ModelFieldTests {
  typealias C = Compositions

  /// The stored properties a file cannot hold, which the samples leave at their defaults.
  static let code: Set<String> = ["compositors"]

  /// A video clip with every stored property but code away from `VideoClip(url:)`'s default.
  static let everyVideoField = VideoClip(
    url: C.media("every.mov"),
    trimRange: C.range(12, 90, 30), isReversed: true, isMuted: true, volumeLevel: 0.35,
    replacementAudioURL: C.media("dub.m4a"), speedRate: 2,
    speedCurve: .keyframes(
      [.at(C.time(0, 600), value: 0.5), .at(C.time(600, 600), value: 1.5)], timing: .easeIn),
    filters: [.sepia(intensity: 0.4), .mono, .lut(url: C.media("film.cube"))],
    filterIDs: ["sepia-1", "mono-1", "lut-1"],
    filterAnimations: [C.fade, nil, nil],
    clipID: "every", startTime: C.time(45, 30),
    transform: Transform(
      center: .normalized(x: 0.4, y: 0.6), rotation: 0.1, scale: 0.8, anchor: .topLeft),
    transformAnimation: C.move, opacity: 0.7, opacityAnimation: C.fade,
    speedRatio: SpeedRatio(numerator: 2, denominator: 1), name: "Every field", role: "video.B-roll",
    markers: [Marker("Look", at: C.time(3, 30), kind: .toDo(completed: false))])

  /// The properties of `value` that still have the value `defaults` gives them, by reflection.
  static func propertiesAtDefault(_ value: Any, defaults: Any) -> Set<String> {
    let changed = Set(
      ReflectionDiff.differences(defaults, value, limit: .max).compactMap { line in
        line.dropFirst().split(whereSeparator: { "[.:".contains($0) }).first.map(String.init)
      })
    return ReflectionDiff.storedPropertyNames(of: value).subtracting(changed)
  }

  @Test func theVideoSampleSetsEveryStoredPropertyButCode() {
    let atDefault = Self.propertiesAtDefault(
      Self.everyVideoField, defaults: VideoClip(url: C.media("default.mov")))
    #expect(
      atDefault == Self.code,
      "set these in the sample (and carry them through OTIO): \(atDefault.subtracting(Self.code))")
  }

  @Test(arguments: [false, true])
  func everyVideoFieldSurvivesExportAndImport(timed: Bool) throws {
    // Placed on the main chain, a clip has no start time (OpenTimelineIO's position is its
    // place); placed with `at(time:)`, it keeps the exact start time.
    let clip = timed ? Self.everyVideoField : Self.everyVideoField.unplaced
    try OTIORoundTrip.check(Video { clip })
  }

  @Test func anEditedFileChangesOnlyWhatOpenTimelineIOOwns() throws {
    let video = Video { Self.everyVideoField.unplaced }
    let json = try OTIORoundTrip.export(video)
    let edited = OTIOJSON.setting(
      "file:///elsewhere/moved.mov",
      at: "/tracks/children/0/children/0/media_references/DEFAULT_MEDIA/target_url", in: json)
    let imported = try OTIOImporter().importTimeline(from: try OTIOJSON.data(edited))
    let differences = ReflectionDiff.differences(video, imported.video)
    #expect(differences.count == 1 && differences.first?.hasPrefix(".clips[0].url") == true)
  }
}

extension VideoClip {
  /// The clip on the main chain: the same with no start time.
  fileprivate var unplaced: VideoClip {
    var clip = self
    clip.startTime = nil
    return clip
  }
}
