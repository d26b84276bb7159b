import Foundation
import KadrModel
import KadrPersistence
import Testing

/// The model's plain values are `Codable` in the forms a document holds them, so that an app's
/// own metadata can keep a playhead, a selection or a colour without converting it.
@Suite("Model values as Codable")
struct ModelValueCodableTests {
  private static let title = TitleSequence("A", duration: Time(value: 30, timescale: 30))
  private static let clip = VideoClip(url: URL(fileURLWithPath: "/media/a.mov"))

  @Test func timeIsWrittenAsInADocument() throws {
    let playhead = Time(value: 1200, timescale: 600)
    #expect(try Self.sortedJSON(playhead) == #"{"timescale":600,"value":1200}"#)
    try expectDocumentForm(
      playhead, member: "duration", in: Video { TitleSequence("A", duration: playhead) })
    let extreme = Time(value: .min, timescale: .max)
    try expectDocumentForm(extreme, member: "startTime", in: Video { Self.clip.at(time: extreme) })
  }

  @Test func timeRangeIsWrittenAsInADocument() throws {
    let range = TimeRange(
      start: Time(value: 1, timescale: 3), duration: Time(value: 1200, timescale: 600))
    try expectDocumentForm(range, member: "trimRange", in: Video { Self.clip.trimmed(to: range) })
  }

  @Test(arguments: [
    PlatformColor(red: 0.1, green: 1e-07, blue: 1, alpha: 0.5),
    // Outside 0…1: documents keep such components, so the metadata form keeps them too.
    PlatformColor(red: 1.5, green: -0.25, blue: -0.0, alpha: 1),
    PlatformColor.lightGray,
  ])
  func colorIsWrittenAsInADocument(color: PlatformColor) throws {
    try expectDocumentForm(
      color, member: "backgroundColor",
      in: Video { TitleSequence("A", duration: 1, background: color) })
  }

  @Test(arguments: [
    Position.percent(x: 12.5, y: -0.0), .pixels(x: 1e21, y: 0.30000000000000004), .bottomRight,
  ])
  func positionIsWrittenAsInADocument(position: Position) throws {
    try expectDocumentForm(
      position, member: "position", in: Video {}.overlay(TextOverlay("x").position(position)))
  }

  @Test(arguments: [
    Size.normalized(width: 0.25, height: 1),
    .percent(width: 50, height: 12.5),
    .aspectFill(
      covering: .aspectFit(within: .pixels(width: 1920, height: 1080), sourceAspect: 16.0 / 9.0),
      sourceAspect: 0.75),
  ])
  func sizeIsWrittenAsInADocument(size: Size) throws {
    try expectDocumentForm(size, member: "size", in: Video {}.overlay(TextOverlay("x").size(size)))
  }

  @Test func transformIsWrittenAsInADocument() throws {
    let transform = Transform(
      center: .pixels(x: 10, y: 20), rotation: .pi / 4, scale: 1e-07, anchor: .bottomRight)
    try expectDocumentForm(
      transform, member: "transform", in: Video { Self.clip.transform(transform) })
  }

  @Test(arguments: Anchor.allCases)
  func anchorIsWrittenAsInADocument(anchor: Anchor) throws {
    try expectDocumentForm(
      anchor, member: "anchor", in: Video {}.overlay(TextOverlay("x").anchor(anchor)))
  }

  @Test func textAlignmentAndWeightAreWrittenAsInADocument() throws {
    for alignment in TextStyle.Alignment.allCases {
      let title = TitleSequence("A", style: TextStyle(alignment: alignment))
      try expectDocumentForm(alignment, member: "alignment", in: Video { title })
    }
    for weight in TextStyle.Weight.allCases {
      let title = TitleSequence("A", style: TextStyle(weight: weight))
      try expectDocumentForm(weight, member: "weight", in: Video { title })
    }
  }

  @Test(arguments: SlideDirection.allCases)
  func slideDirectionIsWrittenAsInADocument(direction: SlideDirection) throws {
    let video = Video {
      Self.title
      Transition.slide(direction: direction, duration: 0.5)
      Self.title
    }
    try expectDocumentForm(direction, member: "direction", in: video)
  }

  @Test func identifiersAreWrittenAsInADocument() throws {
    // A slash, a quote, a control character and non-ASCII text: escaped as the document is.
    let clipID = ClipID("intro/é \"1\"")
    try expectDocumentForm(clipID, member: "clipID", in: Video { Self.clip.id(clipID) })
    let layerID = LayerID("caption\n1\u{1F}")
    try expectDocumentForm(
      layerID, member: "layerID", in: Video {}.overlay(TextOverlay("x").id(layerID)))
    let filterIDs: [FilterID] = ["grade/1", "ключ"]
    let graded = filterIDs.reduce(Self.clip) { $0.filter(.brightness(0.1), id: $1) }
    try expectDocumentForm(filterIDs, member: "filterIDs", in: Video { graded })
  }

  /// An editor's own metadata, holding model values directly.
  struct EditorState: Codable, Equatable {
    var playhead: Time
    var selection: TimeRange?
    var accent: PlatformColor
    var lastTransform: Transform
    var watermarkPosition: Position
    var watermarkSize: Size
    var watermarkAnchor: Anchor
    var selectedClips: [ClipID]
    var focusedFilter: FilterID?
    var titleAlignment: TextStyle.Alignment
  }

