import Foundation
import KadrModel
import KadrPersistence
import KadrPersistenceCore
import Testing

@Suite("Document envelope with the composition codecs")
struct DocumentTests {
  /// The document of an empty composition.
  static let emptyDocument =
    #"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}}"#

  /// The `video` of an empty composition.
  static let emptyVideo =
    #"{"audioTracks":[],"captions":[],"clips":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"automatic"}}"#

  /// The title clip of `schema-1-broad.json`, copied byte for byte.
  static let fixtureTitle =
    #"{"title":{"_0":{"backgroundColor":{"alpha":1,"blue":0,"green":0,"red":0},"clipID":"title","duration":{"timescale":30,"value":90},"style":{"alignment":"center","color":{"alpha":1,"blue":1,"green":1,"red":1},"fontName":"Menlo","fontSize":42,"shadow":{"blur":4,"offset":{"height":2,"width":1}},"stroke":{"color":{"alpha":1,"blue":0,"green":0,"red":0},"width":2},"weight":"bold"},"text":"Chapter One"}}}"#

  /// `schema-1-broad.json` restricted to the kinds of these modules (title clips, no overlays),
  /// every other byte as in the fixture.
  static let fixtureDocument =
    #"{"schema":1,"video":{"audioTracks":["# + AudioTrackCodecTests.fixtureTrack
    + #"],"captions":["# + CaptionCodecTests.fixtureCaption + #"],"clips":["# + fixtureTitle
    + #"],"crop":"# + CompositionCodecTests.fixtureCrop + #","overlays":[],"preset":"#
    + CompositionCodecTests.fixturePreset + #","quality":"#
    + CompositionCodecTests.fixtureQuality + "}}"

  let coder: DocumentCoder

  init() throws {
    coder = DocumentCoder(registry: try CompositionTestKit.registry())
  }

  func decode(_ text: String, with coder: DocumentCoder? = nil) throws
    -> DecodedDocument<Video>
  {
    try (coder ?? self.coder).decode(Video.self, from: Data(text.utf8))
  }

  func text(_ document: EncodedDocument) -> String {
    String(decoding: document.bytes, as: UTF8.self)
  }

  @Test func envelopeIsSchemaThenVideoExactly() throws {
    let document = try coder.encode(Video(clips: []))
    #expect(text(document) == Self.emptyDocument)
    #expect(document.lossReport.isLossless)
  }

  @Test func fixtureDocumentIsWrittenBackByteIdentical() throws {
    let opened = try decode(Self.fixtureDocument)
    #expect(opened.schema == 1)
    #expect(opened.root.duration == Time(value: 90, timescale: 30))
    #expect(text(try coder.encode(opened.root)) == Self.fixtureDocument)
  }

  @Test func versionOneDocumentsCarryNoPayloadVersions() throws {
    let video = CompositionCodecTests.composition(
      preset: .custom(width: 1, height: 2, frameRate: 3, codec: .h264), quality: .bitrate(9))
    let written = text(try coder.encode(video))
    #expect(!written.contains("payloadVersions"))
    // The fullest samples hold markers, names and roles: schema 2 (see the next test).
    #expect(written.hasPrefix(#"{"schema":2,"video":{"#))
    let reopened = try decode(written).root
    #expect(ReflectionDiff.differences(video, reopened) == [])
  }

