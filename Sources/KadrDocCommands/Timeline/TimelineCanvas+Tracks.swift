import Foundation
import KadrPersistence

/// The lanes under the video: overlays, captions and audio.
extension TimelineCanvas {
  /// The height of an overlay's or a caption's box.
  static let barHeight = 24.0
  /// The height of an audio track's box.
  static let audioHeight = 52.0

  /// Draws one lane per overlay, with a box over the time it is visible (the whole
  /// composition, `0…duration`, when it has no visibility range).
  mutating func drawOverlays(_ overlays: [any Overlay], duration: Double) {
    guard !overlays.isEmpty else { return }
    addSection("OVERLAYS")
    for overlay in overlays {
      let label = OverlayLabel(overlay)
      let range = overlay.visibilityRange
      let start = range.flatMap { TimelineScale.seconds($0.start) } ?? 0
      let end = range.flatMap { TimelineScale.seconds($0.end) } ?? (range == nil ? duration : start)
      let span = range == nil ? "whole composition" : TimeText.span(start, end)
      let id = overlay.layerID?.rawValue
      let name = id.flatMap { $0.isEmpty ? nil : $0 } ?? label.content
      let top = addLane(
        height: Self.barHeight + 10, name: name, meta: "\(label.kind) overlay · \(span)")
      let detail = name == label.content ? span : label.content + " · " + span
      drawBar(
        className: "overlay", swatch: TimelineStyle.overlay, start: start, end: end,
        top: top + 5, text: detail, tooltip: "\(name) — \(label.kind) overlay — \(span)")
    }
  }

  /// Draws one lane with a box per caption.
  mutating func drawCaptions(_ captions: [Caption]) {
    guard !captions.isEmpty else { return }
    addSection("CAPTIONS")
    let top = addLane(
      height: Self.barHeight + 10, name: "Captions",
      meta: "\(captions.count) cue\(captions.count == 1 ? "" : "s")")
    for caption in captions {
      let start = TimelineScale.seconds(caption.timeRange.start) ?? 0
      let end = TimelineScale.seconds(caption.timeRange.end) ?? start
      drawBar(
        className: "caption", swatch: TimelineStyle.caption, start: start, end: end,
        top: top + 5, text: caption.text,
        tooltip: caption.text + " — " + TimeText.span(start, end))
    }
  }

  /// A one-line box from `start` to `end` seconds, as one group of `className`.
  private mutating func drawBar(
    className: String, swatch: TimelineStyle.Swatch, start: Double, end: Double, top: Double,
    text: String, tooltip: String
  ) {
    let x = scale.x(start)
    let width = max(3, scale.x(end) - x)
    items.append(
      SVG.group(
        className,
        [
          SVG.tooltip(tooltip),
          SVG.rect(
            x: x, y: top, width: width, height: Self.barHeight, radius: 5, fill: swatch.fill,
            extra: "fill-opacity=\"0.9\" stroke=\"\(swatch.stroke)\" stroke-opacity=\"0.9\""),
          SVG.text(
            "meta", x: x + 7, y: top + 16,
            SVGText.fitting(text, width: width - 14, size: TimelineStyle.FontSize.meta)),
        ]))
  }

  /// Draws one lane per audio track: its span, and its volume over time as an envelope (fades,
  /// ramps), with the ducked level dashed.
  mutating func drawAudio(_ tracks: [(track: AudioTrack, envelope: AudioEnvelope)]) {
    guard !tracks.isEmpty else { return }
    addSection("AUDIO")
    for (track, envelope) in tracks {
      let file = track.url.lastPathComponent.isEmpty ? "audio" : track.url.lastPathComponent
      let span = TimeText.span(envelope.start, envelope.start + envelope.length)
      let top = addLane(
        height: Self.audioHeight + 10, name: file,
        meta: "audio · " + (envelope.isSkipped ? "skipped" : span))
      let boxTop = top + 5
      var parts = [
        SVG.tooltip(file + " — " + Self.facts(of: track, envelope).joined(separator: ", "))
      ]
      if envelope.isSkipped {
        let x = scale.x(envelope.start)
        parts.append(
          SVG.line(
            x1: x, y1: boxTop, x2: x, y2: boxTop + Self.audioHeight, stroke: TimelineStyle.error,
            width: 2))
        parts.append(
          SVG.text(
            "tr-bad", x: x - 6, y: boxTop + 30, "starts after the end: skipped",
            anchor: "end"))
      } else {
        parts += envelopeParts(envelope, track: track, top: boxTop)
      }
      items.append(SVG.group("audio", parts))
    }
  }

