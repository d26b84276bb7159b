import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import Testing

@Suite("FCPXML export losses")
struct ExportLossTests {
  typealias C = Compositions

  @Test func refusesLossyContentByDefault() throws {
    do {
      _ = try FCPXMLExporter().export(C.lossy)
      Issue.record("exported a lossy composition without allowingLoss")
    } catch let error as PersistenceError {
      guard case .lossyContent(let losses) = error else {
        Issue.record("unexpected reason \(error)")
        return
      }
      let phrases = losses.map(\.description)
      #expect(phrases.contains { $0.contains("a filter (mono)") })
      #expect(phrases.contains { $0.contains("replacement audio") })
      #expect(phrases.contains { $0.contains("an overlay") })
    }
  }

  @Test func writesLossyContentWhenAllowedAndReportsIt() throws {
    let file = try FCPXMLExporter(allowingLoss: true).export(C.lossy)
    #expect(file.lossReport.losses.count == 3)
    #expect(String(decoding: file.data, as: UTF8.self).contains("name=\"a.mov\""))
  }

  @Test func losesAStillWithoutAnImageStore() throws {
    let video = Video { ImageClip.color(.white, duration: Time(value: 2, timescale: 1)) }
    let losses = FCPXMLExporter().losses(in: video)
    #expect(losses.map(\.kind) == [.image])
  }

  @Test func exportsACompositionWithoutLossesWithAnEmptyReport() throws {
    for video in [
      C.cut, C.dissolve, C.broad, C.lateClip, C.storylineDissolve, C.nestedTracks, C.fadeAndSlide,
    ] {
      #expect(FCPXMLExporter().losses(in: video).isEmpty)
    }
  }
}

/// Each thing FCPXML cannot hold of a clip's look, volume or speed is still a reported loss,
/// refused by default, with a message that says what and why.
@Suite("FCPXML export losses of looks, volume and speed")
struct LookLossTests {
  typealias C = Compositions

  static func one(_ clip: VideoClip) -> Video { Video(clips: [clip]) }

  static func audio(_ track: AudioTrack) -> Video {
    Video(clips: [C.clip("a.mov", from: 0, length: 6)], audioTracks: [track])
  }

  static let music = AudioTrack(url: C.media("m.wav"))
  static let base = C.clip("a.mov", from: 0, length: 4)
  static func ramp(_ start: Double, _ end: Double, _ from: Int64, _ to: Int64)
    -> AudioTrack.VolumeRamp
  {
    AudioTrack.VolumeRamp(
      startVolume: start, endVolume: end,
      range: TimeRange(start: C.seconds(from), end: C.seconds(to)))
  }

  static let cases: [(String, Video, String)] = [
    ("a filter", one(base.filter(.mono)), "a filter (mono), which FCPXML cannot name"),
    ("replacement audio", one(base.withAudio(C.media("v.wav"))), "replacement audio"),
    ("a compositor", one(base.compositor { frame, _ in frame }), "a compositor (code)"),
    ("ducking", audio(music.ducking(0.3)), "ducking"),
    ("a crossfade", audio(music.crossfade(C.seconds(1))), "a crossfade"),
    (
      "an audio speed without a duration", audio(music.speed(2)),
      "a speed other than 1 with no explicit duration"
    ),
    (
      "the time-domain pitch algorithm",
      audio(music.duration(C.seconds(2)).speed(2, algorithm: .timeDomain)),
      "the time-domain pitch algorithm"
    ),
    (
      "an easing",
      one(base.opacity(1, animation: .keyframes([.at(C.time(0), value: 0)], timing: .easeIn))),
      "the easeIn easing of an opacity animation"
    ),
    (
      "a custom easing",
      one(
        base.opacityAnimation(
          .keyframes([.at(C.time(0), value: 0)], timing: .custom { $0 * $0 }))),
      "a custom opacity easing (code)"
    ),
    (
      "a position in pixels",
      one(base.transform(Transform(center: .pixels(x: 540, y: 960)))), "a position in pixels"
    ),
    (
      "a changing anchor",
      one(
        base.transformAnimation(
          .keyframes([
            .at(C.time(0), value: Transform(anchor: .topLeft)),
            .at(C.time(1), value: Transform(anchor: .center)),
          ]))), "a transform anchor that changes between keyframes"
    ),
    ("an empty animation", one(base.transformAnimation(.keyframes([]))), "with no keyframes"),
    (
      "a ramp that jumps",
      audio(AudioTrack(url: C.media("m.wav"), volumeRamps: [ramp(0.2, 0.5, 1, 2)])),
      "starts at another level than the one before it"
    ),
    (
      "overlapping ramps",
      audio(
        AudioTrack(url: C.media("m.wav"), volumeRamps: [ramp(1, 0.5, 0, 2), ramp(0.5, 1, 1, 3)])),
      "volume ramps that overlap"
    ),
    (
      "a ramp that holds",
      audio(AudioTrack(url: C.media("m.wav"), volumeRamps: [ramp(1, 1, 0, 2)])),
      "a volume ramp that holds one level"
    ),
    (
      "a reversed curve",
      one(base.reversed().speed(.curved(.keyframes([.at(C.time(0), value: 2)])))),
      "reversed playback with a speed curve"
    ),
    ("a volume under the floor", one(base.volume(1e-6)), "which FCPXML's decibels cannot hold"),
    (
      "an opacity that is not a number", one(base.opacity(.nan)),
      "a transform or opacity that is not a finite number"
    ),
    (
      "a track opacity",
      Video(clips: [Track(clips: [base]).opacity(0.5)]), "a track opacity"
    ),
  ]

  @Test(arguments: cases.map(\.0))
  func isALossThatIsRefusedByDefault(name: String) throws {
    let (_, video, phrase) = try #require(Self.cases.first { $0.0 == name })
    let losses = FCPXMLExporter().losses(in: video).map(\.description)
    #expect(losses.contains { $0.contains(phrase) }, "\(losses)")
    #expect(throws: PersistenceError.self) { try FCPXMLExporter().export(video) }
    // Written when allowed, and still valid.
    let data = try FCPXMLExporter(allowingLoss: true).export(video).data
    if Tools.dtdRuns {
      #expect(Tools.dtdProblems(data) == nil, "\(Tools.dtdProblems(data) ?? "")")
    }
  }

  @Test func theCustomEasingIsReportedAsCode() {
    let video = Self.one(
      Self.base.opacityAnimation(.keyframes([.at(C.time(0), value: 0)], timing: .custom { $0 })))
    #expect(FCPXMLExporter().losses(in: video).map(\.kind).contains(.customTimingFunction))
  }
}
