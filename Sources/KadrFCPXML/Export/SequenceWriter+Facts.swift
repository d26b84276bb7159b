import Foundation
import KadrModel
import KadrPersistence

extension SequenceWriter {
  /// The frame the sequence's start timecode names (`tcStart`, in frames of the sequence), 0
  /// without one. A timecode counted at another rate than the preset's is written as the frame
  /// its time falls on, with a loss: its label changes.
  mutating func startTimecodeFrames() -> Int64 {
    guard let timecode = video.startTimecode else { return 0 }
    let place = Self.compositionPlace
    if timecode.rate == video.preset.rate, timecode.frameNumber <= Self.maximumFrames {
      return timecode.frameNumber
    }
    guard let time = timecode.time, let count = frames(time, at: place) else {
      lose("a start timecode (\(timecode)) FCPXML cannot count in frames; left out", at: place)
      return 0
    }
    lose(
      "a start timecode (\(timecode)) counted at another rate than the preset's; written as "
        + "the frame of its time, so its label changes", at: place)
    return max(count, 0)
  }

  /// The `marker` or `chapter-marker` of `marker`, its start at `start` (in its parent's local
  /// time; `nil` when it is set once the parent is known). A point marker (kadr's `.zero`
  /// duration) lasts one frame, as Final Cut Pro's do.
  mutating func markerElement(_ marker: Marker, start: Time?, at place: Place) -> XMLTree {
    var attributes: [(name: String, value: String)] = []
    if let start { attributes.append(("start", FCPXMLTime.text(start))) }
    let duration = marker.duration > .zero ? marker.duration : frame
    attributes.append(("duration", FCPXMLTime.text(duration)))
    attributes.append(("value", xmlText(marker.name, naming: "a marker's name", at: place)))
    switch marker.kind {
    case .toDo(let completed): attributes.append(("completed", completed ? "1" : "0"))
    case .standard, .chapter: break
    }
    if let note = marker.note {
      attributes.append(("note", xmlText(note, naming: "a marker's note", at: place)))
    }
    if !marker.start.isValid || !marker.duration.isValid || marker.duration < .zero {
      lose("a marker whose time is not a time, written at the clip's start", at: place)
    }
    return XMLTree(marker.kind == .chapter ? "chapter-marker" : "marker", attributes)
  }

  /// A clip's markers, at `origin` (the local time of the clip's first frame) plus their start.
  mutating func clipMarkers(_ markers: [Marker], origin: Time, at place: Place) -> [XMLTree] {
    markers.map { marker in
      var start = origin + marker.start
      if !start.isValid, marker.start.isValid {
        // The two timescales have no common one that fits: the clip's time is rounded to the
        // marker's (a time far finer than a frame).
        start =
          Time(seconds: origin.seconds, preferredTimescale: marker.start.timescale)
          + marker.start
      }
      return markerElement(marker, start: start.isValid ? start : origin, at: place)
    }
  }

  /// A marker of the timeline, hung on the spine element playing where it is (Final Cut Pro
  /// keeps markers on clips and gaps only), at its exact time. On a clip it reads back as that
  /// clip's marker, and a note says so; one past the spine's end is lost.
  mutating func timelineMarker(_ marker: Marker, index: Int) -> ConnectedItem? {
    let place = Place(
      location: "markers[\(index)] (“\(marker.name)”)",
      pointer: "/\(DocumentEnvelope.rootKey)/markers/\(index)",
      user: "the marker “\(marker.name)”")
    // The frame it falls in, to find the element playing there (its own time is kept exact).
    guard var start = FCPXMLTime.nearestFrame(to: marker.start, frameDuration: frame),
      start.magnitude <= Self.maximumFrames.magnitude
    else {
      lose("a marker whose time FCPXML cannot count in frames; left out", at: place)
      return nil
    }
    if time(start) > marker.start { start -= 1 }
    let element = markerElement(marker, start: nil, at: place)
    return ConnectedItem(
      element: element, offsetPosition: 0, start: start, end: start, order: 3_000_000 + index,
      isMarker: true, exactStart: marker.start, place: place)
  }

  /// Moves an element's markers after its other children, where FCPXML's DTD wants them
  /// (after the items connected to it).
  static func putMarkersLast(_ element: inout XMLTree) {
    let isMarker = { (child: XMLTree) in child.name == "marker" || child.name == "chapter-marker" }
    guard element.children.contains(where: isMarker) else { return }
    element.children = element.children.filter { !isMarker($0) } + element.children.filter(isMarker)
  }

  /// The role attributes of a clip: a title's or a still's `role`; a video clip's `audioRole`
  /// when its main role is one of Final Cut Pro's audio roles (dialogue, music, effects), else
  /// its `videoRole`.
  mutating func roleAttributes(_ role: Role?, element: String, at place: Place) -> [(
    name: String, value: String
  )] {
    guard let role else { return [] }
    let text = xmlText(role.rawValue, naming: "a role", at: place)
    switch element {
    case "asset-clip":
      let isAudio = FCPXMLVocabulary.audioMainRoles.contains(role.mainRole)
      return [(isAudio ? "audioRole" : "videoRole", text)]
    default:
      return [("role", text)]
    }
  }
}
