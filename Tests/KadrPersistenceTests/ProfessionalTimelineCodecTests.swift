import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

@Suite("Professional timeline facts in the format")
struct ProfessionalTimelineCodecTests {
  let coder = DocumentCoder(registry: .standard)

  /// A broadcast composition that uses every new fact.
  static var broadcast: Video {
    let clip = VideoClip(url: URL(fileURLWithPath: "/media/interview.mov"))
      .trimmed(to: TimeRange(start: .zero, duration: Time(value: 2002, timescale: 1000)))
      .speed(numerator: 1001, denominator: 1000)
      .named("Interview")
      .role(.dialogue.subrole("Dialogue-1"))
      .marker(Marker("Fix", at: .zero, kind: .toDo(completed: false)).note("colour"))
    let start = try? SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame)
    var video = Video { clip }
      .preset(.custom(width: 1920, height: 1080, rate: .ntsc30DropFrame, codec: .h264))
      .marker(
        Marker(
          "Act two", at: Time(value: 1, timescale: 1),
          duration: Time(value: 1001, timescale: 30000),
          kind: .chapter))
    if let start { video = video.startTimecode(start) }
    return video
  }

  func text(_ document: EncodedDocument) -> String {
    String(decoding: document.bytes, as: UTF8.self)
  }

  @Test func everyNewFactIsWrittenAndReadBackExactly() throws {
    let video = Self.broadcast
    let written = text(try coder.encode(video))
    #expect(
      written.contains(
        #""preset":{"codec":"h264","frameRate":{"denominator":1001,"dropFrame":true,"numerator":30000},"height":1080,"kind":"custom","width":1920}"#
      ))
    #expect(
      written.contains(
        #""startTimecode":{"rate":{"denominator":1001,"dropFrame":true,"numerator":30000},"timecode":"01:00:00;00"}"#
      ))
    #expect(
      written.contains(
        #""markers":[{"duration":{"timescale":30000,"value":1001},"kind":"chapter","name":"Act two","start":{"timescale":1,"value":1}}]"#
      ))
    #expect(written.contains(#""name":"Interview""#))
    #expect(written.contains(#""role":"dialogue.Dialogue-1""#))
    #expect(written.contains(#""speedRatio":{"denominator":1000,"numerator":1001}"#))
    #expect(written.contains(#""completed":false"#))
    let reopened = try coder.decode(Video.self, from: Data(written.utf8)).root
    #expect(ReflectionDiff.differences(video, reopened) == [])
    #expect(text(try coder.encode(reopened)) == written)
  }

  @Test func aDocumentWithoutTheNewFactsIsByteIdentical() throws {
    let bytes = try Fixtures.broad()
    let decoded = try coder.decode(Video.self, from: bytes, images: UnresolvedImageStore())
    let opened = decoded.root
    #expect(opened.markers.isEmpty && opened.startTimecode == nil)
    // Opened without a store, its image tokens are placeholders that save back unchanged.
    #expect(try coder.encode(opened, images: decoded.imageStore).bytes == bytes)
    // Whole rates keep the integer of schema 1.
    let whole = Video(clips: []).preset(
      .custom(width: 640, height: 480, rate: .fps25, codec: .h264))
    #expect(text(try coder.encode(whole)).contains(#""frameRate":25,"#))
  }

  /// Hostile values of the new fields, each refused with its pointer.
  static let refusals: [(String, String)] = [
    (
      #""preset":{"codec":"h264","frameRate":{"denominator":1,"dropFrame":true,"numerator":25},"height":1,"kind":"custom","width":1}"#,
      "/video/preset/frameRate"
    ),
    (
      #""preset":{"codec":"h264","frameRate":{"denominator":0,"numerator":25},"height":1,"kind":"custom","width":1}"#,
      "/video/preset/frameRate"
    ),
    (
      #""preset":{"codec":"h264","frameRate":{"denominator":1,"numerator":9223372036854775807},"height":1,"kind":"custom","width":1}"#,
      "/video/preset/frameRate"
    ),
    (
      #""preset":{"kind":"auto"},"startTimecode":{"rate":{"denominator":1001,"dropFrame":true,"numerator":30000},"timecode":"00:01:00;00"}"#,
      "/video/startTimecode/timecode"
    ),
    (
      #""preset":{"kind":"auto"},"startTimecode":{"rate":{"denominator":1,"numerator":30},"timecode":"99999999999999999999:00:00:00"}"#,
      "/video/startTimecode/timecode"
    ),
    (
      #""markers":[{"duration":{"timescale":1,"value":0},"kind":"bookmark","name":"x","start":{"timescale":1,"value":0}}],"preset":{"kind":"auto"}"#,
      "/video/markers/0/kind"
    ),
    (
      #""markers":[{"completed":true,"duration":{"timescale":1,"value":0},"kind":"chapter","name":"x","start":{"timescale":1,"value":0}}],"preset":{"kind":"auto"}"#,
      "/video/markers/0/completed"
    ),
  ]

  /// A video clip's exact speed of zero or a negative numerator is refused at its pointer.
  @Test(arguments: [#"{"denominator":1,"numerator":0}"#, #"{"denominator":-2,"numerator":1}"#])
  func aSpeedRatioThatIsNotPositiveIsRefused(ratio: String) throws {
    let clip =
      #"{"video":{"_0":{"filterAnimations":[],"filterIDs":[],"filters":[],"isMuted":false,"#
      + #""isReversed":false,"speedRate":1,"speedRatio":"# + ratio
      + #","url":"file:///a.mov","volumeLevel":1}}}"#
    let document =
      #"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":["# + clip
      + #"],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}}"#
    let error = #expect(throws: PersistenceError.self) {
      try coder.decode(Video.self, from: Data(document.utf8))
    }
    #expect(error?.pointer?.description == "/video/clips/0/video/_0/speedRatio")
  }

  @Test(arguments: refusals)
  func hostileValuesAreRefusedWithTheirPointer(members: String, pointer: String) throws {
    let document =
      #"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[],"#
      + members.replacingOccurrences(of: #""preset""#, with: #""overlays":[],"preset""#)
      + #","quality":{"kind":"automatic"}}}"#
    let error = #expect(throws: PersistenceError.self) {
      try coder.decode(Video.self, from: Data(document.utf8))
    }
    #expect(error?.pointer?.description == pointer, "\(String(describing: error))")
  }
}
