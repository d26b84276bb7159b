import Foundation
import Testing

/// KadrOTIO spells none of the schema-1 format's keys: it goes through the codecs (their key
/// enums, the registry's value encoding, the model's properties), so a key is spelled once, in
/// its codec, and a field a codec adds reaches OpenTimelineIO without this module knowing it.
@Suite("KadrOTIO spells no schema-1 key")
struct FormatKeySpellingTests {
  /// Every object key FORMAT.md defines, with the kind ids that are the keys of tagged clips and
  /// overlays (`{"<kind>": {"_0": …}}`).
  static let formatKeys: Set<String> = [
    // The envelope, the tag box and the values.
    "schema", "video", "_0", "timescale", "value", "duration", "start", "kind", "x", "y",
    "normalized", "pixels", "percent", "height", "width", "aspectFit", "aspectFill",
    "sourceAspect", "within", "covering", "alpha", "blue", "green", "red", "anchor", "center",
    "rotation", "scale", "p1x", "p1y", "p2x", "p2y", "keyframes", "time", "timing", "scalar",
    "url", "threshold", "color", "blur", "offset", "alignment", "fontName", "fontSize", "shadow",
    "stroke", "weight", "durationValue", "durationTimescale", "beginTime", "from", "direction",
    "opacity", "radius",
    // Clips.
    "trimRange", "isReversed", "isMuted", "volumeLevel", "replacementAudioURL", "speedRate",
    "speedCurve", "filters", "filterIDs", "filterAnimations", "clipID", "startTime", "transform",
    "transformAnimation", "opacityAnimation", "imageToken", "backgroundColor", "audioURL", "text",
    "style", "clips", "name", "opacityFactor",
    // Overlays.
    "position", "size", "layerID", "visibilityRange", "textAnimation", "positionAnimation",
    "sizeAnimation",
    // The composition.
    "audioTracks", "overlays", "captions", "crop", "preset", "quality", "fadeInDuration",
    "fadeOutDuration", "duckingLevel", "explicitDuration", "crossfadeDuration", "volumeRamps",
    "endVolume", "range", "startVolume", "pitchAlgorithm", "timeRange", "frameRate", "codec",
    "bitrate", "fileSizeBytes", "payloadVersions",
    // Kind ids, the keys of tagged clips and overlays.
    "image", "title", "transition", "track", "sticker",
  ]

  /// Where keys of other formats are spelled once: OpenTimelineIO's schema (`OTIOSchema.swift`),
  /// the keys of the object this module keeps under `metadata["kadr"]` (`KadrMetadata.swift`),
  /// some of which share a name with a schema-1 key, and the few schema-1 keys the mapping
  /// points at (`FormatKeys.swift`): the module stands on the core's public API, where the
  /// codecs' key enums are not, so it names those keys once, from the public format.
  static let schemaFolder = "Sources/KadrOTIO/Schema/"

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The string literals of one line of Swift, with the text before each.
  static func literals(in line: Substring) -> [(before: Substring, text: Substring)] {
    var found: [(Substring, Substring)] = []
    var index = line.startIndex
    var start: String.Index?
    while index < line.endIndex {
      let character = line[index]
      if character == "\\", start != nil {
        index = line.index(after: index)
      } else if character == "\"" {
        if let open = start {
          found.append((line[..<line.index(before: open)], line[open..<index]))
          start = nil
        } else {
          start = line.index(after: index)
        }
      }
      if index < line.endIndex { index = line.index(after: index) }
    }
    return found
  }

  /// `file:line: "key"` for every schema-1 key written as a whole string literal in the
  /// module's code (comments aside; a literal passed as `what:` is a word of a sentence).
  static func spelledKeys() throws -> [String] {
    let sources = packageRoot.appendingPathComponent("Sources/KadrOTIO")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    else { return ["cannot list \(sources.path)"] }
    var spelled: [String] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let relative = String(file.path.dropFirst(packageRoot.path.count + 1))
      guard !relative.hasPrefix(schemaFolder) else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where !line.drop(while: { $0 == " " }).hasPrefix("//") {
        for (before, literal) in literals(in: line)
        where formatKeys.contains(String(literal)) && !before.hasSuffix("what: ") {
          spelled.append("\(relative):\(number + 1): \"\(literal)\"")
        }
      }
    }
    return spelled.sorted()
  }

  @Test func noSchemaOneKeyIsALiteralInKadrOTIO() throws {
    let spelled = try Self.spelledKeys()
    let list = spelled.joined(separator: "\n")
    #expect(
      spelled.isEmpty,
      "go through the codec (its Key enum, the registry, the model) instead of spelling:\n\(list)")
  }

  @Test func theScanFindsALiteralKey() {
    let line: Substring = #"    payload["url"] = .string(url.absoluteString) // "clips""#
    #expect(Self.literals(in: line).map(\.text).contains("url"))
    #expect(Self.literals(in: #"  "a \"url\" b""#).map(\.text) == [#"a \"url\" b"#])
  }
}
