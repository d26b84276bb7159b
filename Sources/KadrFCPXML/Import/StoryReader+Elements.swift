import Foundation
import KadrModel

extension StoryReader {
  /// One story element at `start` on `layer`.
  mutating func element(
    _ element: XMLTree, at start: Time, layer: Int, window: TimeRange?, path: String,
    holdsPlace: Bool
  ) throws(FCPXMLError) {
    try spend(at: path)
    context.append((element.name, element["name"], start))
    defer { context.removeLast() }
    // An audio angle contributes its audio only: its video, titles and gaps are not heard.
    if angleUse == .audioOnly,
      !["asset-clip", "audio", "clip", "sync-clip", "spine", "audition", "ref-clip", "mc-clip"]
        .contains(element.name)
    {
      return
    }
    switch element.name {
    case "transition":
      let length = try duration(element, path: path)
      add(
        Piece(
          start: start, end: start + length, kind: .transition(transition(element, path: path)),
          path: path), to: layer, window: window)
      var counts: [String: Int] = [:]
      for child in element.children where !["filter-video", "filter-audio"].contains(child.name) {
        counts[child.name, default: 0] += 1
        nonStory(child, path: "\(path)/\(child.name)[\(counts[child.name] ?? 1)]")
      }
      return
    case "caption":
      guard element["enabled"] != "0" else {
        note(.disabledItem, path, "A disabled caption is left out.")
        return
      }
      let length = try duration(element, path: path)
      let text = Self.text(of: element)
      if let range = TimeRange(start: start, duration: length).clipped(to: window) {
        captions.append(Caption(text: text, timeRange: range))
      }
      return
    case "spine":
      // A storyline inside a container (lane 0): its items in its own time, from zero.
      try readSequential(
        element.children, map: TimeMap(base: start, origin: .zero), window: window, layer: layer,
        path: path, holdsPlace: holdsPlace)
      return
    case "audition":
      try audition(element, at: start, layer: layer, window: window, path: path)
      return
    default:
      break
    }
    let length = try duration(element, path: path, fallback: assetDuration(of: element))
    let localStart = try time(element, "start", path: path) ?? .zero
    if element["enabled"] == "0" {
      if layer == 0 || layers[layer].isStoryline {
        add(
          Piece(start: start, end: start + length, kind: .gap(name: ""), path: path), to: layer,
          window: window)
        note(
          .disabledItem, path,
          "A disabled \(Self.personName(element: element.name, name: nil)) is kept as a gap.")
      } else {
        note(
          .disabledItem, path,
          "A disabled connected \(Self.personName(element: element.name, name: nil)) is left out.")
      }
      return
    }
    if !Self.elementsWithFacts.contains(element.name) {
      let roles = [("role", "role"), ("audioRole", "audio role"), ("videoRole", "video role")]
        .compactMap { attribute, name in element[attribute].map { "\(name) '\($0)'" } }
      if !roles.isEmpty {
        note(
          .role, path,
          "The \(roles.joined(separator: " and ")) of the "
            + "\(Self.personName(element: element.name, name: nil)) "
            + "\(roles.count == 1 ? "is" : "are") left out: it is placed as its contents.")
      }
    }
    let parameters = element.children(named: "param").count
    if parameters > 0 {
      note(
        .effect, path,
        "\(parameters) parameter\(parameters == 1 ? "" : "s") of the "
          + "\(Self.personName(element: element.name, name: nil)) "
          + "(position, look, …) \(parameters == 1 ? "is" : "are") left out.")
    }
    if element["audioStart"] != nil || element["audioDuration"] != nil {
      note(.splitEdit, path, "A split edit: the audio plays with the video.")
    }
    let clipWindow = TimeRange(start: start, duration: length).clipped(to: window)
    // Wholly outside the part of a compound clip that plays: its contents are not seen (a
    // `nil` window would mean no limit at all).
    let isHidden = window != nil && clipWindow == nil
    // A hidden element plays nothing, so nothing of its look is lost.
    let look =
      isHidden ? StoryPieces.Look() : try self.look(of: element, localStart: localStart, path: path)
    // Its name, role and markers, where a clip or the timeline keeps them (a hidden element's
    // markers are not seen: they are reported with its other children).
    let readsFacts = !isHidden && Self.elementsWithFacts.contains(element.name)
    var facts = readsFacts ? try self.facts(of: element, path: path) : StoryPieces.ClipFacts()
    facts.start = start
    switch element.name {
    case let name where isHidden && ["ref-clip", "mc-clip", "clip", "sync-clip"].contains(name):
      break
    case "asset-clip", "video", "audio":
      try media(
        element, at: start, length: length, localStart: localStart, look: look, facts: facts,
        layer: layer, window: window, path: path, holdsPlace: holdsPlace)
    case "title":
      let style =
        element.child(named: "text-style-def")?.child(named: "text-style").map(
          TitleStyleMapping.style(from:)) ?? TextStyle()
      add(
        Piece(
          start: start, end: start + length,
          kind: .title(text: Self.text(of: element), style: style), path: path, look: look,
          facts: facts),
        to: layer, window: window)
    case "gap":
      let name = element["name"] ?? ""
      add(
        Piece(
          start: start, end: start + length, kind: .gap(name: name == "Gap" ? "" : name), path: path
        ),
        to: layer, window: window)
      if layer == 0 {
        // A marker on a gap of the spine marks the timeline itself.
        for marker in facts.markers {
          let at = start + (marker.start - localStart)
          guard at.isValid, at >= .zero else {
            note(
              .marker, facts.path,
              "The marker “\(marker.name)” falls before the timeline's start (or its time "
                + "overflows); it is left out.")
            continue
          }
          guard window.map({ $0.start <= at && at <= $0.end }) ?? true else {
            note(
              .marker, facts.path,
              "The marker “\(marker.name)” is in a part of a compound clip the timeline does "
                + "not show; it is left out.")
            continue
          }
          timelineMarkers.append(
            Marker(
              marker.name, at: at, duration: marker.duration, kind: marker.kind,
              note: marker.note))
        }
      } else {
        leaveOut(facts, of: "a gap in a storyline")
      }
    case "ref-clip", "mc-clip":
      let nested = try compound(
        element, at: start, length: length, localStart: localStart, layer: layer,
        window: clipWindow, path: path)
      if nested {
        // Its adjust-blend is the nested track's opacity factor, read with it.
        var rest = element
        rest.children.removeAll { $0.name == "adjust-blend" }
        try connectedChildren(
          of: rest, at: start, localStart: localStart, window: window, path: path)
        return
      }
    case "clip", "sync-clip":
      if element.name == "sync-clip" {
        note(.containerFlattened, path, "A synchronised clip is placed as its contents.")
      }
      try readSequential(
        element.children, map: TimeMap(base: start, origin: localStart), window: clipWindow,
        layer: layer, path: path, holdsPlace: false)
      return
    default:
      break
    }
    try connectedChildren(
      of: element, at: start, localStart: localStart, window: window, path: path,
      markersRead: readsFacts)
  }

