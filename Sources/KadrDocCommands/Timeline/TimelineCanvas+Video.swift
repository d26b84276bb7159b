import Foundation
import KadrPersistence

/// The video lanes: one per layer, nested tracks indented under their parent with a bracket.
extension TimelineCanvas {
  /// The height of a clip box.
  static let clipHeight = 34.0
  /// The room above the boxes for transition labels, in lanes that have transitions.
  static let transitionStrip = 13.0

  /// Draws every layer, lowest first, each followed by the tracks nested in it.
  mutating func drawLayers(
    _ layers: [TimelineLayout.Layer], clips: [any Clip], issues: [TimelineLayout.Issue]
  ) {
    let rejected = Set(issues.map(\.path))
    // Depth-first with an explicit stack: nesting can be deep, and a parent comes before its
    // children (as `TimelineLayout.allLayers` orders them).
    var pending: [(layer: TimelineLayout.Layer, depth: Int, anchor: (x: Double, y: Double)?)] =
      layers.reversed().map { ($0, 0, nil) }
    while let (layer, depth, anchor) = pending.popLast() {
      let top = drawLayer(layer, depth: depth, anchor: anchor, clips: clips, rejected: rejected)
      let childAnchor = (x: Self.labelX(indent: depth) + 3, y: top.bottom - 6)
      pending += layer.children.reversed().map { ($0, depth + 1, childAnchor) }
    }
  }

  /// Draws one layer's lane; returns its top and bottom.
  private mutating func drawLayer(
    _ layer: TimelineLayout.Layer, depth: Int, anchor: (x: Double, y: Double)?,
    clips: [any Clip], rejected: Set<[Int]>
  ) -> (top: Double, bottom: Double) {
    let hasTransitions = layer.entries.contains(where: \.isTransition)
    let strip = hasTransitions ? Self.transitionStrip : 0
    let height = Self.clipHeight + 12 + strip
    let (name, meta) = Self.title(of: layer, clips: clips)
    let top = addLane(height: height, name: name, meta: meta, indent: depth)
    let boxTop = top + 6 + strip

    if let anchor {
      let childX = Self.labelX(indent: depth)
      let middle = top + height / 2 - 5
      labels.append(
        "<path d=\"M\(SVGText.number(anchor.x)) \(SVGText.number(anchor.y))"
          + "V\(SVGText.number(middle))H\(SVGText.number(childX - 4))\" fill=\"none\" "
          + "stroke=\"\(TimelineStyle.bracket)\" stroke-width=\"1.2\"/>")
    }
    if case .track = layer.kind {
      let x = scale.x(layer.start)
      items.append(
        SVG.rect(
          x: x - 2, y: boxTop - 3, width: scale.x(layer.end) - x + 4,
          height: Self.clipHeight + 6, radius: 7, fill: TimelineStyle.track.fill,
          extra: "fill-opacity=\"0.035\" stroke=\"\(TimelineStyle.track.stroke)\" "
            + "stroke-dasharray=\"4 3\""))
    }

    // Where transitions cover the boxes: labels keep clear of them.
    let covered: [(Double, Double)] = layer.entries.compactMap { entry in
      guard case .transition(_, let overlap) = entry.kind else { return nil }
      let span = overlap.duration > .zero ? overlap : entry.range
      let start = scale.x(span.start)
      let end = scale.x(span.end)
      return end > start ? (start, end) : nil
    }
    for entry in layer.entries where !entry.isTransition {
      drawClip(entry, top: boxTop, clips: clips, covered: covered)
    }
    var labelsEnd = -Double.infinity
    for entry in layer.entries {
      guard case .transition(let transition, let overlap) = entry.kind else { continue }
      drawTransition(
        entry, transition, overlap: overlap, top: boxTop,
        isRejected: rejected.contains(entry.path), labelsEnd: &labelsEnd)
    }
    return (top, top + height)
  }

  /// The lane label of a layer: its name and a line of facts.
  private static func title(of layer: TimelineLayout.Layer, clips: [any Clip]) -> (String, String) {
    let span = TimeText.span(
      TimelineScale.seconds(layer.start), TimelineScale.seconds(layer.end))
    let count = layer.entries.count(where: { !$0.isTransition })
    switch layer.kind {
    case .mainChain:
      return ("Main chain", "\(count) clip\(count == 1 ? "" : "s") · \(span)")
    case .timed(let index):
      let id = layer.entries.first?.clipID?.rawValue
      return (id ?? "Clip \(index + 1)", "at(time: \(TimeText.seconds(layer.start)))")
    case .track(let name):
      var facts = ["track", span]
      if layer.opacityFactor.isFinite, layer.opacityFactor < 1 {
        facts.append("opacity \(Int((max(0, layer.opacityFactor) * 100).rounded()))%")
      }
      return (name.flatMap { $0.isEmpty ? nil : $0 } ?? "Track", facts.joined(separator: " · "))
    }
  }

  /// The width of the placeholder drawn for a clip of a kind the tool cannot read.
  static let placeholderWidth = 96.0

