import Foundation
import KadrFCPXML
import Testing

/// What fuzzing the FCPXML importer (`bash .ci/fuzz SECONDS fcpxml`) found, each kept as the
/// smallest input that shows it.
@Suite("FCPXML fuzzing's findings", .timeLimit(.minutes(1)))
struct FuzzFindingTests {
  typealias H = HostileDocuments

  /// Bytes that are not UTF-8 in an attribute: FoundationXML's parser recovered from them and
  /// then trapped building the attributes' strings. Each kind of ill-formed sequence is refused
  /// before parsing, at its line.
  @Test(
    arguments: [
      [0xFF, 0xFF], [0x80], [0xC0, 0x80], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82],
    ] as [[UInt8]])
  func refusesBytesThatAreNotUTF8AtTheirLine(_ sequence: [UInt8]) {
    let text = String(
      decoding: H.document(spine: "<gap name=\"g\" duration=\"1sBAD\"/>"), as: UTF8.self)
    let parts = text.components(separatedBy: "BAD")
    let data = Data(parts[0].utf8) + Data(sequence) + Data(parts.dropFirst().joined().utf8)
    guard case .failure(let error)? = H.outcome(data) else {
      Issue.record("not refused")
      return
    }
    guard case .malformed(let message) = error.reason else {
      Issue.record("refused for another reason: \(error)")
      return
    }
    #expect(message.contains("not UTF-8"))
    #expect(error.line == 4)
  }

  /// A connected audio clip's volume keyframe at the largest time: made relative to the
  /// clip's start it overflowed, and the exporter wrote the invalid time as `0/0s`, which no
  /// importer reads. The importer now refuses it at its place.
  @Test func refusesAVolumeKeyframeWhoseTimeFromTheClipsStartOverflows() {
    let data = H.document(
      spine: "<gap name=\"g\" offset=\"0s\" duration=\"10s\"><asset-clip ref=\"r3\" "
        + "lane=\"-1\" offset=\"0s\" start=\"1001/30000s\" duration=\"2s\"><adjust-volume>"
        + "<param name=\"amount\"><keyframeAnimation>"
        + "<keyframe time=\"9223372036854775807s\" value=\"0dB\" curve=\"linear\"/>"
        + "<keyframe time=\"2s\" value=\"-6dB\" curve=\"linear\"/>"
        + "</keyframeAnimation></param></adjust-volume></asset-clip></gap>")
    guard case .failure(let error)? = H.outcome(data) else {
      Issue.record("not refused")
      return
    }
    guard case .invalidValue(let attribute, _) = error.reason else {
      Issue.record("refused for another reason: \(error)")
      return
    }
    #expect(attribute == "time")
    #expect(error.path.hasSuffix("asset-clip[1]/adjust-volume"))
  }

  @Test func readsEveryWellFormedUTF8Sequence() throws {
    // One of each length, at the edges of what UTF-8 allows.
    let name = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}é日本😀"
    let data = H.document(spine: "<gap name=\"\(name)\" duration=\"1s\"/>")
    let imported = try FCPXMLImporter().importProject(from: data)
    #expect(imported.video.clips.count == 1)
  }
}
