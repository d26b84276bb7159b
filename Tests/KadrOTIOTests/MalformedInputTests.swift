import Foundation
import KadrModel
import KadrOTIO
import KadrPersistence
import Testing

@Suite("OpenTimelineIO import of malformed input")
struct MalformedInputTests {
  /// A timeline with one clip on one track; `clip` replaces the clip's fields.
  static func timeline(clip: String = "", transition: String? = nil) -> String {
    let item =
      transition
        ?? #"""
        {"OTIO_SCHEMA": "Clip.2", "name": "a",
         "source_range": {"OTIO_SCHEMA": "TimeRange.1",
           "start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 0},
           "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24, "value": 48}},
         "media_references": {"DEFAULT_MEDIA":
           {"OTIO_SCHEMA": "ExternalReference.1", "target_url": "file:///a.mov"}},
         "active_media_reference_key": "DEFAULT_MEDIA"\#(clip)}
        """#
    return #"""
      {"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": [
        {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [\#(item)]}]}}
      """#
  }

  static let clip = "/tracks/children/0/children/0"
  static let start = "\(clip)/source_range/start_time"

  /// Malformed files, the pointer of the error and what it must say; one line each.
  static let cases: [(String, String, String)] = [
    ("[]", "", "Expected an object but found array"),
    (#"{"OTIO_SCHEMA": "SerializableCollection.1"}"#, "/OTIO_SCHEMA", "holds no Timeline.1"),
    (#"{"OTIO_SCHEMA": "Clip.2"}"#, "/OTIO_SCHEMA", "not a Timeline.1"),
    (#"{"name": "x"}"#, "", "'OTIO_SCHEMA' is missing"),
    (#"{"OTIO_SCHEMA": "Timeline.1"}"#, "", "'tracks' is missing"),
    (
      #"{"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Track.1"}}"#,
      "/tracks/OTIO_SCHEMA", "must be a Stack.1"
    ),
    (
      #"{"OTIO_SCHEMA": "Timeline.1", "tracks": {"OTIO_SCHEMA": "Stack.1", "children": 3}}"#,
      "/tracks/children", "Expected an array but found number"
    ),
    (timeline(clip: #", "enabled": "yes""#), "\(clip)/enabled", "Expected a boolean"),
    (
      timeline().replacingOccurrences(
        of: #""rate": 24, "value": 0"#, with: #""rate": 0, "value": 0"#), "\(start)/rate",
      "rate must be positive"
    ),
    (
      timeline().replacingOccurrences(
        of: #""rate": 24, "value": 0"#, with: #""rate": 24, "value": "0""#), "\(start)/value",
      "Expected a number but found string"
    ),
    (
      timeline().replacingOccurrences(of: #""rate": 24, "value": 0"#, with: #""rate": 24"#), start,
      "'value' is missing"
    ),
    (
      timeline().replacingOccurrences(
        of: #""rate": 24, "value": 0"#, with: #""rate": 24, "value": 1e300"#), start,
      "out of the range"
    ),
    (
      timeline(
        transition: #"{"OTIO_SCHEMA": "Transition.1", "transition_type": "SMPTE_Dissolve"}"#), clip,
      "'in_offset' is missing"
    ),
    (
      timeline(clip: #", "metadata": {"kadr": {"clip": 3}}"#), "\(clip)/metadata/kadr/clip",
      "must hold a clip"
    ),
    (
      timeline(clip: #", "metadata": {"kadr": {"index": "first"}}"#), "\(clip)/metadata/kadr/index",
      "Expected an integer"
    ),
  ]

  @Test(arguments: cases)
  func malformedFileIsRefusedWithItsPointer(_ text: String, _ pointer: String, _ phrase: String) {
    #expect {
      try OTIOImporter().importTimeline(from: Data(text.utf8))
    } throws: { error in
      guard let error = error as? PersistenceError else { return false }
      let sentence = error.failureReason ?? ""
      return error.pointer?.description == pointer && sentence.contains(phrase)
    }
  }

  @Test func invalidJSONIsRefusedWithLineAndColumn() {
    let text = "{\n  \"OTIO_SCHEMA\": \"Timeline.1\",\n  \"name\": \"a\",\n  \"name\": \"b\"\n}"
    #expect {
      try OTIOImporter().importTimeline(from: Data(text.utf8))
    } throws: { error in
      guard let error = error as? PersistenceError, let position = error.lineAndColumn else {
        return false
      }
      return position.line == 4 && position.column == 3
    }
  }

  /// `NaN` and `Inf` are read as `null`, one byte longer; a refusal after them on their line is
  /// still placed at its byte in the file (found by the fuzzer: 17 bytes ending in the invalid
  /// UTF-8 byte 0x89 were refused one column past the end of their line).
  @Test(arguments: [
    ("\n\t\t\t\tNaN \t\t\t\t\t\t\t\u{89}", 2, 16, "more after"),
    ("[NaN, Inf, -Inf, NaN x]", 1, 22, "'x'"),
    ("[Infinity, NaN,\n NaN, -Infinity, Inf ?]", 2, 22, "'?'"),
    ("[[1],\n[Inf] NaN]", 2, 7, "'N'"),
  ])
  func aRefusalAfterANonFiniteNumberIsPlacedInTheFile(
    input: String, line: Int, column: Int, phrase: String
  ) {
    var bytes = Array(input.utf8)
    // The fuzzer's input ends in a lone 0x89 byte, which a Swift string cannot hold.
    if let last = bytes.indices.last, input.hasSuffix("\u{89}") {
      bytes.replaceSubrange((last - 1)...last, with: [0x89])
    }
    #expect {
      try OTIOImporter().importTimeline(from: Data(bytes))
    } throws: { error in
      guard let error = error as? PersistenceError, let position = error.lineAndColumn else {
        return false
      }
      let sentence = error.failureReason ?? ""
      return position == (line, column) && sentence.contains("line \(line), column \(column)")
        && sentence.contains(phrase)
    }
  }

  @Test func invalidKadrMetadataIsRefusedWhereItIsInTheFile() throws {
    let video = Video {
      VideoClip(url: Compositions.media("a.mov")).trimmed(to: 0...1)
        .filter(.sepia(intensity: 0.5), id: "s")
    }
    let json = try OTIORoundTrip.export(video)
    let cases: [(String, JSONValue, String)] = [
      ("\(Self.clip)/metadata/kadr/clip/video/_0/volumeLevel", "loud", "Expected a number"),
      ("\(Self.clip)/effects/0/metadata/kadr/filter/kind", "sparkle", "sparkle"),
      ("\(Self.clip)/effects/0/metadata/kadr/filter/scalar", .null, "found null"),
    ]
    for (pointer, value, phrase) in cases {
      let edited = OTIOJSON.setting(value, at: pointer, in: json)
      #expect {
        try OTIOImporter().importTimeline(from: try OTIOJSON.data(edited))
      } throws: { error in
        guard let error = error as? PersistenceError else { return false }
        return error.pointer?.description == pointer
          && (error.failureReason ?? "").contains(phrase)
      }
    }
  }

  /// A required field missing from kadr's metadata of a video clip is refused at the payload
  /// in the file (found by the fuzzer: the pointer had a `/0` of the decoder's own list in it).
  @Test func aMissingFieldInKadrMetadataPointsAtThePayloadInTheFile() throws {
    let video = Video { VideoClip(url: Compositions.media("a.mov")).trimmed(to: 0...1) }
    let json = try OTIORoundTrip.export(video)
    let edited = OTIOJSON.setting(
      nil, at: "\(Self.clip)/metadata/kadr/clip/video/_0/volumeLevel", in: json)
    let text = String(decoding: try OTIOJSON.data(edited), as: UTF8.self)
    #expect(!text.contains("volumeLevel"), "the field to remove was not found")
    #expect {
      try OTIOImporter().importTimeline(from: Data(text.utf8))
    } throws: { error in
      guard let error = error as? PersistenceError else { return false }
      return error.pointer?.description == "\(Self.clip)/metadata/kadr/clip/video/_0"
        && (error.failureReason ?? "").contains("'volumeLevel' is missing")
    }
  }

  @Test(arguments: [0, 3])
  func aTimelineOfAnotherMappingFormatIsRefusedAtItsFormat(format: Int) throws {
    let json = try OTIORoundTrip.export(Video { VideoClip(url: Compositions.media("a.mov")) })
    let edited = OTIOJSON.setting(.integer(Int64(format)), at: "/metadata/kadr/format", in: json)
    #expect {
      try OTIOImporter().importTimeline(from: try OTIOJSON.data(edited))
    } throws: { error in
      guard let error = error as? PersistenceError else { return false }
      let expected = format == 0 ? "which no kadr writes" : "newer kadr"
      return error.pointer?.description == "/metadata/kadr/format"
        && (error.failureReason ?? "").contains(expected)
    }
  }

  @Test func hostileNestingIsRefusedWithoutExhaustingTheStack() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect {
      try OTIOImporter().importTimeline(from: Data(text.utf8))
    } throws: { error in
      guard let error = error as? PersistenceError, case .tooDeep = error.reason else {
        return false
      }
      return true
    }
  }
}
