import Foundation
import KadrModel
import KadrPersistence

/// Compositions for the tests: small named ones and seeded random ones.
enum Compositions {
  static let coder = KadrCoder()

  /// A trimmed video clip of `seconds` from `file:///media/<file>`.
  static func video(
    _ id: String?, file: String = "a.mov", from start: Double = 0, seconds: Double = 4
  )
    -> VideoClip
  {
    let clip = VideoClip(url: URL(fileURLWithPath: "/media/\(file)"))
      .trimmed(to: TimeRange(start: Time(seconds: start), duration: Time(seconds: seconds)))
    return id.map { clip.id(ClipID($0)) } ?? clip
  }

  /// A title with an id.
  static func title(id: String, text: String? = nil, seconds: Double = 2) -> TitleSequence {
    TitleSequence(text: text ?? "Title \(id)", duration: Time(seconds: seconds), clipID: ClipID(id))
  }

  /// One more second.
  static func retimed(_ clip: any Clip) -> any Clip {
    if let video = clip as? VideoClip, let trim = video.trimRange {
      return video.trimmed(
        to: TimeRange(start: trim.start, duration: trim.duration + Time(seconds: 1)))
    }
    if let title = clip as? TitleSequence {
      return TitleSequence(
        text: title.text, style: title.style, backgroundColor: title.backgroundColor,
        duration: title.duration + Time(seconds: 1), clipID: title.clipID)
    }
    return clip
  }

  /// Another volume or text.
  static func modified(_ clip: any Clip) -> any Clip {
    if let video = clip as? VideoClip {
      return video.volume(video.volumeLevel == 0.25 ? 0.5 : 0.25)
    }
    if let title = clip as? TitleSequence {
      return TitleSequence(
        text: title.text + " (edited)", style: title.style, backgroundColor: title.backgroundColor,
        duration: title.duration, clipID: title.clipID)
    }
    return clip
  }

  /// A random composition: `count` top-level clips with ids `c0…`, videos and titles, and a
  /// track with ids `t<k>-<j>` every so often.
  static func random(count: Int, random: inout SeededRandom) -> [any Clip] {
    (0..<count).map { index -> any Clip in
      let id = "c\(index)"
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6:
        return video(
          id, file: "m\(Int.random(in: 0..<4, using: &random)).mov",
          from: Double(Int.random(in: 0..<20, using: &random)),
          seconds: Double(Int.random(in: 1..<8, using: &random)))
      case 6..<9:
        return title(id: id, seconds: Double(Int.random(in: 1..<4, using: &random)))
      default:
        let children = (0..<Int.random(in: 1...3, using: &random)).map { child -> any Clip in
          video("t\(index)-\(child)", file: "n.mov", seconds: 2)
        }
        return Track(clips: children, startTime: Time(seconds: 1), name: "track\(index)")
      }
    }
  }

  /// The ids of the clips, depth first, tracks left out.
  static func ids(_ clips: [any Clip]) -> [String] {
    clips.flatMap { clip -> [String] in
      if let track = clip as? Track { return ids(track.clips) }
      return clip.clipID.map { [$0.rawValue] } ?? []
    }
  }

  /// The document JSON of a composition.
  static func json(_ video: Video) throws -> JSONValue {
    try coder.encode(video).json
  }
}
