import Foundation
import KadrModel
import KadrPersistence

/// Reads one project's sequence into layers of pieces placed in the sequence's time.
///
/// Every story element's place is worked out from its `offset` in its parent's time: a spine's
/// items in the spine's time (the sequence's, from its `tcStart`; a connected storyline's, from
/// zero), a connected item's in its parent clip's local time (its `start`). Containers
/// (compound, multicam, sync clips) are read where they play and cut to the part they show.
struct StoryReader {
  typealias Piece = StoryPieces.Piece
  typealias Layer = StoryPieces.Layer

  /// How a container's local time maps to the sequence's: `base` is where local `origin` is.
  struct TimeMap {
    let base: Time
    let origin: Time

    func absolute(_ local: Time) -> Time { base + (local - origin) }
  }

  let document: DocumentReader
  let images: (any ImageStore)?
  var items: [FCPXMLImportReport.Item] = []
  var layers: [Layer] = [Layer(lane: 0, name: nil, isStoryline: false, order: 0)]
  var audio: [StoryPieces.Audio] = []
  var captions: [Caption] = []
  /// The compound and multicam media being read, to refuse a media that contains itself.
  var mediaStack: [String] = []
  /// Which parts of media play while a multicam angle is read: a video angle whose audio
  /// comes from another angle plays muted and without its audio clips; an audio angle plays
  /// only its audio.
  enum AngleUse { case all, videoOnly, audioOnly }
  var angleUse = AngleUse.all
  /// One frame of the sequence, the length Final Cut Pro gives a point marker.
  var frameDuration: Time?
  /// The timeline's start timecode and rate, to name places by their timecodes in the report.
  var timecode: (origin: Time, rate: FrameRate)?
  /// Markers on the spine's gaps: the timeline's own markers, from the sequence's start.
  var timelineMarkers: [Marker] = []
  /// The sequence's frame, FCPXML's unit of position (set from the preset before reading).
  var frame = LookMapping.Frame(width: 1920, height: 1080)

  /// How many more story elements may be read. Compound and multicam clips are read once per
  /// use, so media that use each other several times over would multiply like an entity bomb:
  /// the budget (four times the document's elements, at least 100,000) bounds the work.
  var budget: Int
  /// The budget a reading started with, for the error.
  let initialBudget: Int

  init(document: DocumentReader, images: (any ImageStore)?) {
    self.document = document
    self.images = images
    initialBudget = max(100_000, 4 * document.elementCount)
    budget = initialBudget
  }

  /// Spends one element of the budget.
  ///
  /// - Throws: `FCPXMLError/Reason/limitExceeded(limit:value:)` when it is spent.
  mutating func spend(at path: String) throws(FCPXMLError) {
    budget -= 1
    guard budget >= 0 else {
      throw FCPXMLError(
        .limitExceeded(limit: "story elements read, compound clips expanded", value: initialBudget),
        path: path)
    }
  }

  /// The story elements being read, innermost last (element, name, start): a report item names
  /// the innermost one as a person does, with its timecode. The phrase is built only for an
  /// item, not for every element read.
  var context: [(element: String, name: String?, start: Time)] = []

  mutating func note(_ kind: FCPXMLImportReport.Item.Kind, _ path: String, _ detail: String) {
    items.append(
      FCPXMLImportReport.Item(
        kind: kind, path: path, detail: detail, subject: subjectForPerson(kind)))
  }

  /// `clip “Intro” at 01:00:05:00`, naming the element being read as an editor does; `the
  /// timeline` outside every story element (the sequence and its own markers, rate and
  /// timecode), `the document` for what is outside the project.
  func subjectForPerson(_ kind: FCPXMLImportReport.Item.Kind) -> String {
    if kind == .otherProjects { return "the document" }
    guard let innermost = context.last else { return "the timeline" }
    return Self.subject(
      element: innermost.element, name: innermost.name, at: timecode(at: innermost.start))
  }

