import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

private typealias Support = VideoFilterTestSupport

/// One video clip payload a decoder refuses, and why.
struct VideoRefusalCase: Sendable, CustomTestStringConvertible {
  /// Members added to (or replacing those of) a valid minimal payload; `nil` removes a key.
  let change: [String: String?]
  let reason: String
  let pointer: String
  let why: String
  var testDescription: String { why }

  /// The payload's text: the minimal clip's members with the change applied, keys sorted.
  var json: String {
    var members: [String: String] = [
      "filterAnimations": "[]", "filterIDs": "[]", "filters": "[]", "isMuted": "false",
      "isReversed": "false", "speedRate": "1", "url": #""file:///a.mov""#, "volumeLevel": "1",
    ]
    for (key, value) in change { members[key] = value }
    let body = members.keys.sorted().compactMap { key in
      members[key].map { "\"\(key)\":\($0)" }
    }
    return #"{"video":{"_0":{"# + body.joined(separator: ",") + "}}}"
  }
}

@Suite("Video clip codec: refusals")
struct VideoClipCodecRefusalTests {
  static let payload = "/0/video/_0"
  static let sepia = #"{"kind":"sepia","scalar":1}"#

  static let refusals: [VideoRefusalCase] = [
    VideoRefusalCase(
      change: ["filters": "[\(sepia)]", "filterAnimations": "[null]"],
      reason: "mismatchedParallelArrays", pointer: payload, why: "an id missing"),
    VideoRefusalCase(
      change: ["filterIDs": #"["a"]"#, "filterAnimations": "[null]"],
      reason: "mismatchedParallelArrays", pointer: payload, why: "a filter missing"),
    VideoRefusalCase(
      change: ["filters": "[\(sepia)]", "filterIDs": #"["a"]"#, "filterAnimations": "[null,null]"],
      reason: "mismatchedParallelArrays", pointer: payload, why: "an extra animation"),
    VideoRefusalCase(
      change: ["url": #""a.mov""#], reason: "invalidURL", pointer: payload + "/url",
      why: "a relative URL"),
    VideoRefusalCase(
      change: ["url": #""not a url""#], reason: "invalidURL", pointer: payload + "/url",
      why: "text that is no URL"),
    VideoRefusalCase(
      change: ["replacementAudioURL": #""""#], reason: "invalidURL",
      pointer: payload + "/replacementAudioURL", why: "an empty replacement audio URL"),
    VideoRefusalCase(
      change: ["url": nil], reason: "missingField", pointer: payload, why: "no url"),
    VideoRefusalCase(
      change: ["filterIDs": nil], reason: "missingField", pointer: payload, why: "no filterIDs"),
    VideoRefusalCase(
      change: ["isMuted": #""no""#], reason: "wrongType", pointer: payload + "/isMuted",
      why: "a Boolean written as a string"),
    VideoRefusalCase(
      change: ["volumeLevel": "null"], reason: "wrongType", pointer: payload + "/volumeLevel",
      why: "a null volume"),
    VideoRefusalCase(
      change: ["trimRange": "null"], reason: "wrongType", pointer: payload + "/trimRange",
      why: "an absent optional written as null"),
    VideoRefusalCase(
      change: ["filterAnimations": #"["x"]"#, "filterIDs": #"["a"]"#, "filters": "[\(sepia)]"],
      reason: "wrongType", pointer: payload + "/filterAnimations/0",
      why: "an animation slot that is neither an animation nor null"),
    VideoRefusalCase(
      change: ["filterIDs": "[1]", "filterAnimations": "[null]", "filters": "[\(sepia)]"],
      reason: "wrongType", pointer: payload + "/filterIDs/0", why: "a numeric filter id"),
    VideoRefusalCase(
      change: [
        "filters": #"[{"kind":"com.example.nope"}]"#, "filterIDs": #"["a"]"#,
        "filterAnimations": "[null]",
      ],
      reason: "unknownKind", pointer: payload + "/filters/0/kind", why: "an unknown filter kind"),
    VideoRefusalCase(
      change: ["compositors": "[]"], reason: "unknownField", pointer: payload + "/compositors",
      why: "compositors are never written, so never read"),
    VideoRefusalCase(
      change: ["speedCurve": #"{"keyframes":[],"timing":{"kind":"bouncy"}}"#],
      reason: "unknownEnumValue", pointer: payload + "/speedCurve/timing/kind",
      why: "an unknown timing kind"),
  ]

  @Test(arguments: refusals)
  func refusesMalformedPayloads(_ entry: VideoRefusalCase) throws {
    let registry = try Support.registry()
    let json = try Support.json(entry.json)
    let refusal = Support.refusal { _ = try registry.decodeClip(from: json) }
    #expect(refusal.reason == entry.reason, "\(entry.json)")
    #expect(refusal.pointer == entry.pointer, "\(entry.json)")
  }

  @Test func theUnchangedPayloadIsAccepted() throws {
    let entry = VideoRefusalCase(change: [:], reason: "", pointer: "", why: "")
    let clip = try Support.registry().decodeClip(from: Support.json(entry.json))
    #expect((clip as? VideoClip)?.url.absoluteString == "file:///a.mov")
  }

  @Test func aNaNVolumeIsRefusedNamingTheField() throws {
    let clip = VideoClip(url: URL(fileURLWithPath: "/a.mov"), volumeLevel: .nan)
    let error = try #require(throws: PersistenceError.self) {
      try Support.registry().encode(clip: clip)
    }
    guard case .nonFiniteNumber(let field) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    #expect(field == "volumeLevel")
    #expect(error.pointer?.description == Self.payload + "/volumeLevel")
    #expect(error.kindID == "video")
  }

  @Test func anInfiniteSpeedIsRefusedNamingTheField() throws {
    let clip = VideoClip(url: URL(fileURLWithPath: "/a.mov"), speedRate: .infinity)
    let error = try #require(throws: PersistenceError.self) {
      try Support.registry().encode(clip: clip)
    }
    #expect(error.pointer?.description == Self.payload + "/speedRate")
  }
}
