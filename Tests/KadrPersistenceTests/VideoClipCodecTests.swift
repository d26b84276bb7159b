import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

@testable import KadrPersistence

private typealias Support = VideoFilterTestSupport

@Suite("Video clip codec")
struct VideoClipCodecTests {
  /// The "hero" clip of fixtures/schema-1-broad.json, verbatim.
  static let heroFragment =
    #"{"video":{"_0":{"clipID":"hero","filterAnimations":[null,null],"filterIDs":["sepia-1","mono-1"],"#
    + #""filters":[{"kind":"sepia","scalar":0.4},{"kind":"mono","scalar":0}],"isMuted":false,"#
    + #""isReversed":false,"opacity":0.9,"opacityAnimation":{"keyframes":[{"time":{"timescale":30,"#
    + #""value":0},"value":0},{"time":{"timescale":30,"value":30},"value":0.9}],"timing":{"kind":"#
    + #""easeInOut"}},"speedRate":1,"transform":{"anchor":"topLeft","center":{"kind":"normalized","#
    + #""x":0.4,"y":0.6},"rotation":0.25,"scale":1.2},"trimRange":{"duration":{"timescale":30,"#
    + #""value":150},"start":{"timescale":30,"value":30}},"url":"file:\/\/\/fixtures\/a.mov","#
    + #""volumeLevel":0.6}}}"#

  /// The "nested" clip (inside the fixture's track), verbatim.
  static let nestedFragment =
    #"{"video":{"_0":{"clipID":"nested","filterAnimations":[],"filterIDs":[],"filters":[],"#
    + #""isMuted":false,"isReversed":false,"speedRate":1,"trimRange":{"duration":{"timescale":30,"#
    + #""value":60},"start":{"timescale":1,"value":0}},"url":"file:\/\/\/fixtures\/b.mov","#
    + #""volumeLevel":1}}}"#

  @Test(arguments: [heroFragment, nestedFragment])
  func fixtureClipsAreWrittenBackByteForByte(_ fragment: String) throws {
    let registry = try Support.registry()
    let clip = try registry.decodeClip(from: Support.json(fragment))
    #expect(clip is VideoClip)
    #expect(try Support.text(registry.encode(clip: clip).json) == fragment)
  }

  @Test func theHeroClipReadsAsTheFixtureDescribesIt() throws {
    let clip = try #require(
      try Support.registry().decodeClip(from: Support.json(Self.heroFragment)) as? VideoClip)
    #expect(clip.url.absoluteString == "file:///fixtures/a.mov")
    #expect(clip.filters == [.sepia(intensity: 0.4), .mono])
    #expect(clip.filterIDs == ["sepia-1", "mono-1"])
    #expect(clip.filterAnimations.allSatisfy { $0 == nil })
    #expect(clip.trimRange?.start == Time(value: 30, timescale: 30))
    #expect(clip.clipID == "hero")
    #expect(clip.volumeLevel == 0.6)
  }

  @Test func everySampleRoundTripsByReflection() throws {
    let registry = try Support.registry()
    let samples = VideoClipCodec().samples()
    for (index, sample) in ([samples.minimal] + samples.maximal).enumerated() {
      let encoded = try registry.encode(clip: sample)
      #expect(encoded.lossReport.isLossless)
      let bytes = try JSONWriter().writeData(try #require(encoded.json))
      let decoded = try registry.decodeClip(from: JSONReader().read(bytes))
      let differences = ReflectionDiff.differences(sample, decoded, ignoring: ["compositors"])
      #expect(differences.isEmpty, "sample \(index): \(differences)")
    }
  }

  @Test func theMaximalSampleSetsEveryOptionalAndEveryTimingKind() throws {
    let samples = VideoClipCodec().samples()
    let full = try #require(samples.maximal.first)
    #expect(ReflectionDiff.unsetProperties(of: full) == ["compositors"])
    let wire = try samples.maximal.map {
      try Support.text(Support.registry().encode(clip: $0).json)
    }
    for kind in ["linear", "easeIn", "easeOut", "easeInOut", "cubicBezier"] {
      #expect(wire.contains { $0.contains(#"{"kind":"\#(kind)""#) }, "no \(kind) timing")
    }
  }

  @Test func theLabelIsTheFileName() {
    let clip = VideoClip(url: URL(fileURLWithPath: "/media/holiday/a.mov"))
    #expect(VideoClipCodec().label(for: clip) == "video a.mov")
  }

  @Test func theVideoKindIsComplete() throws {
    let report = try Support.registry().completenessReport()
    let entries = report.entries.filter {
      $0.extensionPoint == .clip || $0.extensionPoint == .filter
    }
    #expect(entries.count == 14)
    #expect(entries.contains { $0.kindID == "video" })
    let incomplete = entries.filter { !$0.isComplete }.map(\.kindID.rawValue)
    #expect(incomplete.isEmpty, "\(report.rendered())")
  }
}