  /// The timecode of a time of the timeline, when the timeline's start and rate are known.
  func timecode(at time: Time) -> String? {
    timecode.flatMap { FCPXMLTime.timecode(at: time, origin: $0.origin, rate: $0.rate) }
  }

  /// `clip “Intro” at 01:00:05:00`: a story element as a person names it, and where it plays.
  static func subject(element: String, name: String?, at timecode: String?) -> String {
    personName(element: element, name: name) + (timecode.map { " at \($0)" } ?? "")
  }

  /// What a person calls a story element: `clip “Intro”`, `compound clip`, `transition`.
  static func personName(element: String, name: String?) -> String {
    let kind =
      switch element {
      case "ref-clip": "compound clip"
      case "mc-clip": "multicam clip"
      case "sync-clip": "synchronised clip"
      case "audio": "audio clip"
      case "spine": "storyline"
      case "asset-clip", "video", "clip": "clip"
      default: element
      }
    return kind + (name.map { $0.isEmpty ? "" : " “\($0.prefix(60))”" } ?? "")
  }

  /// A time attribute of `element`, or `nil` when absent.
  ///
  /// - Throws: `FCPXMLError/Reason/invalidValue(attribute:value:)` for a value that is not a
  ///   time.
  func time(_ element: XMLTree, _ attribute: String, path: String) throws(FCPXMLError) -> Time? {
    guard let text = element[attribute] else { return nil }
    guard let time = FCPXMLTime.parse(text) else {
      throw FCPXMLError(
        .invalidValue(attribute: attribute, value: text), path: path, line: element.line)
    }
    return time
  }

  /// An element's duration, required and not negative.
  func duration(_ element: XMLTree, path: String, fallback: Time? = nil) throws(FCPXMLError)
    -> Time
  {
    guard let duration = try time(element, "duration", path: path) ?? fallback else {
      throw FCPXMLError(
        .invalidValue(attribute: "duration", value: "(missing)"), path: path, line: element.line)
    }
    guard duration >= .zero else {
      throw FCPXMLError(
        .invalidValue(attribute: "duration", value: element["duration"] ?? ""), path: path,
        line: element.line)
    }
    return duration
  }

  // MARK: The sequence

  /// Reads the project's sequence.
  mutating func read(_ project: DocumentReader.Project) throws(FCPXMLError) {
    let sequencePath = project.path + "/sequence"
    guard let sequence = project.element.child(named: "sequence"),
      let spine = sequence.child(named: "spine")
    else {
      throw FCPXMLError(.noProject, path: project.path, line: project.element.line)
    }
    let origin = try time(sequence, "tcStart", path: sequencePath) ?? .zero
    for child in sequence.children where child.name != "spine" {
      nonStory(child, path: sequencePath + "/" + child.name)
    }
    if let keywords = sequence["keywords"] {
      note(.marker, sequencePath, "The timeline's keywords '\(keywords)' are left out.")
    }
    try readSequential(
      spine.children, map: TimeMap(base: .zero, origin: origin), window: nil, layer: 0,
      path: sequencePath + "/spine", holdsPlace: true)
  }

  /// The items of a spine (or a container's content): lane-0 items one after another on
  /// `layer`, each at its offset (or where the previous ended); other lanes connected.
  ///
  /// - Parameters:
  ///   - holdsPlace: Whether an audio-only item leaves a gap on the layer (on a spine it
  ///     does; inside a clip container the video beside it holds the place).
  mutating func readSequential(
    _ children: [XMLTree], map: TimeMap, window: TimeRange?, layer: Int, path: String,
    holdsPlace: Bool
  ) throws(FCPXMLError) {
    var cursor = map.origin
    var counts: [String: Int] = [:]
    for child in children {
      counts[child.name, default: 0] += 1
      let childPath = "\(path)/\(child.name)[\(counts[child.name] ?? 1)]"
      guard Self.storyElements.contains(child.name) else {
        nonStory(child, path: childPath)
        continue
      }
      let lane = Int(child["lane"] ?? "0") ?? 0
      let offset = try time(child, "offset", path: childPath)
      if lane != 0 {
        try readConnected(
          child, at: map.absolute(offset ?? map.origin), lane: lane, window: window,
          path: childPath)
        continue
      }
      let local = offset ?? cursor
      try element(
        child, at: map.absolute(local), layer: layer, window: window, path: childPath,
        holdsPlace: holdsPlace)
      if child.name != "transition" {
        cursor = local + (try time(child, "duration", path: childPath) ?? .zero)
      }
    }
  }