  @Test func appMetadataKeepsModelValues() throws {
    let state = EditorState(
      playhead: Time(value: 1200, timescale: 600),
      selection: TimeRange(
        start: Time(value: 1, timescale: 30), duration: Time(value: 2, timescale: 1)),
      accent: PlatformColor(red: 1, green: 0.5, blue: 0, alpha: 0.75),
      lastTransform: Transform(rotation: 0.5, scale: 2, anchor: .topLeft),
      watermarkPosition: .bottomRight,
      watermarkSize: .aspectFit(within: .normalized(width: 0.2, height: 0.2), sourceAspect: 2),
      watermarkAnchor: .bottomRight, selectedClips: ["intro", "outro"], focusedFilter: "grade",
      titleAlignment: .center)
    let data = try Self.encoder.encode(state)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""playhead":{"timescale":600,"value":1200}"#))
    #expect(text.contains(#""selectedClips":["intro","outro"]"#))
    #expect(text.contains(#""watermarkAnchor":"bottomRight""#))
    let decoded = try JSONDecoder().decode(EditorState.self, from: data)
    #expect(decoded == state)
    #expect(reflection(decoded) == reflection(state))
    // Equal but differently spelled times stay as they were written (1/30, not 20/600).
    #expect(decoded.selection?.start.timescale == 30)
  }

  @Test func appMetadataWithAnInvalidValueIsRefusedWithItsPath() throws {
    let json = Data(
      #"""
      {"accent":{"alpha":1,"blue":0,"green":0,"red":0},
       "lastTransform":{"anchor":"center","center":{"kind":"normalized","x":0.5,"y":0.5},
                        "rotation":0,"scale":1},
       "playhead":{"timescale":0,"value":1200},"selectedClips":[],"titleAlignment":"leading",
       "watermarkAnchor":"center","watermarkPosition":{"kind":"pixels","x":1,"y":2},
       "watermarkSize":{"pixels":{"height":1,"width":1}}}
      """#.utf8)
    do {
      _ = try JSONDecoder().decode(EditorState.self, from: json)
      Issue.record("A playhead with timescale 0 was accepted")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["playhead", "timescale"])
      #expect(context.debugDescription.contains("positive 32-bit integer"))
    }
  }

  // MARK: Helpers

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  private static func sortedJSON(_ value: some Encodable) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Checks that `JSONEncoder` (sorted keys) writes `value` exactly as the saved document of
  /// `video` writes its only member named `member`, and that `JSONDecoder` reads it back equal
  /// by value and by reflection (so a time keeps its timescale, a zero its sign).
  private func expectDocumentForm<Value: Codable & Equatable>(
    _ value: Value, member: String, in video: Video,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let encoded = try Self.encoder.encode(value)
    let document = try KadrCoding.data(for: video)
    let written = try #require(
      memberValue(member, in: document, sourceLocation: sourceLocation),
      sourceLocation: sourceLocation)
    #expect(
      String(decoding: encoded, as: UTF8.self) == String(decoding: written, as: UTF8.self),
      sourceLocation: sourceLocation)
    let decoded = try JSONDecoder().decode(Value.self, from: encoded)
    #expect(decoded == value, sourceLocation: sourceLocation)
    #expect(reflection(decoded) == reflection(value), sourceLocation: sourceLocation)
  }
}

/// Everything reflection shows of a value, nested values included.
func reflection(_ value: Any) -> String {
  var text = ""
  dump(value, to: &text)
  return text
}

/// The bytes of the value of the only member named `key` in the compact JSON `document`, or
/// `nil` (with a recorded issue) when there is no such member or more than one.
func memberValue(
  _ key: String, in document: Data, sourceLocation: SourceLocation = #_sourceLocation
) -> Data? {
  let bytes = [UInt8](document)
  let pattern = [UInt8]("\"\(key)\":".utf8)
  var starts: [Int] = []
  var index = 0
  var inString = false
  while index < bytes.count {
    let byte = bytes[index]
    if inString {
      if byte == UInt8(ascii: "\\") {
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
    } else if byte == UInt8(ascii: "\"") {
      // Only a string that begins a member name can match: the pattern ends with `":`.
      if bytes[index...].starts(with: pattern) { starts.append(index + pattern.count) }
      inString = true
    }
    index += 1
  }
  guard starts.count == 1, let start = starts.first else {
    Issue.record(
      "Expected one member '\(key)' in the document, found \(starts.count)",
      sourceLocation: sourceLocation)
    return nil
  }
  var end = start
  var depth = 0
  inString = false
  while end < bytes.count {
    let byte = bytes[end]
    if inString {
      if byte == UInt8(ascii: "\\") {
        end += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = false
        if depth == 0 { return Data(bytes[start...end]) }
      }
    } else {
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return Data(bytes[start..<end]) }
        depth -= 1
        if depth == 0 { return Data(bytes[start...end]) }
      case UInt8(ascii: ","):
        if depth == 0 { return Data(bytes[start..<end]) }
      default: break
      }
    }
    end += 1
  }
  return Data(bytes[start..<end])
}
