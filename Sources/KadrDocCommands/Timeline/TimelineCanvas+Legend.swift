import Foundation
import KadrPersistence

/// The legend and the list of layout issues, under the lanes.
extension TimelineCanvas {
  /// Draws a row (wrapping if needed) of swatches naming every colour and mark of the picture.
  mutating func drawLegend() {
    let size = TimelineStyle.FontSize.legend
    var entries: [(swatch: String, label: String)] = ClipKind.allCases.map { kind in
      (Self.swatch(fill: kind.swatch.fill, stroke: kind.swatch.stroke), kind.legend)
    }
    entries += [
      (
        "<rect x=\"0\" y=\"0\" width=\"16\" height=\"11\" rx=\"2\" fill=\"url(#hatch)\" "
          + "stroke=\"#ffffff\" stroke-opacity=\"0.75\"/>", "Transition overlap"
      ),
      (
        "<rect x=\"0\" y=\"0\" width=\"16\" height=\"11\" rx=\"2\" fill=\"#3b74d6\"/>"
          + "<rect x=\"0\" y=\"0\" width=\"16\" height=\"11\" rx=\"2\" fill=\"url(#fade)\"/>",
        "Fade through black"
      ),
      (
        "<rect x=\"0\" y=\"0\" width=\"16\" height=\"11\" rx=\"3\" fill=\"#ffffff\" "
          + "fill-opacity=\"0.035\" stroke=\"\(TimelineStyle.track.stroke)\" "
          + "stroke-dasharray=\"3 2\"/>", "Track span"
      ),
      (
        Self.swatch(fill: TimelineStyle.overlay.fill, stroke: TimelineStyle.overlay.stroke),
        "Overlay"
      ),
      (
        Self.swatch(fill: TimelineStyle.caption.fill, stroke: TimelineStyle.caption.stroke),
        "Caption"
      ),
      (
        "<polyline points=\"0,10 5,2 11,2 16,8\" fill=\"none\" "
          + "stroke=\"\(TimelineStyle.audio.stroke)\" stroke-width=\"1.6\"/>", "Audio volume"
      ),
      (
        "<line x1=\"0\" y1=\"6\" x2=\"16\" y2=\"6\" stroke=\"\(TimelineStyle.audio.stroke)\" "
          + "stroke-dasharray=\"3 3\"/>", "Ducked level"
      ),
    ]
    skip(12)
    var x = TimelineStyle.margin + 2
    for entry in entries {
      let width = 22 + SVGText.width(of: entry.label, size: size) + 18
      if x + width > TimelineStyle.width - TimelineStyle.margin {
        x = TimelineStyle.margin + 2
        skip(20)
      }
      labels.append(
        "<g transform=\"translate(\(SVGText.number(x)) \(SVGText.number(y)))\">" + entry.swatch
          + "</g>")
      labels.append(SVG.text("legend", x: x + 22, y: y + 10, entry.label))
      x += width
    }
    skip(22)
  }

  /// Lists the layout's issues as sentences wrapped to the picture's width, or says there are
  /// none.
  mutating func drawIssues(_ issues: [TimelineLayout.Issue], warnings: [String] = []) {
    skip(8)
    let issues = issues.map(\.description) + warnings
    guard !issues.isEmpty else {
      labels.append(
        SVG.text("ok", x: TimelineStyle.margin + 2, y: y + 12, "No timeline issues."))
      skip(18)
      return
    }
    addSection("TIMELINE ISSUES (\(issues.count))")
    let width = TimelineStyle.width - 2 * TimelineStyle.margin - 24
    for issue in issues {
      let lines = Self.wrap(issue, width: width, size: TimelineStyle.FontSize.issue)
      for (index, line) in lines.enumerated() {
        labels.append(
          SVG.text(
            "issue", x: TimelineStyle.margin + (index == 0 ? 2 : 14), y: y + 12,
            (index == 0 ? "⚠ " : "") + line))
        skip(17)
      }
      skip(3)
    }
  }

  /// A small box in the legend.
  private static func swatch(fill: String, stroke: String) -> String {
    "<rect x=\"0\" y=\"0\" width=\"16\" height=\"11\" rx=\"3\" fill=\"\(fill)\" "
      + "stroke=\"\(stroke)\"/>"
  }

  /// `text` cut into lines of at most `width` pixels, at spaces where possible.
  static func wrap(_ text: String, width: Double, size: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if SVGText.width(of: candidate, size: size) <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    // A single word wider than the line is cut rather than left to run off the picture.
    return lines.map { SVGText.fitting($0, width: width, size: size) }
  }
}