  /// A connected item: a storyline, or a clip on a layer of its own.
  mutating func readConnected(
    _ child: XMLTree, at start: Time, lane: Int, window: TimeRange?, path: String
  ) throws(FCPXMLError) {
    let index = layers.count
    layers.append(
      Layer(
        lane: lane, name: child.name == "spine" ? child["name"] : nil,
        isStoryline: child.name == "spine", order: index))
    if child.name == "spine" {
      try readSequential(
        child.children, map: TimeMap(base: start, origin: .zero), window: window, layer: index,
        path: path, holdsPlace: true)
    } else {
      try element(child, at: start, layer: index, window: window, path: path, holdsPlace: false)
    }
    if lane < 0, layers[index].pieces.contains(where: { !$0.isTransition }) {
      note(
        .layerBelowSpine, path,
        "A connected video clip below the primary storyline (lane \(lane)) is layered above "
          + "it.")
    }
  }

  /// The elements that are story items (clips, gaps, transitions, captions, storylines).
  static let storyElements: Set<String> = [
    "asset-clip", "clip", "video", "audio", "title", "gap", "ref-clip", "mc-clip", "sync-clip",
    "audition", "transition", "caption", "spine",
  ]

  /// Elements a story element holds that are read with it (timing, title text) or said
  /// nothing about (parameters of something reported).
  static let readWithParent: Set<String> = [
    "timeMap", "text", "text-style-def", "param", "mc-source", "sync-source", "bookmark",
  ]

  /// Reports a child that is not a story item: a marker, metadata, an effect, or something
  /// unknown.
  mutating func nonStory(_ child: XMLTree, path: String) {
    switch child.name {
    case "mc-source", "sync-source":
      // Read with their clip; what they adjust (effects, roles) is reported.
      var counts: [String: Int] = [:]
      for grandchild in child.children {
        counts[grandchild.name, default: 0] += 1
        nonStory(grandchild, path: "\(path)/\(grandchild.name)[\(counts[grandchild.name] ?? 1)]")
      }
    case _ where Self.readWithParent.contains(child.name):
      return
    case "marker", "chapter-marker":
      let value = child["value"].map { " “\($0.prefix(60))”" } ?? ""
      let what = child.name == "marker" ? "marker" : "chapter marker"
      note(
        .marker, path,
        "A \(what)\(value) is left out: kadr keeps markers on video clips, titles and the "
          + "timeline, not on what this one is on.")
    case "keyword", "rating", "analysis-marker":
      let value = child["value"].map { " “\($0.prefix(60))”" } ?? ""
      let what = child.name == "analysis-marker" ? "analysis marker" : child.name
      note(.marker, path, "A \(what)\(value) is left out: kadr has no \(what)s.")
    case "metadata", "note":
      note(.metadata, path, Self.sentence(Self.personName(of: child), "is left out."))
    case "conform-rate":
      note(
        .conformRate, path,
        "The clip is conformed from \(child["srcFrameRate"] ?? "its own rate"); it keeps its "
          + "length and media range.")
    case _
    where child.name.hasPrefix("filter-") || child.name.hasPrefix("adjust-")
      || child.name.hasPrefix("audio-") || child.name == "mute" || child.name == "object-tracker":
      note(.effect, path, Self.sentence(Self.personName(of: child), "is left out."))
    default:
      note(.unknownElement, path, "The element '\(child.name)' is left out.")
    }
  }
}
