import Foundation
import KadrModel
import KadrPersistence

/// Builds the FCPXML document of one composition (see ``FCPXMLExporter`` for the mapping).
///
/// Places come from the composition's layout (`Video/layout`), so a clip lands in FCPXML where
/// kadr plays it; every place is a whole number of the sequence's frames.
struct SequenceWriter {
  /// Where a piece of the composition is, for a loss.
  struct Place {
    let location: String
    let pointer: String
    let user: String
  }

  /// One element of a spine, placed in frames of the spine's own time.
  struct Slot {
    var element: XMLTree
    let offset: Int64
    let duration: Int64
    /// The element's local time at its offset (its `start`), where connected items count from.
    let localStart: Time
    let isTransition: Bool
  }

  let video: Video
  let layout: TimelineLayout
  /// The sequence's frame duration (`1/rate` seconds).
  let frame: Time
  let images: (any ImageStore)?
  var resources = ResourceTable()
  private(set) var losses: [Loss] = []
  private var lostKeys: Set<String> = []
  /// What changed without changing the picture or sound (see ``FCPXMLExportNote``).
  private(set) var notes: [FCPXMLExportNote] = []
  var styleCount = 0

  /// Where stills are copied under their names (``FCPXMLExporter/stillsFolder``), or `nil`
  /// to point their assets at the image store's files.
  var stillsFolder: URL?
  /// The stills to copy into ``stillsFolder``: each distinct image once, under its file name.
  var stillFiles: [(name: String, data: Data)] = []
  /// The file name each image's bytes were given in ``stillsFolder``.
  var stillFileNames: [Data: String] = [:]
  /// The names claimed in ``stillsFolder``.
  var claimedStillNames = DistinctFileNames()

  init(video: Video, images: (any ImageStore)?) {
    self.video = video
    self.images = images
    layout = video.layout
    // The preset's exact frame (1001/30000 s at 29.97); a rate no document can hold is 1 fps,
    // and a loss says so.
    frame =
      video.preset.rate.frameDuration
      ?? Time(value: 1, timescale: Int32(clamping: max(video.preset.frameRate, 1)))
  }

  // MARK: Losses and frames

  /// Records that `what` at `place` is not written (once per place and phrase).
  mutating func lose(_ what: String, at place: Place, kind: Loss.Kind? = nil) {
    let key = "\(place.location)|\(what)"
    guard lostKeys.insert(key).inserted else { return }
    losses.append(
      Loss(
        kind: kind ?? .other(what), location: place.location, pointer: place.pointer,
        detail: kind == nil ? nil : what, placeForUser: place.user))
  }

  /// Records a note at `place`: once per place and kind, except that a move to the nearest
  /// frame keeps the largest move at its place.
  mutating func note(_ kind: FCPXMLExportNote.Kind, at place: Place) {
    let note = FCPXMLExportNote(kind: kind, location: place.location, placeForUser: place.user)
    if case .movedToFrame(let seconds) = kind,
      let index = notes.firstIndex(where: {
        if case .movedToFrame = $0.kind { return $0.location == place.location }
        return false
      })
    {
      if case .movedToFrame(let previous) = notes[index].kind, seconds > previous {
        notes[index] = note
      }
      return
    }
    if !notes.contains(note) { notes.append(note) }
  }

  /// The most frames a time may count, either way: a quarter of `Int64`, so that adding or
  /// subtracting a few frame counts (an offset and a duration) can never overflow. At 1,000 fps
  /// that is 73 million years.
  static let maximumFrames = Int64.max / 4

  /// The frame `time` falls on; a time between frames is rounded to the nearest one, as a note
  /// saying by how much (at most half a frame, which nobody sees). Callers snap boundaries (a
  /// start and an end), never a length, so neighbours stay touching after the move.
  /// `nil`, with a loss that says so, when the time is invalid or counts more frames than
  /// ``maximumFrames``: the caller leaves its item out.
  mutating func frames(_ time: Time, at place: Place) -> Int64? {
    guard let nearest = FCPXMLTime.nearestFrame(to: time, frameDuration: frame),
      nearest.magnitude <= Self.maximumFrames.magnitude
    else {
      let what = time.isValid ? "a time of \(time.seconds) s" : "a time that is not a number"
      lose(
        "\(what), which FCPXML cannot count in frames of the \(video.preset.frameRate) fps "
          + "sequence (at most \(Self.maximumFrames) frames); left out", at: place)
      return nil
    }
    if FCPXMLTime.frames(in: time, frameDuration: frame) == nil {
      let moved = (self.time(nearest) - time).seconds
      note(.movedToFrame(seconds: abs(moved)), at: place)
    }
    return nearest
  }

  /// The time of `count` frames.
  func time(_ count: Int64) -> Time {
    FCPXMLTime.time(frames: count, frameDuration: frame) ?? .invalid
  }

  /// `text(time(count))`.
  func text(frames count: Int64) -> String { FCPXMLTime.text(time(count)) }

  // MARK: Places

  /// The place of the clip at `path` (`[i]` top level, `[i, j]` inside track `i`).
  func place(of clip: any Clip, path: [Int]) -> Place {
    let what = Self.describe(clip)
    let indices = path.map { "[\($0)]" }.joined(separator: ".clips")
    let userPath = path.map { "\($0 + 1)" }.joined(separator: ".")
    let pointer =
      path.count == 1 ? "/\(DocumentEnvelope.rootKey)/clips/\(path[0])" : ""
    return Place(
      location: "clips\(indices) (\(what))", pointer: pointer, user: "clip \(userPath) (\(what))")
  }