  /// The items connected to a clip, whose offsets count in the clip's local time.
  ///
  /// - Parameters:
  ///   - markersRead: Whether its markers were read with it (see ``facts(of:path:)``).
  mutating func connectedChildren(
    of element: XMLTree, at start: Time, localStart: Time, window: TimeRange?, path: String,
    markersRead: Bool = false
  ) throws(FCPXMLError) {
    let map = TimeMap(base: start, origin: localStart)
    var counts: [String: Int] = [:]
    for child in element.children {
      counts[child.name, default: 0] += 1
      let childPath = "\(path)/\(child.name)[\(counts[child.name] ?? 1)]"
      if markersRead && (child.name == "marker" || child.name == "chapter-marker") { continue }
      guard Self.storyElements.contains(child.name) else {
        // A clip's transform, opacity and volume are read with it (see `look(of:)`).
        if !(Self.elementsWithLook.contains(element.name)
          && Self.readAdjustments.contains(child.name))
        {
          nonStory(child, path: childPath)
        }
        continue
      }
      let lane = Int(child["lane"] ?? "0") ?? 0
      let offset = try time(child, "offset", path: childPath) ?? localStart
      try readConnected(
        child, at: map.absolute(offset), lane: lane == 0 ? 1 : lane, window: window,
        path: childPath)
    }
  }