  /// Draws a clip's box with its name and details, clear of the transitions covering it.
  private mutating func drawClip(
    _ entry: TimelineLayout.Entry, top: Double, clips: [any Clip], covered: [(Double, Double)]
  ) {
    let label = ClipLabel(entry: entry, clips: clips)
    // Boxes are inset by half a pixel each side, so that cuts show as a thin gap.
    let start = scale.x(entry.start)
    let x = start + 0.5
    // A clip of a kind the tool cannot read has no length it knows: it is drawn as a labelled
    // placeholder wide enough to read, dashed, instead of a sliver.
    let width = max(label.isPlaceholder ? Self.placeholderWidth : 3, scale.x(entry.end) - start - 1)
    let swatch = label.kind.swatch
    let opacity = entry.opacity.isFinite ? min(max(entry.opacity, 0), 1) : 1
    // A clip whose position could not be computed is drawn at zero, outlined in red.
    let isPlaced = entry.start.isValid && entry.end.isValid
    let outline =
      !isPlaced
      ? "stroke=\"\(TimelineStyle.error)\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\""
      : label.isPlaceholder
        ? "stroke=\"\(swatch.stroke)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\""
        : "stroke=\"\(swatch.stroke)\" stroke-opacity=\"0.9\""
    var left = x
    var right = x + width
    for (start, end) in covered {
      if start <= left + 0.5, end > left { left = max(left, end) }
      if end >= right - 0.5, start < right { right = min(right, start) }
    }
    let textX = left + 7
    let available = right - 7 - textX
    let span = TimeText.span(
      TimelineScale.seconds(entry.start), TimelineScale.seconds(entry.end))
    items.append(
      SVG.group(
        "clip \(label.kind.rawValue)",
        [
          SVG.tooltip("\(label.name) — \(label.detail) — \(span)"),
          SVG.rect(
            x: x, y: top, width: width, height: Self.clipHeight, radius: 5, fill: swatch.fill,
            extra: "fill-opacity=\"\(SVGText.number(0.35 + 0.65 * opacity))\" " + outline),
          SVG.rect(
            x: x + 1, y: top + 1, width: width - 2, height: 2, radius: 1, fill: swatch.stroke,
            extra: "fill-opacity=\"0.55\""),
          SVG.text(
            "name", x: textX, y: top + 15,
            SVGText.fitting(
              label.name, width: available, size: TimelineStyle.FontSize.name, bold: true)),
          SVG.text(
            "meta", x: textX, y: top + 27.5,
            SVGText.fitting(label.detail, width: available, size: TimelineStyle.FontSize.meta)),
        ]))
  }

  /// Draws a transition as the overlap it makes (hatched), a fade as a dip through black, and a
  /// rejected transition as a red mark at the cut; the label sits above the boxes.
  private mutating func drawTransition(
    _ entry: TimelineLayout.Entry, _ transition: Transition, overlap: TimeRange, top: Double,
    isRejected: Bool, labelsEnd: inout Double
  ) {
    let kind = TransitionLabel.kind(transition)
    var text = TransitionLabel.text(transition)
    var parts: [String] = [
      SVG.tooltip(
        text + " — "
          + TimeText.span(
            TimelineScale.seconds(entry.start), TimelineScale.seconds(entry.end)))
    ]
    let labelClass: String
    let centre: Double
    if !isRejected, overlap.duration > .zero {
      let x = scale.x(overlap.start)
      let width = max(2, scale.x(overlap.end) - x)
      centre = x + width / 2
      labelClass = "tr"
      parts.append(
        SVG.rect(
          x: x, y: top - 2, width: width, height: Self.clipHeight + 4, radius: 3,
          fill: "url(#hatch)", extra: "stroke=\"#ffffff\" stroke-opacity=\"0.75\""))
    } else if !isRejected, entry.end > entry.start {
      let x = scale.x(entry.start)
      let width = max(2, scale.x(entry.end) - x)
      centre = x + width / 2
      labelClass = "tr"
      parts.append(
        SVG.rect(
          x: x, y: top, width: width, height: Self.clipHeight, radius: 3, fill: "url(#fade)"))
      parts.append(
        SVG.line(
          x1: centre, y1: top - 2, x2: centre, y2: top + Self.clipHeight + 2, stroke: "#ffffff",
          width: 1, extra: "stroke-opacity=\"0.6\" stroke-dasharray=\"2 2\""))
    } else {
      centre = scale.x(entry.start)
      labelClass = "tr-bad"
      text += " ✕"
      parts.append(
        SVG.line(
          x1: centre, y1: top - 3, x2: centre, y2: top + Self.clipHeight + 3,
          stroke: TimelineStyle.error, width: 2))
    }
    // Labels of close transitions would overlap: the later one shortens to its kind, or is
    // left out (its tooltip still names it).
    for candidate in [text, isRejected ? "✕" : kind] {
      let half =
        SVGText.width(of: candidate, size: TimelineStyle.FontSize.transition, bold: true) / 2
      let labelX = min(max(centre, scale.left + half), scale.right - half)
      guard labelX - half >= labelsEnd + 6 else { continue }
      parts.append(SVG.text(labelClass, x: labelX, y: top - 5, candidate, anchor: "middle"))
      labelsEnd = labelX + half
      break
    }
    items.append(SVG.group("transition " + kind, parts))
  }
}
