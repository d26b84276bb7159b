import Foundation
import KadrPersistence

/// Where an audio track plays on the timeline and how loud: its span and its volume envelope.
///
/// It follows kadr's engine (MODEL.md 12.5): the track starts at `startTime` (zero when absent,
/// invalid or negative) and plays until the composition's end, capped by `explicitDuration`,
/// then time-scaled by the speed (when it is in kadr's 0.25…4). A track starting at or after the
/// end is skipped. Fades ramp from and to silence; a volume ramp sets the volume over its range
/// (track-relative) and holds its end volume; ramps that overlap a fade or an earlier ramp are
/// dropped, as the engine drops them. Volumes are clamped to 0…4.
struct AudioEnvelope {
  /// The loudest volume drawn.
  static let maximumVolume = 4.0

  /// Where the track starts, in composition seconds.
  let start: Double
  /// How long it plays, in seconds (zero when skipped).
  let length: Double
  /// Whether the engine skips the track (it starts at or after the composition's end).
  let isSkipped: Bool
  /// The volume at breakpoints, in track-relative seconds, in time order; linear in between.
  let points: [(time: Double, volume: Double)]
  /// The volume while clip audio plays, if the track ducks.
  let duckedVolume: Double?
  /// How many volume ramps the engine drops.
  let droppedRamps: Int

  /// Places `track` in a composition `compositionEnd` seconds long.
  init(_ track: AudioTrack, compositionEnd: Double) {
    let end = compositionEnd.isFinite ? max(0, compositionEnd) : 0
    let start = track.startTime.flatMap(TimelineScale.seconds).map { max(0, $0) } ?? 0
    self.start = start
    isSkipped = start >= end
    var length = isSkipped ? 0 : end - start
    if let cap = track.explicitDuration.flatMap(TimelineScale.seconds), cap >= 0 {
      length = min(length, cap)
    }
    if track.isSpeedRateValid, track.speedRate.isFinite, track.speedRate > 0 {
      length = min(length / track.speedRate, end - start)
    }
    length = max(0, length)
    self.length = length

    let level = Self.clamped(track.volumeLevel)
    let fadeIn = min(length, max(0, TimelineScale.seconds(track.fadeInDuration) ?? 0))
    let fadeOut = min(length - fadeIn, max(0, TimelineScale.seconds(track.fadeOutDuration) ?? 0))
    var ramps: [(start: Double, end: Double, from: Double, to: Double)] = []
    var dropped = 0
    let sorted = track.volumeRamps.compactMap { ramp -> (Double, Double, Double, Double)? in
      guard ramp.range.isValid, let rampStart = TimelineScale.seconds(ramp.range.start),
        let rampEnd = TimelineScale.seconds(ramp.range.end)
      else { return nil }
      return (rampStart, rampEnd, Self.clamped(ramp.startVolume), Self.clamped(ramp.endVolume))
    }
    dropped += track.volumeRamps.count - sorted.count
    for ramp in sorted.sorted(by: { $0.0 < $1.0 }) {
      let overlapsFade =
        (fadeIn > 0 && ramp.0 < fadeIn) || (fadeOut > 0 && ramp.1 > length - fadeOut)
      let overlapsRamp = ramps.last.map { ramp.0 < $0.end } ?? false
      if overlapsFade || overlapsRamp || ramp.0 >= length {
        dropped += 1
      } else {
        // A ramp running past the track's end is cut there, at the volume it has reached.
        let cut = min(ramp.1, length)
        let progress = ramp.1 > ramp.0 ? (cut - ramp.0) / (ramp.1 - ramp.0) : 1
        ramps.append((ramp.0, cut, ramp.2, ramp.2 + (ramp.3 - ramp.2) * progress))
      }
    }
    droppedRamps = dropped
    duckedVolume = track.duckingLevel.map { level * Self.clamped($0) }

    // Breakpoints: silence → level over the fade-in, each ramp (a jump to its start volume, a
    // line to its end volume, then held), and the fade-out to silence.
    var points: [(time: Double, volume: Double)] = [(0, fadeIn > 0 ? 0 : level)]
    var current = level
    if fadeIn > 0 { points.append((fadeIn, level)) }
    for ramp in ramps {
      points.append((ramp.start, current))
      points.append((ramp.start, ramp.from))
      current = ramp.to
      points.append((ramp.end, ramp.to))
    }
    if fadeOut > 0 { points.append((length - fadeOut, current)) }
    points.append((length, fadeOut > 0 ? 0 : current))
    self.points = points
  }

  /// The loudest volume of the envelope (at least 1, so quiet tracks look quiet).
  var peak: Double {
    max(1, points.map(\.volume).max() ?? 1, duckedVolume ?? 0)
  }

  private static func clamped(_ volume: Double) -> Double {
    guard volume.isFinite else { return 0 }
    return min(max(volume, 0), maximumVolume)
  }
}
