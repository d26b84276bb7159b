import Foundation
import KadrModel

/// A kadr speed curve as the points of an FCPXML `timeMap`: where the clip's timeline time
/// meets its media time, with straight lines between.
///
/// kadr plays a curved clip so that the timeline time at source time `s` (from the trim's
/// start) is `∫₀ˢ 1 / curve(u) du`, each sample clamped to ``VideoClip/speedCurveRange``; it
/// integrates with the midpoint rule in steps of 1/600 s of source between keyframes, and
/// exactly where the curve holds (see `VideoClip.duration`). This walks the same steps, so its
/// last point is the clip's own length, and keeps a point at every keyframe plus as few points
/// between them as keep every step within ``tolerance(frameDuration:)`` — a quarter of a
/// frame of media time — of the straight line through its neighbours. So at every frame the
/// media time FCPXML interpolates is within a quarter of a frame of kadr's. Point times are
/// rounded to 1/``timescale`` s.
enum SpeedCurveSampling {
  /// The timescale of the points' times.
  static let timescale: Int32 = 6000

  /// A quarter of a frame, in seconds.
  static func tolerance(frameDuration: Time) -> Double { frameDuration.seconds / 4 }

  /// The points `(timeline, source)` in seconds from the clip's first frame and the trim's
  /// start, from `(0, 0)` to `(length, sourceLength)`; `nil` when a sample is not a number.
  static func points(
    of curve: Animation<Double>, sourceLength: Double, tolerance: Double
  ) -> [(timeline: Double, source: Double)]? {
    let keyframes = curve.keyframes.map { (time: $0.time.seconds, value: $0.value) }
    guard let first = keyframes.first, let last = keyframes.last else {
      return [(0, 0), (sourceLength, sourceLength)]
    }
    guard keyframes.allSatisfy({ !$0.time.isNaN && !$0.value.isNaN }) else { return nil }
    var thinner = Thinner(tolerance: tolerance)
    var timeline = 0.0
    // Held before the first keyframe: one straight line.
    let headEnd = min(sourceLength, first.time)
    if headEnd > 0 {
      timeline += headEnd / clamped(first.value)
      thinner.keep((timeline, headEnd))
    }
    for (a, b) in zip(keyframes, keyframes.dropFirst()) {
      let span = b.time - a.time
      let low = max(0, a.time)
      let high = min(sourceLength, b.time)
      guard span > 0, high > low else { continue }
      let wanted = ((high - low) * 600).rounded(.up)
      let steps = Int(min(100_000, max(1, wanted)))
      let step = (high - low) / Double(steps)
      for index in 0..<steps {
        let midpoint = low + (Double(index) + 0.5) * step
        let value = Double.interpolate(
          a.value, b.value, t: curve.timing.apply((midpoint - a.time) / span))
        guard !value.isNaN else { return nil }
        timeline += step / clamped(value)
        let source = low + Double(index + 1) * step
        if index == steps - 1 {
          thinner.keep((timeline, source))
        } else {
          thinner.add((timeline, source))
        }
      }
    }
    let tailStart = max(0, last.time)
    if sourceLength > tailStart {
      timeline += (sourceLength - tailStart) / clamped(last.value)
    }
    thinner.keep((timeline, sourceLength))
    return thinner.points
  }

  private static func clamped(_ value: Double) -> Double {
    min(max(value, VideoClip.speedCurveRange.lowerBound), VideoClip.speedCurveRange.upperBound)
  }

  /// Keeps the fewest points such that every point added lies within `tolerance` (in source
  /// time) of the straight line between the kept points around it: the line from the last kept
  /// point may take any slope inside the narrowing cone every added point allows.
  private struct Thinner {
    let tolerance: Double
    var points: [(timeline: Double, source: Double)] = [(0, 0)]
    var pending: (timeline: Double, source: Double)?
    var low = -Double.infinity
    var high = Double.infinity

    /// A point that may be dropped.
    mutating func add(_ point: (timeline: Double, source: Double)) {
      let anchor = points[points.count - 1]
      let run = point.timeline - anchor.timeline
      guard run > 0 else { return }
      let slope = (point.source - anchor.source) / run
      if let pending, slope < low || slope > high {
        // The line cannot reach this point: the previous one is kept, and the cone starts over.
        points.append(pending)
        self.pending = nil
        low = -.infinity
        high = .infinity
        add(point)
        return
      }
      low = max(low, (point.source - tolerance - anchor.source) / run)
      high = min(high, (point.source + tolerance - anchor.source) / run)
      pending = point
    }

    /// A point that is kept (a keyframe, the end).
    mutating func keep(_ point: (timeline: Double, source: Double)) {
      add(point)
      if let pending { points.append(pending) }
      pending = nil
      low = -.infinity
      high = .infinity
    }
  }
}
