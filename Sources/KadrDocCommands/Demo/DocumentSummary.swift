import Foundation
import KadrPersistence

/// What `inspect` (and `demo`) tell about a document: built once, rendered as text or JSON.
struct DocumentSummary {
  var schema: Int
  var kinds: [String: [String: Int]] = [:]
  var clipCount = 0
  var trackCount = 0
  var transitionCount = 0
  var naiveDuration: Time
  var timelineDuration: Time
  var layers: [(name: String, start: Time, end: Time, clips: Int, depth: Int)] = []
  var overlays: [String] = []
  var audioTracks: [String] = []
  var captions: [String] = []
  var tokens: [String] = []
  var filters: [String: Int] = [:]
  var preserved: [PreservedContent] = []
  var layoutIssues: [String] = []

  init(json: JSONValue, opened: DecodedDocument<Video>, registry: CodecRegistry) {
    let video = opened.root
    schema = opened.schema
    naiveDuration = video.duration
    let layout = video.layout
    timelineDuration = layout.duration
    preserved = opened.preserved
    tokens = registry.imageTokens(in: json)
    layoutIssues = layout.issues.map(\.description)
    collectKinds(json, context: nil)
    // The clips the timeline picture shows (boxes, not tracks or transitions): one count
    // everywhere.
    clipCount = TimelineSVG.clipCount(layout)
    trackCount = kinds["clip", default: [:]]["track", default: 0]
    transitionCount = kinds["clip", default: [:]]["transition", default: 0]
    filters = kinds["filter", default: [:]]
    func visit(_ layer: TimelineLayout.Layer, depth: Int) {
      let name: String
      switch layer.kind {
      case .mainChain: name = "main chain"
      case .timed(let index): name = "clip at index \(index) (at(time:))"
      case .track(let trackName): name = "track \(trackName.map { "“\($0)”" } ?? "(unnamed)")"
      }
      layers.append((name, layer.start, layer.end, layer.entries.count, depth))
      for child in layer.children { visit(child, depth: depth + 1) }
    }
    for layer in layout.layers { visit(layer, depth: 0) }
    overlays = video.overlays.map { overlay in
      let type = String(describing: Swift.type(of: overlay))
      return type + (overlay.layerID.map { " “\($0)”" } ?? "")
    }
    audioTracks = video.audioTracks.map { $0.url.lastPathComponent }
    captions = video.captions.map {
      "\(Self.seconds($0.timeRange.start))–\(Self.seconds($0.timeRange.end)) \($0.text)"
    }
  }

  /// Counts kind ids by where they appear: clips, overlays, filters, text animations.
  private mutating func collectKinds(_ value: JSONValue, context: String?) {
    switch value {
    case .array(let items):
      for item in items {
        switch (context, item) {
        case ("clips", .object(let object)) where object.count == 1:
          kinds["clip", default: [:]][object.keys[0], default: 0] += 1
        case ("overlays", .object(let object)) where object.count == 1:
          kinds["overlay", default: [:]][object.keys[0], default: 0] += 1
        case ("filters", .object(let object)):
          if case .string(let kind)? = object["kind"] {
            kinds["filter", default: [:]][kind, default: 0] += 1
          }
        default:
          break
        }
        collectKinds(item, context: nil)
      }
    case .object(let object):
      for (key, child) in object {
        if key == "textAnimation", case .object(let animation) = child,
          case .string(let kind)? = animation["kind"]
        {
          kinds["text animation", default: [:]][kind, default: 0] += 1
        }
        collectKinds(child, context: key)
      }
    default:
      break
    }
  }

  static func seconds(_ time: Time) -> String {
    time.isValid ? String(format: "%.2fs", time.seconds) : "invalid"
  }

  var text: String {
    var lines = ["schema \(schema)"]
    lines.append(
      "clips: \(clipCount) (as in the timeline picture; besides them "
        + "\(Plural.count(trackCount, "track")) and \(Plural.count(transitionCount, "transition")))"
    )
    for point in ["clip", "overlay", "filter", "text animation"] {
      guard let counts = kinds[point], !counts.isEmpty else { continue }
      let list = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      lines.append("\(point) kinds: " + list.joined(separator: ", "))
    }
    lines.append("timeline length: \(Self.seconds(timelineDuration)) (where the last picture ends)")
    if naiveDuration != timelineDuration {
      lines.append(
        "duration (kadr's sum): \(Self.seconds(naiveDuration)) (Video.duration as kadr 1.x "
          + "computes it: every clip's length added up, though tracks and at(time:) clips play "
          + "over the main chain and transitions overlap their neighbours)")
    } else {
      lines.append("duration (kadr's sum): \(Self.seconds(naiveDuration)) (the same)")
    }
    lines.append("layers: \(layers.count)")
    for layer in layers {
      let indent = String(repeating: "  ", count: layer.depth + 1)
      lines.append(
        "\(indent)\(layer.name): \(Self.seconds(layer.start))–\(Self.seconds(layer.end)), \(layer.clips) entr\(layer.clips == 1 ? "y" : "ies")"
      )
    }
    lines.append(
      "overlays: \(overlays.count)"
        + (overlays.isEmpty ? "" : " — " + overlays.joined(separator: ", ")))
    lines.append(
      "audio tracks: \(audioTracks.count)"
        + (audioTracks.isEmpty ? "" : " — " + audioTracks.joined(separator: ", ")))
    lines.append("captions: \(captions.count)")
    for caption in captions { lines.append("  \(caption)") }
    lines.append("image tokens: \(tokens.count)")
    for token in tokens { lines.append("  \(token)") }
    if !preserved.isEmpty {
      lines.append("kept without being understood: \(preserved.count)")
      for item in preserved { lines.append("  \(item)") }
    }
    for issue in layoutIssues { lines.append("timeline warning: \(issue)") }
    return lines.joined(separator: "\n")
  }

  var json: JSONValue {
    func time(_ value: Time) -> JSONValue { value.isValid ? .number(value.seconds) : .null }
    var object = JSONObject()
    object["schema"] = .integer(Int64(schema))
    object["clipCount"] = .integer(Int64(clipCount))
    object["trackCount"] = .integer(Int64(trackCount))
    object["transitionCount"] = .integer(Int64(transitionCount))
    var kindObject = JSONObject()
    for (point, counts) in kinds {
      var countObject = JSONObject()
      for (kind, count) in counts { countObject[kind] = .integer(Int64(count)) }
      kindObject[point] = .object(countObject)
    }
    object["kinds"] = .object(kindObject)
    object["durationSeconds"] = time(naiveDuration)
    object["timelineSeconds"] = time(timelineDuration)
    object["layers"] = .array(
      layers.map { layer in
        .object([
          "name": .string(layer.name), "start": time(layer.start), "end": time(layer.end),
          "entries": .integer(Int64(layer.clips)), "depth": .integer(Int64(layer.depth)),
        ])
      })
    object["overlays"] = .array(overlays.map { .string($0) })
    object["audioTracks"] = .array(audioTracks.map { .string($0) })
    object["captions"] = .array(captions.map { .string($0) })
    object["imageTokens"] = .array(tokens.map { .string($0) })
    object["preserved"] = .array(preserved.map { .string($0.description) })
    object["timelineWarnings"] = .array(layoutIssues.map { .string($0) })
    return .object(object)
  }
}
