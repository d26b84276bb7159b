import Foundation
import KadrDiff
import KadrPersistence

/// Two timelines, before above after, each clip coloured by what the diff says happened to it.
///
/// Deliberately small beside ``TimelineSVG``: one lane per layer, clips as boxes with their
/// labels, a legend. Every text from the documents is escaped.
enum DiffTimelineSVG {
  static let width = 1000.0
  static let left = 140.0
  static let laneHeight = 26.0

  /// The colour of a kind of change; unchanged clips are grey.
  static func colour(_ kind: DiffChange.Kind?) -> String {
    switch kind {
    case .added?: "#4caf50"
    case .removed?: "#e53935"
    case .moved?: "#1e88e5"
    case .retimed?: "#fb8c00"
    case .modified?: "#8e24aa"
    case .shifted?: "#fdd835"
    case nil: "#b0b0b0"
    }
  }

  static func render(before: Video, after: Video, diff: CompositionDiff) -> String {
    var beforeKinds: [[Int]: DiffChange.Kind] = [:]
    var afterKinds: [[Int]: DiffChange.Kind] = [:]
    for change in diff.changes(of: .clip) {
      if let path = change.beforePath { beforeKinds[path] = change.kind }
      if let path = change.afterPath { afterKinds[path] = change.kind }
    }
    let ends = [before, after].flatMap { video in
      video.layout.allLayers.compactMap { TimelineScale.seconds($0.end) }
    }
    let extent = max(ends.filter(\.isFinite).max() ?? 0, 0.001)
    var body: [String] = []
    var y = 20.0
    for (title, video, kinds) in [("before", before, beforeKinds), ("after", after, afterKinds)] {
      body.append(text(title, x: 10, y: y + 14, bold: true))
      y += laneHeight
      for layer in video.layout.allLayers {
        let name: String =
          switch layer.kind {
          case .mainChain: "main"
          case .timed(let index): "at clip \(index)"
          case .track(let name): name.map { "track \($0)" } ?? "track"
          }
        body.append(text(SVGText.fitting(name, width: left - 20, size: 11), x: 20, y: y + 16))
        for entry in layer.entries {
          let start = TimelineScale.seconds(entry.start) ?? 0
          let end = TimelineScale.seconds(entry.end) ?? start
          let x = left + (width - left - 10) * min(max(start, 0), extent) / extent
          let w = max(
            1,
            (width - left - 10) * (min(max(end, 0), extent) - min(max(start, 0), extent)) / extent)
          let kind = kinds[entry.path]
          let height = entry.isTransition ? 6.0 : laneHeight - 6
          body.append(
            "<rect x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y + 3))\" "
              + "width=\"\(SVGText.number(w))\" height=\"\(SVGText.number(height))\" "
              + "fill=\"\(colour(kind))\" stroke=\"#333\" stroke-width=\"0.5\"/>")
          if !entry.isTransition {
            let label = entry.clipID?.rawValue ?? kind?.rawValue ?? ""
            body.append(text(SVGText.fitting(label, width: w - 4, size: 10), x: x + 2, y: y + 16))
          }
        }
        y += laneHeight
      }
      y += 10
    }
    var legendX = 20.0
    for kind in DiffChange.Kind.allCases {
      body.append(
        "<rect x=\"\(SVGText.number(legendX))\" y=\"\(SVGText.number(y))\" width=\"12\" "
          + "height=\"12\" fill=\"\(colour(kind))\"/>")
      body.append(text(kind.rawValue, x: legendX + 16, y: y + 11))
      legendX += 90
    }
    body.append(text(diff.summary, x: legendX, y: y + 11))
    let height = y + 30
    return
      ([
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\" "
          + "height=\"\(SVGText.number(height))\" viewBox=\"0 0 \(SVGText.number(width)) "
          + "\(SVGText.number(height))\">",
        "<rect x=\"0\" y=\"0\" width=\"\(SVGText.number(width))\" "
          + "height=\"\(SVGText.number(height))\" fill=\"#ffffff\"/>",
      ] + body + ["</svg>", ""]).joined(separator: "\n")
  }

  private static func text(_ value: String, x: Double, y: Double, bold: Bool = false) -> String {
    "<text x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" font-family=\"sans-serif\" "
      + "font-size=\"11\"\(bold ? " font-weight=\"bold\"" : "")>\(SVGText.escaped(value))</text>"
  }
}
