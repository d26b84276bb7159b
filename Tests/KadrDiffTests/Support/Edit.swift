import Foundation
import KadrModel

/// One edit of a composition's clips, by clip id (clips at any depth for retime and modify,
/// top-level clips for the others).
enum Edit: Sendable, CustomStringConvertible {
  /// One more second of duration.
  case retime(String)
  /// A field other than timing: a video clip's volume, a title's text.
  case modify(String)
  /// The clip is deleted.
  case remove(String)
  /// A new title with id `new` after clip `anchor`.
  case insert(new: String, after: String)
  /// Clip `id` moves to just after clip `anchor`.
  case move(String, after: String)

  var description: String {
    switch self {
    case .retime(let id): "retime \(id)"
    case .modify(let id): "modify \(id)"
    case .remove(let id): "remove \(id)"
    case .insert(let id, let anchor): "insert \(id) after \(anchor)"
    case .move(let id, let anchor): "move \(id) after \(anchor)"
    }
  }

  /// The clip the edit is about.
  var target: String {
    switch self {
    case .retime(let id), .modify(let id), .remove(let id), .insert(let id, _), .move(let id, _): id
    }
  }

  /// `clips` with the edits applied in order.
  static func apply(_ edits: [Edit], to clips: [any Clip]) -> [any Clip] {
    edits.reduce(clips) { $1.apply(to: $0) }
  }

  func apply(to clips: [any Clip]) -> [any Clip] {
    switch self {
    case .retime(let id): return Self.map(clips, id: id, Compositions.retimed)
    case .modify(let id): return Self.map(clips, id: id, Compositions.modified)
    case .remove(let id): return clips.filter { $0.clipID?.rawValue != id }
    case .insert(let id, let anchor):
      return Self.insert(Compositions.title(id: id), after: anchor, in: clips)
    case .move(let id, let anchor):
      guard let clip = clips.first(where: { $0.clipID?.rawValue == id }) else { return clips }
      return Self.insert(clip, after: anchor, in: clips.filter { $0.clipID?.rawValue != id })
    }
  }

  private static func insert(_ clip: any Clip, after anchor: String, in clips: [any Clip])
    -> [any Clip]
  {
    guard let index = clips.firstIndex(where: { $0.clipID?.rawValue == anchor }) else {
      return clips + [clip]
    }
    var result = clips
    result.insert(clip, at: index + 1)
    return result
  }

  private static func map(
    _ clips: [any Clip], id: String, _ transform: (any Clip) -> any Clip
  ) -> [any Clip] {
    clips.map { clip in
      if clip.clipID?.rawValue == id { return transform(clip) }
      if let track = clip as? Track {
        return Track(
          clips: map(track.clips, id: id, transform), startTime: track.startTime ?? .zero,
          name: track.name, opacityFactor: track.opacityFactor)
      }
      return clip
    }
  }
}