  /// A short description of a clip: `video a.mov`, `title “Hello”`.
  static func describe(_ clip: any Clip) -> String {
    if let id = clip.clipID { return "“\(id.rawValue)”" }
    switch clip {
    case let video as VideoClip: return "video \(video.url.lastPathComponent)"
    case let title as TitleSequence: return "title “\(title.text.prefix(30))”"
    case is ImageClip: return "image"
    case let track as Track: return "track" + (track.name.map { " “\($0)”" } ?? "")
    case is Transition: return "transition"
    default: return String(describing: type(of: clip))
    }
  }

  /// The composition's own place.
  static let compositionPlace = Place(
    location: "the composition", pointer: "/\(DocumentEnvelope.rootKey)",
    user: "the composition")

  /// The clip at `path` in the composition's nested clip arrays.
  func clip(at path: [Int]) -> (any Clip)? {
    var clips = video.clips
    for (depth, index) in path.enumerated() {
      guard clips.indices.contains(index) else { return nil }
      if depth == path.count - 1 { return clips[index] }
      guard let track = clips[index] as? Track else { return nil }
      clips = track.clips
    }
    return nil
  }

  // MARK: The document

  /// The `fcpxml` element.
  mutating func document(eventName: String, projectName: String) -> XMLTree {
    compositionLosses()
    let sequence = sequenceElement()
    let format = XMLTree(
      "format",
      [
        ("id", ResourceTable.formatID), ("frameDuration", FCPXMLTime.text(frame)),
        ("width", "\(pixelSize.width)"), ("height", "\(pixelSize.height)"),
      ])
    let project = XMLTree("project", [("name", projectName)], children: [sequence])
    let event = XMLTree("event", [("name", eventName)], children: [project])
    var root = XMLTree(
      "fcpxml", [("version", FCPXMLVocabulary.exportVersion)],
      children: [resources.element(format: format), XMLTree("library", children: [event])])
    cleanUnrepresentable(&root)
    return root
  }

  /// The preset's size in pixels: a custom preset's own numbers (never through the `Double`s
  /// of `resolution`, whose `Int(_:)` traps on a width of `Int.max`), a named one's size.
  var pixelSize: (width: Int, height: Int) {
    if case .custom(let width, let height, _, _) = video.preset { return (width, height) }
    let size = video.preset.resolution
    return (Int(size.width), Int(size.height))
  }

  /// The `sequence`: the main chain on the spine, every other layer, audio track and caption
  /// connected to the spine element playing where it starts.
  private mutating func sequenceElement() -> XMLTree {
    var slots: [Slot] = []
    if let main = layout.mainChain {
      slots = chain(main, base: 0)
    }
    var connected = connectedLayers() + audioItems() + captionItems()
    // The spine runs to the end of everything: a gap covers what only connected items fill.
    let spineEnd = slots.last.map { $0.offset + $0.duration } ?? 0
    let end = connected.map(\.end).reduce(spineEnd, max)
    if end > spineEnd {
      slots.append(
        Slot(
          element: XMLTree(
            "gap",
            [
              ("name", "Gap"), ("offset", text(frames: spineEnd)),
              ("duration", text(frames: end - spineEnd)),
            ]
          ), offset: spineEnd, duration: end - spineEnd, localStart: .zero, isTransition: false))
    }
    connected.sort { ($0.start, $0.order) < ($1.start, $1.order) }
    for (index, marker) in video.markers.enumerated() {
      if let item = timelineMarker(marker, index: index) { connected.append(item) }
    }
    for item in connected {
      guard
        let index = slots.lastIndex(where: {
          !$0.isTransition && $0.offset <= item.start && item.start < $0.offset + $0.duration
        })
      else {
        if let place = item.place {
          lose(
            "a marker past the timeline's last frame, which no clip can hold; left out", at: place)
        }
        continue
      }
      if item.isMarker, let place = item.place, slots[index].element.name != "gap" {
        note(.markerOnClip, at: place)
      }
      var element = item.element
      let local =
        item.exactStart.map { slots[index].localStart + ($0 - time(slots[index].offset)) }
        ?? slots[index].localStart + time(item.start - slots[index].offset)
      element.attributes.insert(
        (item.isMarker ? "start" : "offset", FCPXMLTime.text(local)), at: item.offsetPosition)
      slots[index].element.children.append(element)
    }
    // The spine counts from the start timecode: every offset on it is moved by as much.
    let startFrames = startTimecodeFrames()
    for index in slots.indices {
      Self.putMarkersLast(&slots[index].element)
      if startFrames != 0,
        let position = slots[index].element.attributes.firstIndex(where: { $0.name == "offset" })
      {
        slots[index].element.attributes[position].value = text(
          frames: slots[index].offset + startFrames)
      }
    }
    return XMLTree(
      "sequence",
      [
        ("format", ResourceTable.formatID), ("duration", text(frames: end)),
        ("tcStart", text(frames: startFrames)),
        ("tcFormat", video.preset.rate.isDropFrame ? "DF" : "NDF"), ("audioLayout", "stereo"),
        ("audioRate", "48k"),
      ], children: [XMLTree("spine", children: slots.map(\.element))])
  }
}