  /// The box, the envelope and the detail line of a track that plays.
  private func envelopeParts(_ envelope: AudioEnvelope, track: AudioTrack, top: Double)
    -> [String]
  {
    let swatch = TimelineStyle.audio
    let x = scale.x(envelope.start)
    let width = max(3, scale.x(envelope.start + envelope.length) - x)
    let floor = top + Self.audioHeight - 4
    let room = Self.audioHeight - 24
    let peak = envelope.peak
    func y(_ volume: Double) -> Double { floor - min(volume, peak) / peak * room }
    let points = envelope.points.map { (x: scale.x(envelope.start + $0.time), y: y($0.volume)) }
    let n = SVGText.number
    let line = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    var parts = [
      SVG.rect(
        x: x, y: top, width: width, height: Self.audioHeight, radius: 5, fill: swatch.fill,
        extra: "fill-opacity=\"0.35\" stroke=\"\(swatch.stroke)\" stroke-opacity=\"0.55\""),
      SVG.line(
        x1: x + 1, y1: y(1), x2: x + width - 1, y2: y(1), stroke: "#ffffff", width: 1,
        extra: "stroke-opacity=\"0.12\""),
      "<polygon points=\"\(n(x)),\(n(floor)) \(line) \(n(x + width)),\(n(floor))\" "
        + "fill=\"\(swatch.stroke)\" fill-opacity=\"0.22\"/>",
      "<polyline points=\"\(line)\" fill=\"none\" stroke=\"\(swatch.stroke)\" "
        + "stroke-width=\"1.6\" stroke-linejoin=\"round\"/>",
    ]
    if let ducked = envelope.duckedVolume {
      parts.append(
        SVG.line(
          x1: x + 1, y1: y(ducked), x2: x + width - 1, y2: y(ducked), stroke: swatch.stroke,
          width: 1, extra: "stroke-opacity=\"0.7\" stroke-dasharray=\"3 3\""))
    }
    let detail = Self.facts(of: track, envelope).joined(separator: " · ")
    parts.append(
      SVG.text(
        "meta", x: x + 7, y: top + 14,
        SVGText.fitting(detail, width: width - 14, size: TimelineStyle.FontSize.meta)))
    return parts
  }

  /// What is worth knowing about a track's sound, in a few words.
  private static func facts(of track: AudioTrack, _ envelope: AudioEnvelope) -> [String] {
    var facts = ["volume " + TimeText.plain(track.volumeLevel)]
    let fadeIn = TimelineScale.seconds(track.fadeInDuration) ?? 0
    let fadeOut = TimelineScale.seconds(track.fadeOutDuration) ?? 0
    if fadeIn > 0 { facts.append("fade in " + TimeText.seconds(fadeIn)) }
    if fadeOut > 0 { facts.append("fade out " + TimeText.seconds(fadeOut)) }
    let ramps = track.volumeRamps.count
    if ramps > 0 {
      facts.append(
        "\(ramps) ramp\(ramps == 1 ? "" : "s")"
          + (envelope.droppedRamps > 0 ? " (\(envelope.droppedRamps) dropped)" : ""))
    }
    if let ducking = track.duckingLevel {
      facts.append("ducks to " + TimeText.plain(ducking * 100) + "%")
    }
    if let crossfade = track.crossfadeDuration.flatMap(TimelineScale.seconds), crossfade > 0 {
      facts.append("crossfade " + TimeText.seconds(crossfade))
    }
    if track.speedRate != 1 { facts.append("×" + TimeText.plain(track.speedRate)) }
    return facts
  }
}
