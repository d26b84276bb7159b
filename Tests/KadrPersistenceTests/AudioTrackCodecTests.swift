import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

@Suite("Audio track codec")
struct AudioTrackCodecTests {
  /// The audio track of `schema-1-broad.json`, copied byte for byte.
  static let fixtureTrack =
    #"{"duckingLevel":0.2,"fadeInDuration":{"timescale":30,"value":30},"fadeOutDuration":{"timescale":30,"value":60},"pitchAlgorithm":"timeDomain","speedRate":1.25,"url":"file:\/\/\/fixtures\/music.m4a","volumeLevel":0.5,"volumeRamps":[{"endVolume":0.8,"range":{"duration":{"timescale":30,"value":60},"start":{"timescale":30,"value":30}},"startVolume":0.2}]}"#

  let registry: CodecRegistry

  init() throws {
    registry = try CompositionTestKit.registry()
  }

  @Test func fixtureTrackIsWrittenBackByteIdentical() throws {
    let bytes = try CompositionTestKit.reencoded(
      AudioTrack.self, from: Self.fixtureTrack, registry: registry)
    #expect(bytes == Self.fixtureTrack)
  }

  @Test func fixtureTrackDecodesToItsValues() throws {
    let track = try registry.decodeModel(
      AudioTrack.self, from: CompositionTestKit.json(Self.fixtureTrack))
    let expected = AudioTrack(
      url: try #require(URL(string: "file:///fixtures/music.m4a")), volumeLevel: 0.5,
      fadeInDuration: Time(value: 30, timescale: 30),
      fadeOutDuration: Time(value: 60, timescale: 30), duckingLevel: 0.2,
      volumeRamps: [
        AudioTrack.VolumeRamp(
          startVolume: 0.2, endVolume: 0.8,
          range: TimeRange(
            start: Time(value: 30, timescale: 30), duration: Time(value: 60, timescale: 30)))
      ],
      speedRate: 1.25, pitchAlgorithm: .timeDomain)
    #expect(ReflectionDiff.differences(expected, track).isEmpty)
    #expect(track == expected)
  }

  @Test(arguments: [AudioTrackCodec().samples().minimal] + AudioTrackCodec().samples().maximal)
  func samplesRoundTripByReflection(track: AudioTrack) throws {
    let decoded = try CompositionTestKit.roundTrip(track, registry: registry)
    #expect(ReflectionDiff.differences(track, decoded) == [])
    #expect(decoded == track)
  }

  @Test func absentOptionalsAreOmittedNotNull() throws {
    let track = AudioTrack(url: URL(fileURLWithPath: "/media/a.m4a"))
    let text = try CompositionTestKit.text(registry.encode(model: track).json)
    #expect(
      text
        == #"{"fadeInDuration":{"timescale":1,"value":0},"fadeOutDuration":{"timescale":1,"value":0},"pitchAlgorithm":"spectral","speedRate":1,"url":"file:\/\/\/media\/a.m4a","volumeLevel":1,"volumeRamps":[]}"#
    )
  }

  @Test func everyPitchAlgorithmIsWrittenAsItsName() throws {
    for algorithm in AudioTimePitchAlgorithm.allCases {
      let track = AudioTrack(url: URL(fileURLWithPath: "/a.m4a"), pitchAlgorithm: algorithm)
      guard case .object(let object)? = try registry.encode(model: track).json else {
        Issue.record("not an object")
        continue
      }
      #expect(object["pitchAlgorithm"] == .string(algorithm.rawValue))
    }
  }

  @Test func nonFiniteVolumeIsRefusedNamingTheField() throws {
    let track = AudioTrack(url: URL(fileURLWithPath: "/a.m4a"), volumeLevel: .nan)
    let error = #expect(throws: PersistenceError.self) { try registry.encode(model: track) }
    #expect(error.map { $0.caseName } == "nonFiniteNumber")
    #expect(error?.pointer?.description == "/volumeLevel")
  }

  @Test func codecIsComplete() throws {
    CompositionTestKit.expectComplete(["audioTrack"], in: registry)
  }

  static let refusals: [CompositionRefusal] = [
    CompositionRefusal(
      fixtureTrack.replacingOccurrences(of: "timeDomain", with: "robot"), "unknownEnumValue",
      at: "/pitchAlgorithm", "an unknown pitch algorithm is refused, never defaulted"),
    CompositionRefusal(
      fixtureTrack.replacingOccurrences(of: #""url""#, with: #""link""#), "unknownField",
      at: "/link", "an unknown key is refused"),
    CompositionRefusal(
      #"{"fadeInDuration":{"timescale":1,"value":0},"fadeOutDuration":{"timescale":1,"value":0},"pitchAlgorithm":"spectral","speedRate":1,"volumeLevel":1,"volumeRamps":[]}"#,
      "missingField", at: "", "the url is required"),
    CompositionRefusal(
      fixtureTrack.replacingOccurrences(of: #"file:\/\/\/fixtures\/music.m4a"#, with: "music"),
      "invalidURL", at: "/url", "a URL without a scheme is refused"),
    CompositionRefusal(
      fixtureTrack.replacingOccurrences(of: #""duckingLevel":0.2"#, with: #""duckingLevel":null"#),
      "wrongType", at: "/duckingLevel", "an absent optional is omitted, never null"),
    CompositionRefusal(
      fixtureTrack.replacingOccurrences(of: #""endVolume":0.8,"#, with: ""), "missingField",
      at: "/volumeRamps/0", "a volume ramp needs its end volume"),
    CompositionRefusal(
      fixtureTrack.replacingOccurrences(of: #""speedRate":1.25"#, with: #""speedRate":"fast""#),
      "wrongType", at: "/speedRate", "the speed is a number"),
  ]

  @Test(arguments: refusals)
  func malformedTrackIsRefusedWithPointer(refusal: CompositionRefusal) throws {
    try refusal.check(AudioTrack.self, registry: registry)
  }

  @Test func unknownPitchAlgorithmErrorListsTheAllowedNames() throws {
    let text = Self.fixtureTrack.replacingOccurrences(of: "timeDomain", with: "robot")
    let error = try #require(
      try CompositionTestKit.decodingError(AudioTrack.self, from: text, registry: registry))
    guard case .unknownEnumValue(let value, _, let allowed) = error.reason else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(value == "robot")
    #expect(allowed == ["spectral", "timeDomain", "varispeed"])
    #expect(error.kindID == "audioTrack")
  }
}