  /// Adds `piece` to `layer`, cut to `window`.
  mutating func add(_ piece: Piece, to layer: Int, window: TimeRange?) {
    guard let piece = piece.clipped(to: window) else { return }
    layers[layer].pieces.append(piece)
  }

  /// The duration of the asset an `asset-clip` names (FCPXML lets it default to that).
  func assetDuration(of element: XMLTree) -> Time? {
    guard element.name == "asset-clip", let ref = element["ref"],
      let text = document.resources[ref]?["duration"]
    else { return nil }
    return FCPXMLTime.parse(text)
  }

  /// The text of a title or caption: its `text` elements' text, one per line.
  static func text(of element: XMLTree) -> String {
    element.children(named: "text").map { text in
      text.text + text.children.map(\.text).joined()
    }.joined(separator: "\n")
  }

  /// An audition: its first clip (the picked one) in its place; the others reported.
  mutating func audition(
    _ element: XMLTree, at start: Time, layer: Int, window: TimeRange?, path: String
  ) throws(FCPXMLError) {
    let clips = element.children.filter { Self.storyElements.contains($0.name) }
    guard var picked = clips.first else { return }
    if clips.count > 1 {
      note(
        .auditionAlternatives, path,
        "An audition: its picked clip is kept, \(clips.count - 1) alternative"
          + (clips.count == 2 ? " is" : "s are") + " left out.")
    }
    for child in element.children where !Self.storyElements.contains(child.name) {
      nonStory(child, path: path + "/" + child.name)
    }
    picked.attributes.removeAll { $0.name == "lane" || $0.name == "offset" }
    try self.element(
      picked, at: start, layer: layer, window: window, path: path + "/\(picked.name)[1]",
      holdsPlace: true)
  }

  /// The kadr transition of a `transition` element, by its effect's uid (or, without one, its
  /// name): Final Cut Pro's Cross Dissolve, Fade To Color (black) and Slide with its direction;
  /// any other is a dissolve of the same length, and the report says so.
  mutating func transition(_ element: XMLTree, path: String) -> Piece.Transition {
    let filter = element.child(named: "filter-video")
    let uid = filter?["ref"].flatMap { document.resources[$0]?["uid"] }
    let name = element["name"] ?? "unnamed"
    let parameters = filter?.children.filter { $0.name == "param" } ?? []
    switch uid ?? name {
    case FCPXMLVocabulary.crossDissolveUID, FCPXMLVocabulary.crossDissolveName:
      return .dissolve
    case FCPXMLVocabulary.fadeToColorUID, FCPXMLVocabulary.fadeToColorName:
      // Black is the default (no parameter); another colour is a fade through black in kadr.
      let colour = parameters.first { $0["name"]?.lowercased() == "color" }?["value"]
      let rgb = colour?.split(separator: " ").prefix(3).map { Double($0) ?? 1 } ?? [0, 0, 0]
      if rgb.contains(where: { $0 != 0 }) {
        note(
          .transitionKind, path,
          "The Fade To Color transition '\(name)' is imported as a fade through black.")
      }
      return .fade
    case FCPXMLVocabulary.slideUID, FCPXMLVocabulary.slideName:
      let value =
        parameters.first { $0["key"] == FCPXMLVocabulary.slideDirectionKey }?["value"] ?? "0"
      guard let direction = FCPXMLVocabulary.slideDirection(value) else {
        note(
          .transitionKind, path,
          "The Slide transition '\(name)' has a direction kadr does not know (\(value)); it is "
            + "imported as a slide from the right.")
        return .slide(.fromRight)
      }
      return .slide(direction)
    default:
      note(
        .transitionKind, path,
        "The transition '\(name)' is imported as a dissolve of the same length.")
      return .dissolve
    }
  }
}

extension TimeRange {
  /// The part of this range inside `window` (all of it without a window), or `nil`.
  func clipped(to window: TimeRange?) -> TimeRange? {
    guard let window else { return self }
    let start = Time.max(self.start, window.start)
    let end = Time.min(self.end, window.end)
    guard start < end else { return nil }
    return TimeRange(start: start, end: end)
  }
}