  /// A document is written in schema 2 exactly when it holds a professional timeline fact, so a
  /// schema-1 reader refuses it as newer instead of skipping the fact; without one it stays
  /// schema 1, byte for byte.
  @Test func professionalFactsAndOnlyThemMakeASchemaTwoDocument() throws {
    let plain = Video(clips: [TitleSequence("t", duration: 1)])
    let standard = KadrCoder()
    #expect(
      String(decoding: try standard.data(for: plain), as: UTF8.self).hasPrefix(
        #"{"schema":1,"video":{"#))
    let facts: [(String, Video)] = [
      ("a clip's name", Video(clips: [TitleSequence("t", duration: 1).named("Opening")])),
      ("a clip's role", Video(clips: [TitleSequence("t", duration: 1).role(.titles)])),
      (
        "a clip's marker",
        Video(clips: [TitleSequence("t", duration: 1).marker(Marker("m", at: .zero))])
      ),
      (
        "an exact speed",
        Video(clips: [
          VideoClip(url: URL(fileURLWithPath: "/m.mov")).speed(numerator: 1001, denominator: 1000)
        ])
      ),
      ("a timeline marker", plain.marker(Marker("m", at: .zero))),
      (
        "a start timecode",
        plain.startTimecode(try SMPTETimecode(parsing: "01:00:00;00", rate: .ntsc30DropFrame))
      ),
      (
        "an exact rate",
        Video(
          clips: plain.clips,
          preset: .customRate(width: 1920, height: 1080, frameRate: .ntsc24, codec: .h264))
      ),
      (
        "an audio track's role",
        Video(
          clips: plain.clips,
          audioTracks: [AudioTrack(url: URL(fileURLWithPath: "/a.m4a")).role(.music)])
      ),
    ]
    for (fact, video) in facts {
      let written = try standard.data(for: video)
      #expect(
        String(decoding: written, as: UTF8.self).hasPrefix(#"{"schema":2,"video":{"#), "\(fact)")
      let reopened = try standard.video(from: written)
      #expect(ReflectionDiff.differences(video, reopened) == [], "\(fact)")
      #expect(try standard.save(video).schema == 2, "\(fact)")
    }
    #expect(try standard.save(plain).schema == 1)
  }

  static let refusals: [CompositionRefusal] = [
    CompositionRefusal(
      #"{"schema":3,"video":"# + emptyVideo + "}", "unsupportedSchema", at: "/schema",
      "a newer schema is refused, not read best-effort"),
    CompositionRefusal(
      #"{"video":"# + emptyVideo + "}", "schemaMissing", at: "", "the schema is required"),
    CompositionRefusal(
      #"{"schema":"1","video":"# + emptyVideo + "}", "schemaMissing", at: "/schema",
      "the schema is an integer, not a string"),
    CompositionRefusal(
      #"{"schema":1.5,"video":"# + emptyVideo + "}", "schemaMissing", at: "/schema",
      "the schema is an integer, not a fraction"),
    CompositionRefusal(
      #"{"extra":true,"schema":1,"video":"# + emptyVideo + "}", "unknownField", at: "/extra",
      "an unknown top-level key is refused"),
    CompositionRefusal(
      #"{"zz":true,"schema":1,"aa":true,"video":"# + emptyVideo + "}", "unknownField", at: "/zz",
      "the first unknown top-level key is refused"),
    CompositionRefusal(
      #"{"schema":1,"video":"# + emptyVideo + #","zz":true}"#, "unknownField", at: "/zz",
      "an unknown top-level key after the video is refused"),
    CompositionRefusal(
      #"{"a":1,"b":2,"video":"# + emptyVideo + "}", "schemaMissing", at: "",
      "a missing schema is refused before unknown keys"),
    CompositionRefusal(
      #"{"a":1,"schema":"1","video":"# + emptyVideo + "}", "schemaMissing", at: "/schema",
      "a wrong schema is refused before unknown keys"),
    CompositionRefusal(#"{"schema":1}"#, "missingField", at: "", "the video is required"),
    CompositionRefusal(
      #"{"schema":1,"video":[]}"#, "wrongType", at: "/video", "the video is an object"),
    CompositionRefusal(
      #"{"schema":1,"video":{"audioTracks":[],"captions":[],"clips":[],"overlays":[],"preset":{"kind":"auto"},"quality":{"kind":"best"}}}"#,
      "unknownEnumValue", at: "/video/quality/kind", "pointers run from the document's root"),
  ]

  @Test(arguments: refusals)
  func malformedEnvelopeIsRefusedWithPointer(refusal: CompositionRefusal) throws {
    do {
      _ = try decode(refusal.json)
      Issue.record("\(refusal.why): decoded")
    } catch let error as PersistenceError {
      #expect(error.caseName == refusal.reason, "\(error)")
      #expect(error.pointer?.description == refusal.pointer, "\(error)")
    }
  }

  @Test func schemaTooNewNamesBothSchemas() throws {
    do {
      _ = try decode(#"{"schema":3,"video":"# + Self.emptyVideo + "}")
      Issue.record("decoded")
    } catch let error as PersistenceError {
      guard case .unsupportedSchema(let found, let supported) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(found == 3 && supported == 2)
    }
  }
}
