import Foundation

/// The picture being drawn, top to bottom: lanes are added one below the other, and each
/// drawing goes to the layer it belongs to (lane backgrounds under items, labels on top).
struct TimelineCanvas {
  /// Maps time to x.
  let scale: TimelineScale
  /// The top of the next lane.
  private(set) var y: Double
  /// Lane backgrounds, drawn first.
  private(set) var backgrounds: [String] = []
  /// Clips, transitions, overlays, captions and audio, drawn over the grid.
  var items: [String] = []
  /// Lane labels, section headings and brackets, drawn last.
  var labels: [String] = []

  /// Creates an empty canvas whose first lane starts at `top`.
  init(scale: TimelineScale, top: Double) {
    self.scale = scale
    y = top
  }

  /// Moves the cursor down by `height` without drawing.
  mutating func skip(_ height: Double) { y += height }

  /// Adds a heading row (`VIDEO`, `AUDIO`…) with a rule to the right edge.
  mutating func addSection(_ title: String) {
    let x = TimelineStyle.margin + 2
    let baseline = y + 15
    labels.append(SVG.text("sec", x: x, y: baseline, title))
    let ruleStart = x + SVGText.width(of: title, size: 10, bold: true) + 12
    labels.append(
      SVG.line(
        x1: ruleStart, y1: baseline - 3.5, x2: TimelineStyle.width - TimelineStyle.margin,
        y2: baseline - 3.5, stroke: TimelineStyle.rule, width: 1))
    y += TimelineStyle.sectionHeight
  }

  /// Adds a lane: its background across the picture and its two-line label on the left,
  /// indented `indent` levels. Returns the lane's top.
  mutating func addLane(height: Double, name: String, meta: String, indent: Int = 0) -> Double {
    let top = y
    backgrounds.append(
      SVG.rect(
        x: TimelineStyle.margin, y: top, width: TimelineStyle.width - 2 * TimelineStyle.margin,
        height: height, radius: 6, fill: TimelineStyle.lane))
    backgrounds.append(
      SVG.rect(
        x: TimelineStyle.margin, y: top, width: TimelineStyle.plotLeft - 10 - TimelineStyle.margin,
        height: height, radius: 6, fill: TimelineStyle.laneHeader))
    let x = Self.labelX(indent: indent)
    let available = TimelineStyle.plotLeft - 16 - x
    let middle = top + height / 2
    let fittedName = SVGText.fitting(
      name, width: available, size: TimelineStyle.FontSize.laneName, bold: true)
    let fittedMeta = SVGText.fitting(meta, width: available, size: TimelineStyle.FontSize.laneMeta)
    labels.append(SVG.text("lane-name", x: x, y: middle - 1.5, fittedName))
    labels.append(SVG.text("lane-meta", x: x, y: middle + 11.5, fittedMeta))
    y += height + TimelineStyle.laneGap
    return top
  }

  /// Where a lane label starts at a nesting level.
  static func labelX(indent: Int) -> Double {
    let level = min(max(0, indent), TimelineStyle.maximumIndentLevels)
    return TimelineStyle.margin + 12 + Double(level) * TimelineStyle.indentStep
  }
}

/// SVG elements as text; every piece of text goes through ``SVGText/escaped(_:)``.
enum SVG {
  /// A rectangle; `extra` holds further attributes, already escaped.
  static func rect(
    x: Double, y: Double, width: Double, height: Double, radius: Double = 0, fill: String,
    extra: String = ""
  ) -> String {
    let r = min(radius, max(0, width) / 2, max(0, height) / 2)
    let n = SVGText.number
    return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(0, width)))\" "
      + "height=\"\(n(max(0, height)))\"" + (r > 0 ? " rx=\"\(n(r))\"" : "")
      + " fill=\"\(fill)\"" + (extra.isEmpty ? "" : " " + extra) + "/>"
  }

  /// A line.
  static func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double,
    extra: String = ""
  ) -> String {
    let n = SVGText.number
    return "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" "
      + "stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"" + (extra.isEmpty ? "" : " " + extra)
      + "/>"
  }

  /// A text element of a CSS class; empty text gives nothing.
  static func text(
    _ className: String, x: Double, y: Double, _ content: String, anchor: String? = nil
  ) -> String {
    guard !content.isEmpty else { return "" }
    let n = SVGText.number
    return "<text class=\"\(className)\" x=\"\(n(x))\" y=\"\(n(y))\""
      + (anchor.map { " text-anchor=\"\($0)\"" } ?? "") + ">" + SVGText.escaped(content)
      + "</text>"
  }

  /// A tooltip (`<title>`), shown by browsers on hover.
  static func tooltip(_ content: String) -> String {
    "<title>" + SVGText.escaped(content) + "</title>"
  }

  /// A group with a class (the one element tests count per item) around `content`.
  static func group(_ className: String, _ content: [String]) -> String {
    "<g class=\"\(className)\">" + content.joined() + "</g>"
  }
}
