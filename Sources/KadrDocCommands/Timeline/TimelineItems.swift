import Foundation
import KadrPersistence

/// What kind of picture a clip makes, for its colour and its class in the SVG.
enum ClipKind: String, CaseIterable {
  case video, image, title, other

  /// The box colours.
  var swatch: TimelineStyle.Swatch {
    switch self {
    case .video: TimelineStyle.video
    case .image: TimelineStyle.image
    case .title: TimelineStyle.title
    case .other: TimelineStyle.other
    }
  }

  /// The legend's word for the kind.
  var legend: String {
    switch self {
    case .video: "Video"
    case .image: "Image"
    case .title: "Title"
    case .other: "Plugin / other"
    }
  }
}

/// What a box on the timeline says about its clip: kind, name, a detail line and a tooltip.
struct ClipLabel {
  let kind: ClipKind
  /// Whether the clip is of a kind the tool cannot read (kept verbatim), drawn as a placeholder.
  private(set) var isPlaceholder = false
  /// The clip id, or what the clip shows (a file name, a title's text).
  let name: String
  /// A second line: what the clip is (when the name is an id) and how long it lasts.
  let detail: String

  /// Describes the clip at `entry.path` in `clips`, laid out from `entry.start` to `entry.end`.
  init(entry: TimelineLayout.Entry, clips: [any Clip]) {
    let length = TimeText.seconds(entry.end - entry.start)
    let clip = Self.clip(at: entry.path, in: clips)
    var kind = ClipKind.other
    var content = "clip"
    var extras: [String] = []
    switch clip {
    case let video as VideoClip:
      kind = .video
      content = video.url.lastPathComponent.isEmpty ? "video" : video.url.lastPathComponent
      if video.speedCurve != nil {
        extras.append("speed curve")
      } else if video.speedRate != 1 {
        extras.append("×" + TimeText.plain(video.speedRate))
      }
      if video.isReversed { extras.append("reversed") }
      if video.isMuted { extras.append("muted") }
    case let image as ImageClip:
      kind = .image
      content = image.audioURL.map { "image + " + $0.lastPathComponent } ?? "image"
    case let title as TitleSequence:
      kind = .title
      content = "“" + title.text + "”"
    case let preserved as PreservedClip:
      content = preserved.kindID.rawValue
      extras.append("unknown kind, length not known")
      isPlaceholder = true
    case let other?:
      content = String(describing: type(of: other))
    case nil:
      break
    }
    self.kind = kind
    let id = entry.clipID?.rawValue ?? clip?.clipID?.rawValue
    if let id, !id.isEmpty {
      name = id
      detail = ([content, length] + extras).joined(separator: " · ")
    } else {
      name = content
      detail = ([kind == .other ? "plugin" : kind.rawValue, length] + extras)
        .joined(separator: " · ")
    }
  }

  /// The clip at `path` in the nested clip arrays (descending into tracks), if there is one.
  static func clip(at path: [Int], in clips: [any Clip]) -> (any Clip)? {
    var level = clips
    for (depth, index) in path.enumerated() {
      guard level.indices.contains(index) else { return nil }
      let clip = level[index]
      if depth == path.count - 1 { return clip }
      guard let track = clip as? Track else { return nil }
      level = track.clips
    }
    return nil
  }
}

/// What an overlay's lane says about it.
struct OverlayLabel {
  /// The overlay's kind, in words (`text`, `image`, `sticker`, or a plugin's kind id).
  let kind: String
  /// What it shows: the text in quotes, or the kind.
  let content: String

  init(_ overlay: any Overlay) {
    switch overlay {
    case let text as TextOverlay:
      kind = "text"
      content = "“" + text.text + "”"
    case is ImageOverlay:
      kind = "image"
      content = "image"
    case is StickerOverlay:
      kind = "sticker"
      content = "sticker"
    case let preserved as PreservedOverlay:
      kind = preserved.kindID.rawValue
      content = preserved.kindID.rawValue
    default:
      kind = String(describing: type(of: overlay))
      content = kind
    }
  }
}

/// The words for a transition: `dissolve`, `slide ←`, `fade`.
enum TransitionLabel {
  static func kind(_ transition: Transition) -> String {
    switch transition {
    case .dissolve: "dissolve"
    case .fade: "fade"
    case .slide: "slide"
    }
  }

  static func text(_ transition: Transition) -> String {
    let length = TimeText.seconds(transition.duration)
    switch transition {
    case .dissolve: return "dissolve " + length
    case .fade: return "fade " + length
    case .slide(let direction, _):
      let arrow =
        switch direction {
        case .fromLeft: "→"
        case .fromRight: "←"
        case .fromTop: "↓"
        case .fromBottom: "↑"
        }
      return "slide " + arrow + " " + length
    }
  }
}
