import Foundation
import KadrPersistence
import Testing

/// One refusal of FORMAT.md's list: a change to the broad fixture and where the error must point.
struct FormatRefusal: CustomTestStringConvertible, Sendable {
  let why: String
  let replace: String
  let with: String
  let pointer: String
  var testDescription: String { why }
}

let heroPayload = "/video/clips/0/video/_0"

let formatRefusals: [FormatRefusal] = [
  FormatRefusal(
    why: "wrong JSON type for a field", replace: #""isMuted":false"#, with: #""isMuted":"no""#,
    pointer: heroPayload + "/isMuted"),
  FormatRefusal(
    why: "a missing required field", replace: #""isMuted":false,"#, with: "", pointer: heroPayload),
  FormatRefusal(
    why: "an unknown clip kind", replace: #"{"transition":{"_0""#,
    with: #"{"com.example.wipe":{"_0""#, pointer: "/video/clips/1"),
  FormatRefusal(
    why: "an unknown overlay kind", replace: #"{"sticker":{"_0""#,
    with: #"{"com.example.badge":{"_0""#, pointer: "/video/overlays/2"),
  FormatRefusal(
    why: "an unknown anchor", replace: #""anchor":"topLeft""#, with: #""anchor":"upperLeft""#,
    pointer: heroPayload + "/transform/anchor"),
  FormatRefusal(
    why: "an unknown timing kind", replace: #""timing":{"kind":"easeInOut"}"#,
    with: #""timing":{"kind":"bounce"}"#, pointer: heroPayload + "/opacityAnimation/timing/kind"),
  FormatRefusal(
    why: "an unknown filter kind", replace: #"{"kind":"sepia","scalar":0.4}"#,
    with: #"{"kind":"posterize","scalar":0.4}"#, pointer: heroPayload + "/filters/0/kind"),
  FormatRefusal(
    why: "an unknown transition kind", replace: #""kind":"slide""#, with: #""kind":"wipe""#,
    pointer: "/video/clips/1/transition/_0/kind"),
  FormatRefusal(
    why: "an unknown pitch algorithm", replace: #""timeDomain""#, with: #""granular""#,
    pointer: "/video/audioTracks/0/pitchAlgorithm"),
  FormatRefusal(
    why: "an unknown alignment", replace: #""alignment":"center""#,
    with: #""alignment":"justified""#, pointer: "/video/clips/3/title/_0/style/alignment"),
  FormatRefusal(
    why: "an unknown weight", replace: #""weight":"bold""#, with: #""weight":"black""#,
    pointer: "/video/clips/3/title/_0/style/weight"),
  FormatRefusal(
    why: "an unknown preset kind", replace: #""kind":"custom""#, with: #""kind":"imax""#,
    pointer: "/video/preset/kind"),
  FormatRefusal(
    why: "an unknown codec", replace: #""codec":"hevc""#, with: #""codec":"av1""#,
    pointer: "/video/preset/codec"),
  FormatRefusal(
    why: "an unknown quality kind", replace: #""kind":"bitrate""#, with: #""kind":"lossless""#,
    pointer: "/video/quality/kind"),
  FormatRefusal(
    why: "an unknown size kind", replace: #""size":{"normalized""#, with: #""size":{"relative""#,
    pointer: "/video/crop/size/relative"),
  FormatRefusal(
    why: "an unknown position kind", replace: #""position":{"kind":"percent""#,
    with: #""position":{"kind":"inches""#, pointer: "/video/crop/position/kind"),
  FormatRefusal(
    why: "a zero timescale", replace: #""duration":{"timescale":30,"value":15}"#,
    with: #""duration":{"timescale":0,"value":15}"#,
    pointer: "/video/clips/1/transition/_0/duration/timescale"),
  FormatRefusal(
    why: "a negative timescale", replace: #""duration":{"timescale":30,"value":15}"#,
    with: #""duration":{"timescale":-30,"value":15}"#,
    pointer: "/video/clips/1/transition/_0/duration/timescale"),
  FormatRefusal(
    why: "a timescale beyond Int32", replace: #""duration":{"timescale":30,"value":15}"#,
    with: #""duration":{"timescale":2147483648,"value":15}"#,
    pointer: "/video/clips/1/transition/_0/duration/timescale"),
  FormatRefusal(
    why: "a time value beyond Int64", replace: #""duration":{"timescale":30,"value":15}"#,
    with: #""duration":{"timescale":30,"value":9223372036854775808}"#,
    pointer: "/video/clips/1/transition/_0/duration/value"),
  FormatRefusal(
    why: "an integer out of range (frame rate)", replace: #""frameRate":30"#,
    with: #""frameRate":1.5"#, pointer: "/video/preset/frameRate"),
  FormatRefusal(
    why: "parallel arrays of different lengths", replace: #""filterIDs":["sepia-1","mono-1"]"#,
    with: #""filterIDs":["sepia-1"]"#, pointer: heroPayload),
  FormatRefusal(
    why: "an unparsable URL", replace: #""url":"file:\/\/\/fixtures\/a.mov""#,
    with: #""url":"not a url""#, pointer: heroPayload + "/url"),
  FormatRefusal(
    why: "a relative URL", replace: #""url":"file:\/\/\/fixtures\/a.mov""#, with: #""url":"a.mov""#,
    pointer: heroPayload + "/url"),
  FormatRefusal(
    why: "a schema newer than known", replace: #"{"schema":1,"#, with: #"{"schema":3,"#,
    pointer: "/schema"),
  FormatRefusal(
    why: "a duplicate key", replace: #""isMuted":false"#, with: #""isMuted":false,"isMuted":true"#,
    pointer: heroPayload),
]

@Suite("What decoding refuses (FORMAT.md)")
struct FormatRefusalTests {
  static func fixture() throws -> String { String(decoding: try Fixtures.broad(), as: UTF8.self) }

  @Test(arguments: formatRefusals)
  func refusesWithAPointerAndASentence(_ refusal: FormatRefusal) throws {
    let original = try Self.fixture()
    #expect(original.contains(refusal.replace), "the fixture has no \(refusal.replace)")
    // The first occurrence only: the pointer names the first place the fixture has it.
    let range = try #require(original.range(of: refusal.replace))
    let changed = original.replacingCharacters(in: range, with: refusal.with)
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoding.video(from: Data(changed.utf8), images: UnresolvedImageStore())
    }
    #expect(error.pointer?.description == refusal.pointer, "\(error)")
    #expect(error.errorDescription?.isEmpty == false)
    #expect(error.recoverySuggestion?.isEmpty == false, "every refusal says how to fix it")
  }

  @Test func malformedJSONGivesLineAndColumn() throws {
    let text = "{\"schema\":1,\n\"video\": {\n  \"clips\": [,]\n}}"
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoding.video(from: Data(text.utf8), images: UnresolvedImageStore())
    }
    let position = try #require(error.lineAndColumn)
    #expect(position.line == 3)
    #expect(position.column == 13)
  }

  @Test func anImageTokenNoStoreCanResolveIsRefusedWhenAStoreIsGiven() throws {
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoding.video(from: Fixtures.broad(), images: InMemoryImageStore())
    }
    #expect(error.pointer?.description == "/video/clips/2/image/_0/imageToken")
    guard case .unresolvableImageToken("file:fixture-pixel.png", _) = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
  }

  static func nestedTracks(depth: Int) -> String {
    let leaf =
      #"{"title":{"_0":{"backgroundColor":{"alpha":1,"blue":0,"green":0,"red":0},"duration":{"timescale":1,"value":1},"style":{"alignment":"leading","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontSize":36,"weight":"regular"},"text":"deep"}}}"#
    var clip = leaf
    let open = #"{"track":{"_0":{"clips":["#
    let close = #"],"opacityFactor":1,"startTime":{"timescale":1,"value":0}}}}"#
    clip = String(repeating: open, count: depth) + clip + String(repeating: close, count: depth)
    return #"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":["# + clip
      + #"],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}}"#
  }

  @Test func tracksNested32DeepOpenByDefault() throws {
    let video = try KadrCoding.video(from: Data(Self.nestedTracks(depth: 32).utf8))
    var depth = 0
    var clip: any Clip = try #require(video.clips.first)
    while let track = clip as? Track, let inner = track.clips.first {
      depth += 1
      clip = inner
    }
    #expect(depth == 32)
    #expect(clip is TitleSequence)
  }

  @Test func nesting100000DeepIsRefusedQuickly() throws {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = try #require(throws: PersistenceError.self) {
      try KadrCoding.video(from: Data(text.utf8))
    }
    guard case .tooDeep = error.reason else {
      Issue.record("unexpected \(error.reason)")
      return
    }
    let tracks = Self.nestedTracks(depth: 20_000)
    #expect(throws: PersistenceError.self) { try KadrCoding.video(from: Data(tracks.utf8)) }
  }
}
