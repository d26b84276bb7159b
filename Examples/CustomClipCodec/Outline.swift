import Foundation
import KadrPersistence
import KadrPluginExample

/// A readable outline of a composition: one line per clip and overlay, nested tracks indented.
enum Outline {
  static func lines(of video: Video) -> [String] {
    var lines = ["clips:"]
    lines += clipLines(video.clips, indent: "  ")
    lines.append("overlays:")
    for (index, overlay) in video.overlays.enumerated() {
      lines.append("  [\(index)] \(describe(overlay))")
    }
    return lines
  }

  static func clipLines(_ clips: [any Clip], indent: String) -> [String] {
    var lines: [String] = []
    for (index, clip) in clips.enumerated() {
      lines.append("\(indent)[\(index)] \(describe(clip))")
      if let track = clip as? Track {
        lines += clipLines(track.clips, indent: indent + "    ")
      }
    }
    return lines
  }

  static func describe(_ clip: any Clip) -> String {
    let id = clip.clipID.map { " “\($0)”" } ?? ""
    switch clip {
    case let countdown as Countdown:
      let tick = countdown.onTick == nil ? "" : ", with onTick code"
      let start = countdown.startTime.map { " at \($0.seconds) s" } ?? ""
      return "countdown from \(countdown.from), \(countdown.face.rawValue) face\(start)\(tick)"
        + " [com.example.countdown]\(id)"
    case let video as VideoClip:
      let filters = video.filters.map(\.kind.rawValue).joined(separator: ", ")
      return "video \(video.url.lastPathComponent)"
        + (filters.isEmpty ? "" : ", filters: \(filters)") + id
    case let title as TitleSequence:
      return "title \"\(title.text)\"\(id)"
    case let transition as Transition:
      let kind = String(describing: transition).prefix { $0 != "(" }
      return "transition \(kind), \(transition.duration.seconds) s"
    case let track as Track:
      return "track “\(track.name ?? "")”, \(track.clips.count) clip(s)"
    case let preserved as PreservedClip:
      return "kept as read, not understood: \(preserved.kindID)"
    default:
      return "\(type(of: clip))\(id)"
    }
  }

  static func describe(_ overlay: any Overlay) -> String {
    let id = overlay.layerID.map { " “\($0)”" } ?? ""
    switch overlay {
    case let bar as ProgressBar:
      return "progress bar, \(bar.thickness) px thick [com.example.progressbar]\(id)"
    case let text as TextOverlay:
      let animation: String
      switch text.textAnimation {
      case let typewriter as Typewriter:
        animation =
          ", typewriter at \(typewriter.charactersPerSecond) chars/s"
          + " [com.example.typewriter]"
      case let preserved as PreservedTextAnimation:
        animation = ", text animation kept as read: \(preserved.kindID)"
      case .some(let other):
        animation = ", \(type(of: other))"
      case .none:
        animation = ""
      }
      return "text \"\(text.text)\"\(animation)\(id)"
    case let preserved as PreservedOverlay:
      return "kept as read, not understood: \(preserved.kindID)"
    default:
      return "\(type(of: overlay))\(id)"
    }
  }
}
