import Foundation
import KadrPersistence

/// Draws a composition's timeline as an SVG picture, as a non-linear editor shows it.
///
/// From the top: a header with the composition's facts; a time axis with round ticks; a video
/// section with one lane per layer (the main chain, each `at(time:)` clip, each track, nested
/// tracks indented under their parent with a bracket), clips as boxes coloured by kind and
/// transitions as the overlaps they make; one lane per overlay over the time it is visible; a
/// caption lane; one lane per audio track with its volume envelope; a legend; and the layout's
/// issues. Every clip, overlay, caption and audio track is one `<g>` whose class starts with
/// `clip`, `overlay`, `caption` or `audio`. Invalid, negative or huge times are clamped to the
/// drawn span, so any composition gives a well-formed picture.
enum TimelineSVG {
  /// The SVG text of `video`'s timeline.
  static func render(_ video: Video, notes: [String] = []) -> String {
    let layout = video.layout
    let layerEnds = layout.allLayers.compactMap { TimelineScale.seconds($0.end) }
    let end = TimelineScale.seconds(layout.duration) ?? layerEnds.max() ?? 0
    let audio = video.audioTracks.map { ($0, AudioEnvelope($0, compositionEnd: end)) }
    var ends = layerEnds + [end]
    ends += video.overlays.compactMap {
      $0.visibilityRange.flatMap { TimelineScale.seconds($0.end) }
    }
    ends += video.captions.compactMap { TimelineScale.seconds($0.timeRange.end) }
    ends += audio.filter { !$0.1.isSkipped }.map { $0.1.start + $0.1.length }
    let scale = TimelineScale(
      left: TimelineStyle.plotLeft, width: TimelineStyle.plotRight - TimelineStyle.plotLeft,
      extent: ends.filter(\.isFinite).max() ?? 0)

    var canvas = TimelineCanvas(scale: scale, top: TimelineStyle.axisBaseline + 8)
    canvas.addSection("VIDEO")
    canvas.drawLayers(layout.layers, clips: video.clips, issues: layout.issues)
    canvas.drawOverlays(video.overlays, duration: end)
    canvas.drawCaptions(video.captions)
    canvas.drawAudio(audio)
    let lanesBottom = canvas.y - TimelineStyle.laneGap
    canvas.drawLegend()
    canvas.drawIssues(layout.issues, warnings: notes + warnings(video))
    let height = canvas.y + TimelineStyle.margin

    let n = SVGText.number
    var svg = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(TimelineStyle.width))\" "
        + "height=\"\(n(height))\" viewBox=\"0 0 \(n(TimelineStyle.width)) \(n(height))\">",
      TimelineStyle.definitions,
      SVG.rect(
        x: 0, y: 0, width: TimelineStyle.width, height: height, fill: TimelineStyle.background),
    ]
    svg += header(video: video, layout: layout, end: end)
    svg += canvas.backgrounds
    svg += grid(scale, top: TimelineStyle.axisBaseline, bottom: lanesBottom)
    if end < scale.extent - 1e-9 {
      let x = scale.x(end)
      svg.append(
        SVG.rect(
          x: x, y: TimelineStyle.axisBaseline, width: scale.right - x,
          height: lanesBottom - TimelineStyle.axisBaseline, fill: "url(#beyond)"))
    }
    svg += canvas.items
    svg += endMarker(scale, end: end, bottom: lanesBottom)
    svg += canvas.labels
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// What the picture cannot show right: clips of kinds the tool cannot read.
  static func warnings(_ video: Video) -> [String] {
    var unknown: [String: Int] = [:]
    func visit(_ clips: [any Clip]) {
      for clip in clips {
        if let preserved = clip as? PreservedClip {
          unknown[preserved.kindID.rawValue, default: 0] += 1
        }
        if let track = clip as? Track { visit(track.clips) }
      }
    }
    visit(video.clips)
    return unknown.sorted { $0.key < $1.key }.map { kind, count in
      "\(count) clip\(count == 1 ? "" : "s") of kind '\(kind)', which this tool has no codec "
        + "for, \(count == 1 ? "is" : "are") drawn as a placeholder: the length and what follows "
        + "\(count == 1 ? "it" : "them") may be wrong. Kept unchanged in the document."
    }
  }

  /// The number of clips the picture shows: every box, in every lane (not transitions, not the
  /// tracks themselves, which are lanes); `inspect` and `demo` give the same count.
  static func clipCount(_ layout: TimelineLayout) -> Int {
    layout.allLayers.reduce(0) { $0 + $1.entries.count(where: { !$0.isTransition }) }
  }

  /// The title and a line of counts.
  private static func header(video: Video, layout: TimelineLayout, end: Double) -> [String] {
    let layers = layout.allLayers
    let clips = clipCount(layout)
    let transitions = layers.reduce(0) { $0 + $1.entries.count(where: \.isTransition) }
    func count(_ value: Int, _ noun: String) -> String {
      "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
    var facts = [
      layout.duration.isValid ? TimeText.seconds(end) + " long" : "length invalid",
      count(layers.count, "layer"), count(clips, "clip"), count(transitions, "transition"),
      count(video.overlays.count, "overlay"), count(video.captions.count, "caption"),
      count(video.audioTracks.count, "audio track"),
    ]
    if layout.naiveDuration != layout.duration {
      facts.append("kadr's sum " + TimeText.seconds(layout.naiveDuration))
    }
    let x = TimelineStyle.margin + 2
    return [
      SVG.text("h1", x: x, y: 36, "Timeline"),
      SVG.text(
        "sub", x: x, y: 56,
        SVGText.fitting(
          facts.joined(separator: "  ·  "), width: TimelineStyle.width - 2 * x, size: 12)),
    ]
  }

  /// The axis (labelled and minor ticks) and the grid lines through the lanes.
  private static func grid(_ scale: TimelineScale, top: Double, bottom: Double) -> [String] {
    var parts: [String] = []
    for tick in scale.minorTicks {
      let x = scale.x(tick)
      parts.append(
        SVG.line(
          x1: x, y1: top - 4, x2: x, y2: top, stroke: TimelineStyle.muted, width: 1,
          extra: "stroke-opacity=\"0.5\""))
      parts.append(
        SVG.line(x1: x, y1: top + 8, x2: x, y2: bottom, stroke: TimelineStyle.gridMinor, width: 1))
    }
    for tick in scale.ticks {
      let x = scale.x(tick)
      parts.append(
        SVG.line(x1: x, y1: top - 8, x2: x, y2: top, stroke: TimelineStyle.muted, width: 1))
      parts.append(
        SVG.line(x1: x, y1: top + 8, x2: x, y2: bottom, stroke: TimelineStyle.grid, width: 1))
      let label = scale.label(tick)
      let half = SVGText.width(of: label, size: 10) / 2
      let anchor =
        x - half < scale.left - 4 ? "start" : x + half > scale.right + 20 ? "end" : "middle"
      parts.append(SVG.text("tick", x: x, y: top - 12, label, anchor: anchor))
    }
    parts.append(
      SVG.line(
        x1: scale.left, y1: top, x2: scale.right, y2: top, stroke: TimelineStyle.rule, width: 1))
    return parts
  }

  /// A dashed line where the composition ends, flagged with its length on the axis.
  private static func endMarker(_ scale: TimelineScale, end: Double, bottom: Double) -> [String] {
    let x = scale.x(end)
    let top = TimelineStyle.axisBaseline
    let label = "end " + TimeText.seconds(end)
    let width = SVGText.width(of: label, size: 10, bold: true) + 12
    let flagX = min(max(x - width / 2, scale.left - 8), TimelineStyle.width - width - 4)
    return [
      SVG.line(
        x1: x, y1: top - 14, x2: x, y2: bottom, stroke: TimelineStyle.text, width: 1.2,
        extra: "stroke-opacity=\"0.7\" stroke-dasharray=\"5 3\""),
      SVG.rect(
        x: flagX, y: top - 44, width: width, height: 16, radius: 8, fill: "#2d303a",
        extra: "stroke=\"\(TimelineStyle.text)\" stroke-opacity=\"0.5\""),
      SVG.text("end", x: flagX + width / 2, y: top - 32.5, label, anchor: "middle"),
    ]
  }
}
