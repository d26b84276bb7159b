import Foundation
import KadrModel

extension StoryReader {
  /// The elements whose name, role and markers are read with them: into a video clip or a
  /// title, or, for a gap on the spine, into the timeline's markers.
  static let elementsWithFacts: Set<String> = ["asset-clip", "video", "audio", "title", "gap"]

  /// The name, role and markers of `element`, the markers at its local times.
  ///
  /// A marker one sequence frame long is a point (kadr's `.zero`), as Final Cut Pro gives
  /// every marker one frame. A chapter marker's poster frame is left out, and reported.
  ///
  /// - Throws: `FCPXMLError/Reason/invalidValue(attribute:value:)` for a marker without a
  ///   start, a negative duration, or a `completed` that is neither `0` nor `1`.
  mutating func facts(of element: XMLTree, path: String) throws(FCPXMLError)
    -> StoryPieces.ClipFacts
  {
    var facts = StoryPieces.ClipFacts(path: path)
    facts.name = element["name"].flatMap { $0.isEmpty ? nil : $0 }
    let visual = element["videoRole"] ?? element["role"]
    let audio = element["audioRole"]
    facts.role = (visual ?? audio).map(Role.init(rawValue:))
    facts.audioRole = (audio ?? element["role"]).map(Role.init(rawValue:))
    facts.otherRole = visual != nil && audio != nil && visual != audio ? audio : nil
    var counts: [String: Int] = [:]
    for child in element.children where child.name == "marker" || child.name == "chapter-marker" {
      counts[child.name, default: 0] += 1
      let markerPath = "\(path)/\(child.name)[\(counts[child.name] ?? 1)]"
      guard let start = try time(child, "start", path: markerPath) else {
        throw FCPXMLError(
          .invalidValue(attribute: "start", value: "(missing)"), path: markerPath,
          line: child.line)
      }
      var duration = try time(child, "duration", path: markerPath) ?? .zero
      guard duration >= .zero else {
        throw FCPXMLError(
          .invalidValue(attribute: "duration", value: child["duration"] ?? ""), path: markerPath,
          line: child.line)
      }
      if let frameDuration, duration == frameDuration { duration = .zero }
      let kind: Marker.Kind
      if child.name == "chapter-marker" {
        kind = .chapter
        if let poster = child["posterOffset"], FCPXMLTime.parse(poster) != .zero {
          note(
            .marker, markerPath,
            "The chapter marker “\(child["value"] ?? "")” keeps its place; its poster frame "
              + "(\(poster) from it) is left out.")
        }
      } else {
        switch child["completed"] {
        case nil: kind = .standard
        case "0": kind = .toDo(completed: false)
        case "1": kind = .toDo(completed: true)
        case let other?:
          throw FCPXMLError(
            .invalidValue(attribute: "completed", value: other), path: markerPath,
            line: child.line)
        }
      }
      facts.markers.append(
        Marker(child["value"] ?? "", at: start, duration: duration, kind: kind, note: child["note"])
      )
    }
    return facts
  }

  /// Reports what of `facts` the piece made of its element cannot keep (`what`: "an audio
  /// clip", "a still"), naming the clip as an editor does: its name and its timecode.
  ///
  /// - Parameters:
  ///   - keepsRole: Whether the piece keeps the role (an audio clip does).
  mutating func leaveOut(_ facts: StoryPieces.ClipFacts, of what: String, keepsRole: Bool = false) {
    let count = facts.markers.count
    let at = timecode.flatMap {
      FCPXMLTime.timecode(at: facts.start, origin: $0.origin, rate: $0.rate)
    }
    let what = what + (facts.name.map { " “\($0)”" } ?? "") + (at.map { " at \($0)" } ?? "")
    if count > 0 {
      let names = facts.markers.prefix(3).map { "“\($0.name)”" }.joined(separator: ", ")
      note(
        .marker, facts.path,
        "\(count) marker\(count == 1 ? "" : "s") (\(names)) on \(what) \(count == 1 ? "is" : "are") "
          + "left out: kadr keeps markers on video clips, titles and the timeline.")
    }
    if !keepsRole, let role = facts.role {
      note(.role, facts.path, "The role '\(role.rawValue)' of \(what) is left out.")
    }
  }
}
